import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVisitTask, createProperty, createTask, createUser, createVisit, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

// An amount that does not fit numeric(12,2), or a total past what a JavaScript number holds
// exactly, is refused with 400 and the field before anything is written; nothing is paid
// without a payment that covers it.

let t: TestApp;
let owner: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Cap Place' })).id;
});
afterAll(async () => {
  await t.close();
});

const invoiceCount = async () => {
  const result = await t.db.execute(sql`select count(*)::int as n from invoices`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

const line = (quantity: number, unitPrice: number) => ({ description: 'Big', quantity, unitPrice });

describe('money fits its column', () => {
  it('refuses a line of 10,000 × 99,999,999,999 with 400 on items, and stores nothing', async () => {
    const before = await invoiceCount();
    const response = await apiAs(t, owner.cookie).post('/invoices', {
      json: { propertyId, items: [line(10000, 99_999_999_999)] },
    });
    const body = await refusal(response, 400);
    expect(Object.keys(body.error.fields ?? {}).join(' ')).toMatch(/items/);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses lines that add up past the cap with 400, stores nothing, and the list and CSV still answer', async () => {
    const before = await invoiceCount();
    // 50 lines at the cap: each fits, their sum does not.
    const items = Array.from({ length: 50 }, () => line(1, 99_999_999_999));
    const response = await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, items } });
    const body = await refusal(response, 400);
    expect(body.error.fields).toEqual({ items: 'The invoice’s total must be at most $999,999,999.99' });
    expect(await invoiceCount()).toBe(before);
    expect((await apiAs(t, owner.cookie).get('/invoices')).status).toBe(200);
    const csv = await apiAs(t, owner.cookie).get('/invoices.csv');
    expect(csv.status).toBe(200);
  });

  it('refuses visits whose tasks add up past the cap, on create and on change, with 400 on visitIds', async () => {
    const visitIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const visit = await createVisit(t, propertyId, { lead: owner, status: 'completed' });
      const task = await createTask(t, owner, { name: `Costly ${i}` });
      await addVisitTask(t, visit.id, task.id, { price: 50_000_000_000, status: 'completed' });
      visitIds.push(visit.id);
    }
    const before = await invoiceCount();
    const created = await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds } });
    expect((await refusal(created, 400)).error.fields).toHaveProperty('visitIds');
    expect(await invoiceCount()).toBe(before);

    const draft = await json(
      await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds: [visitIds[0]] } }),
      201,
    );
    const changed = await apiAs(t, owner.cookie).patch('/invoices/:id', {
      param: { id: draft.id },
      json: { visitIds },
    });
    expect(changed.status).toBe(400);
    const after = await json(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id: draft.id } }), 200);
    expect(after.visits.map((visit) => visit.id)).toEqual([visitIds[0]]);
    await apiAs(t, owner.cookie).del('/invoices/:id', { param: { id: draft.id } });
  });
});

describe('the cap is named in the business currency', () => {
  it('a German business is told 999.999.999,99 € for a line and for a total; a US one $999,999,999.99', async () => {
    const berlin = await createUser(t);
    await json(
      await apiAs(t, berlin.cookie).patch('/workspaces/:id', {
        param: { id: berlin.workspaceId },
        json: { country: 'DE', locale: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' },
      }),
      200,
    );
    const place = (await createProperty(t, berlin, { name: 'Haus am See' })).id;
    const cap = '999.999.999,99\u00a0€';

    const line = await t.request('/api/invoices', {
      cookie: berlin.cookie,
      body: { propertyId: place, items: [{ description: 'Big', quantity: 10000, unitPrice: 99_999_999_999 }] },
    });
    expect((await refusal(line, 400)).error.fields).toEqual({
      'items.0.unitPrice': `A line’s amount (quantity × unit price) must be at most ${cap}`,
    });
    const items = Array.from({ length: 50 }, () => ({ description: 'Big', quantity: 1, unitPrice: 99_999_999_999 }));
    const total = await t.request('/api/invoices', { cookie: berlin.cookie, body: { propertyId: place, items } });
    expect((await refusal(total, 400)).error).toMatchObject({
      message: `The invoice’s total must be at most ${cap}`,
      fields: { items: `The invoice’s total must be at most ${cap}` },
    });
    // A draft's change is refused in the same words.
    const draft = await json(await apiAs(t, berlin.cookie).post('/invoices', { json: { propertyId: place } }), 201);
    const changed = await t.request(`/api/invoices/${draft.id}`, {
      method: 'PATCH',
      cookie: berlin.cookie,
      body: { items },
    });
    expect((await refusal(changed, 400)).error.message).toBe(`The invoice’s total must be at most ${cap}`);

    // The US business (the owner's, en-US and USD) keeps the text it always had.
    const us = await t.request('/api/invoices', {
      cookie: owner.cookie,
      body: { propertyId, items: [{ description: 'Big', quantity: 10000, unitPrice: 99_999_999_999 }] },
    });
    expect(Object.values((await refusal(us, 400)).error.fields ?? {})).toEqual([
      'A line’s amount (quantity × unit price) must be at most $999,999,999.99',
    ]);
  });
});

describe('paid means paid', () => {
  it('an invoice created as paid carries a payment of its whole total', async () => {
    const visit = await createVisit(t, propertyId, { lead: owner, status: 'completed' });
    const task = await createTask(t, owner, { name: 'Paid job' });
    await addVisitTask(t, visit.id, task.id, { price: 10_000, status: 'completed' });
    const invoice = await json(
      await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds: [visit.id], status: 'paid' } }),
      201,
    );
    expect(invoice.status).toBe('paid');
    expect(invoice.amountPaid).toBe(invoice.total);
    expect(invoice.payments.reduce((sum, payment) => sum + payment.amount, 0)).toBe(10_800);
  });

  it('an invoice with nothing to pay cannot be created or marked paid', async () => {
    const before = await invoiceCount();
    const created = await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, status: 'paid' } });
    expect(created.status).toBe(409);
    expect(await invoiceCount()).toBe(before);
    const draft = await json(await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId } }), 201);
    for (const attempt of [
      apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id: draft.id }, json: { status: 'paid' } }),
      apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', { param: { id: draft.id }, json: {} }),
    ]) {
      const response = await attempt;
      expect((await refusal(response, 409)).error.message).toBe(
        'This invoice has nothing to pay, so it cannot be paid',
      );
    }
    const after = await json(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id: draft.id } }), 200);
    expect(after.status).toBe('draft');
  });
});
