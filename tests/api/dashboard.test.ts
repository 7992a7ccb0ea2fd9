import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../../src/server/db/schema';
import {
  addMember,
  billVisit,
  createInvoiceRow,
  createProperty,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// The dashboard's numbers, each the count of a list a link opens.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const dashboard = async (user: TestUser) => json(await apiAs(t, user.cookie).get('/dashboard'), 200);

/** Today in UTC (the workspace's zone below), at `hour` o'clock. */
const todayAt = (hour: number) => {
  const day = new Date();
  day.setUTCHours(hour, 0, 0, 0);
  return day;
};
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
const dayString = (date: Date) => date.toISOString().slice(0, 10);

describe('GET /api/dashboard', () => {
  it('counts the office’s day, what is unbilled, overdue and paid this month; a technician sees their own day and no money', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    await addMember(t, owner.workspaceId, tech, 'technician');
    await t.db.update(workspaces).set({ timeZone: 'UTC' }).where(eq(workspaces.id, owner.workspaceId));
    const property = await createProperty(t, owner, {}, [tech]);
    const empty = await dashboard(owner);
    expect(empty).toEqual({
      today: { done: 0, total: 0 },
      money: { unbilledVisits: 0, overdue: { count: 0, amount: 0 }, paidThisMonth: { count: 0, amount: 0 } },
    });

    // Today: two of the technician's (one done), one of the owner's, one cancelled (not counted).
    await createVisit(t, property.id, { lead: tech, scheduledAt: todayAt(0), status: 'completed' });
    await createVisit(t, property.id, { lead: tech, scheduledAt: todayAt(23) });
    await createVisit(t, property.id, { lead: owner, scheduledAt: todayAt(12) });
    await createVisit(t, property.id, { lead: owner, scheduledAt: todayAt(13), status: 'cancelled' });
    // Not today: tomorrow's, and last week's completed one.
    await createVisit(t, property.id, { lead: owner, scheduledAt: daysFromNow(2) });
    const billed = await createVisit(t, property.id, {
      lead: owner,
      scheduledAt: daysFromNow(-7),
      status: 'completed',
    });
    const invoice = await createInvoiceRow(t, property.id, { status: 'sent', total: 12345, subtotal: 12345 });
    await billVisit(t, invoice.id, billed.id);

    // Overdue: sent and past due (counted with what it asks); a sent one not yet due is not.
    await createInvoiceRow(t, property.id, {
      status: 'sent',
      dueDate: dayString(daysFromNow(-3)),
      subtotal: 5000,
      total: 5000,
    });
    await createInvoiceRow(t, property.id, {
      status: 'sent',
      dueDate: dayString(daysFromNow(3)),
      subtotal: 700,
      total: 700,
    });
    // Paid: this month counts; one paid long ago does not.
    await createInvoiceRow(t, property.id, { status: 'paid', paidAt: new Date(), subtotal: 2500, total: 2500 });
    await createInvoiceRow(t, property.id, {
      status: 'paid',
      paidAt: daysFromNow(-60),
      subtotal: 9900,
      total: 9900,
    });

    expect(await dashboard(owner)).toEqual({
      today: { done: 1, total: 3 },
      money: {
        unbilledVisits: 1,
        overdue: { count: 1, amount: 5000 },
        paidThisMonth: { count: 1, amount: 2500 },
      },
    });
    expect(await dashboard(tech)).toEqual({ today: { done: 1, total: 2 }, money: null });

    // Another business's numbers are its own.
    const stranger = await createUser(t);
    expect((await dashboard(stranger)).today).toEqual({ done: 0, total: 0 });
  });

  it('the lists behind the numbers: today’s visits and the unbilled ones (the office’s alone)', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    await addMember(t, owner.workspaceId, tech, 'technician');
    const property = await createProperty(t, owner, {}, [tech]);
    const unbilled = await createVisit(t, property.id, {
      lead: tech,
      scheduledAt: daysFromNow(-1),
      status: 'completed',
    });
    const billed = await createVisit(t, property.id, { lead: tech, scheduledAt: daysFromNow(-2), status: 'completed' });
    const invoice = await createInvoiceRow(t, property.id, { status: 'sent' });
    await billVisit(t, invoice.id, billed.id);
    await createVisit(t, property.id, { lead: tech, scheduledAt: daysFromNow(-3) });

    const list = await json(await apiAs(t, owner.cookie).get('/visits', { query: { unbilled: 'true' } }), 200);
    expect(list).toMatchObject({ total: 1, items: [{ id: unbilled.id }] });
    const refused = await refusal(await apiAs(t, tech.cookie).get('/visits', { query: { unbilled: 'true' } }), 403);
    expect(refused.error.message).toBe('Only owners and managers can see which visits are not invoiced');
  });
});
