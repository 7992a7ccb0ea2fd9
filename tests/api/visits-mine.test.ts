import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  billVisit,
  addVisitTask,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

// GET /api/visits/mine?from=&to= feeds the Today view: the caller's own visits in the
// window, any still in progress from before it, never cancelled ones, each with its tasks.

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

const FROM = '2031-03-03T00:00:00.000Z';
const TO = '2031-03-10T00:00:00.000Z';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  // The technician also works for another business; their current workspace is the owner's.
  await addMember(t, stranger.workspaceId, tech, 'technician');
  const elsewhere = await createProperty(t, stranger, { name: 'Other Business Lodge' });
  const property = await createProperty(t, owner, { name: 'Today Terrace', address: '5 Dawn Rd' }, [tech]);
  const mine = (scheduledAt: string, status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled' = 'scheduled') =>
    createVisit(t, property.id, { lead: tech, scheduledAt: at(scheduledAt), status });

  ids.first = (await mine(FROM)).id; // the window's first instant: in
  ids.assisting = (
    await createVisit(t, property.id, { lead: owner, assistants: [tech], scheduledAt: at('2031-03-05T09:00:00Z') })
  ).id;
  ids.lastDay = (await mine('2031-03-09T23:59:00Z')).id;
  ids.startedEarlier = (await mine('2031-02-20T10:00:00Z', 'in_progress')).id;
  ids.doneEarlier = (await mine('2031-02-21T10:00:00Z', 'completed')).id;
  ids.missedEarlier = (await mine('2031-02-22T10:00:00Z')).id;
  ids.cancelled = (await mine('2031-03-04T10:00:00Z', 'cancelled')).id;
  ids.atTo = (await mine(TO)).id; // the window's end: out
  ids.ownersOnly = (await createVisit(t, property.id, { lead: owner, scheduledAt: at('2031-03-06T09:00:00Z') })).id;
  // On a visit of the other business: not shown while the owner's workspace is the current one.
  const hidden = await createVisit(t, elsewhere.id, {
    lead: stranger,
    assistants: [tech],
    scheduledAt: at('2031-03-07T09:00:00Z'),
  });
  ids.hidden = hidden.id;

  const sweep = await createTask(t, owner, { name: 'Sweep porch' });
  const gutters = await createTask(t, owner, { name: 'Clear gutters' });
  await addVisitTask(t, ids.first, sweep.id, { price: 2500 });
  await addVisitTask(t, ids.first, gutters.id, { status: 'completed', completedAt: new Date() });
  await addVisitTask(t, ids.assisting, sweep.id);

  const invoice = await createInvoiceRow(t, property.id, { invoiceNumber: 'INV-2031001' });
  await billVisit(t, invoice.id, ids.assisting);
});
afterAll(async () => {
  await t.close();
});

const mine = (user: TestUser, query: Record<string, string> = { from: FROM, to: TO }) =>
  apiAs(t, user.cookie).get('/visits/mine', { query });

describe('GET /api/visits/mine', () => {
  it('lists the caller’s visits in [from, to) and those still in progress from before, soonest first', async () => {
    const { items } = await json(await mine(tech), 200);
    expect(items.map((visit) => visit.id)).toEqual([ids.startedEarlier, ids.first, ids.assisting, ids.lastDay]);
  });

  it('gives each visit in full: property, people, tasks with versions, role and what may be done', async () => {
    const { items } = await json(await mine(tech), 200);
    const first = items.find((visit) => visit.id === ids.first)!;
    expect(first).toMatchObject({
      status: 'scheduled',
      version: 1,
      property: { name: 'Today Terrace', address: '5 Dawn Rd' },
      people: [{ userId: tech.id, role: 'lead' }],
      myRole: 'lead',
      // A technician works the visit: status and ticks, no schedule, no prices.
      can: {
        changeStatus: true,
        tickTasks: true,
        edit: false,
        manageTasks: false,
        seeInvoices: false,
        seePrices: false,
      },
      invoices: [],
    });
    expect(first.tasks.map((task) => [task.name, task.status, task.version, task.price])).toEqual([
      ['Sweep porch', 'pending', 1, null],
      ['Clear gutters', 'completed', 1, null],
    ]);
    const assisting = items.find((visit) => visit.id === ids.assisting)!;
    expect(assisting.myRole).toBe('assistant');
    expect(assisting.tasks.map((task) => task.name)).toEqual(['Sweep porch']);
    // A technician does not see invoices, not even on the Today view.
    expect(assisting.invoices).toEqual([]);
  });

  it('answers the same details as GET /api/visits/:id', async () => {
    const { items } = await json(await mine(owner), 200);
    const assisting = items.find((visit) => visit.id === ids.assisting)!;
    expect(assisting.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['INV-2031001']);
    const detail = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: ids.assisting! } }), 200);
    expect(assisting).toEqual(detail);
  });

  it('lists only the caller’s visits in their current workspace: the owner gets theirs, an unassigned admin nothing', async () => {
    const { items } = await json(await mine(owner), 200);
    expect(items.map((visit) => visit.id)).toEqual([ids.assisting, ids.ownersOnly]);
    // The other business's owner sees their own visit; the technician sees it there too.
    expect((await json(await mine(stranger), 200)).items.map((visit) => visit.id)).toEqual([ids.hidden]);
    const there = await apiAs(t, tech.cookie).get('/visits/mine', {
      query: { from: FROM, to: TO },
      headers: { 'x-workspace': stranger.workspaceId },
    });
    expect((await json(there, 200)).items.map((visit) => visit.id)).toEqual([ids.hidden]);
    expect(await json(await mine(admin), 200)).toEqual({ items: [] });
  });

  it('validates the window', async () => {
    expect((await mine(tech, { from: FROM })).status).toBe(400);
    const backwards = await refusal(await mine(tech, { from: TO, to: FROM }), 400);
    expect(backwards.error.fields).toMatchObject({ to: 'To must be after from' });
    const long = await refusal(await mine(tech, { from: FROM, to: '2031-05-01T00:00:00Z' }), 400);
    expect(long.error.fields).toMatchObject({ to: 'The window is at most 31 days' });
    expect((await mine(tech, { from: 'yesterday', to: TO })).status).toBe(400);
  });

  it('refuses instants outside the years 1–9999 with 400, as scheduledAt (they were a 500)', async () => {
    // '0000-…' and a UTC year 10000 reached the query as texts PostgreSQL cannot read.
    const early = await refusal(await mine(tech, { from: '0000-12-31T00:00:00Z', to: '0001-01-02T00:00:00Z' }), 400);
    expect(early.error.fields).toMatchObject({ from: 'From must be a date and time' });
    const late = await refusal(
      await mine(tech, { from: '9999-12-30T00:00:00Z', to: '9999-12-31T23:00:00-05:00' }),
      400,
    );
    expect(late.error.fields).toMatchObject({ to: 'To must be a date and time' });
    // The edges themselves are fine.
    await json(await mine(tech, { from: '0001-01-01T00:00:00Z', to: '0001-01-02T00:00:00Z' }), 200);
    await json(await mine(tech, { from: '9999-12-30T00:00:00Z', to: '9999-12-31T23:59:59.999Z' }), 200);
  });

  it('is for signed-in users only', async () => {
    expect((await t.request(`/api/visits/mine?from=${FROM}&to=${TO}`)).status).toBe(401);
  });
});
