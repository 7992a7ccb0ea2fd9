import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/server/db/schema';
import type { InvoiceDetailDto } from '../../src/shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../src/shared/messages/invoices';
import {
  addMember,
  addVisitTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

// Payments against an invoice, paid invoices locked, void with a reason, and the due date's blank.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  propertyId = (await createProperty(t, owner, { name: 'Payment Place', address: '9 Till Road' }, [tech])).id;
});
afterAll(async () => {
  await t.close();
});

/** A completed visit of the property with one completed task at `price` cents, assistants on it. */
async function completedVisit(price: number, assistants: TestUser[] = []) {
  const visit = await createVisit(t, propertyId, { lead: owner, assistants, status: 'completed' });
  const task = await createTask(t, owner, { name: `Job ${Math.random().toString(36).slice(2, 7)}` });
  await addVisitTask(t, visit.id, task.id, { price, status: 'completed' });
  return visit;
}

/** An invoice (sent unless told) of one visit whose task costs `price`; total = price + 8 % tax. */
async function invoiceOf(price: number, status = 'sent', assistants: TestUser[] = []) {
  const visit = await completedVisit(price, assistants);
  const invoice = await json(
    await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds: [visit.id], status } }),
    201,
  );
  return { invoice, visit };
}

const pay = (id: string, body: Record<string, unknown>, user: TestUser = owner) =>
  apiAs(t, user.cookie).post('/invoices/:id/payments', { param: { id }, json: body });
const detail = (id: string, user: TestUser = owner) => apiAs(t, user.cookie).get('/invoices/:id', { param: { id } });

describe('payments', () => {
  it('a partial payment leaves a balance; the rest makes it paid with a balance of 0', async () => {
    const { invoice } = await invoiceOf(10000); // total 10800
    expect(invoice).toMatchObject({ total: 10800, amountPaid: 0, balanceDue: 10800, payments: [] });
    expect(invoice.can).toMatchObject({ recordPayment: true, void: true, edit: true, delete: true });

    const partial = await json(
      await pay(invoice.id, { amount: 4000, paidAt: '2030-07-01', method: 'check', reference: 'Cheque 1042' }),
      201,
    );
    expect(partial).toMatchObject({ status: 'sent', amountPaid: 4000, balanceDue: 6800, paidAt: null });
    expect(partial.payments).toEqual([
      expect.objectContaining({ amount: 4000, paidAt: '2030-07-01', method: 'check', reference: 'Cheque 1042' }),
    ]);
    expect(partial.payments[0]?.recordedByName).toBe('Olive Owner');
    // Money received stays on record: an invoice with payments is voided, not deleted.
    expect(partial.can).toMatchObject({ delete: false, edit: true });

    const paid = await json(
      await pay(invoice.id, { amount: 6800, paidAt: '2030-07-02', method: 'bank_transfer', reference: null }, manager),
      201,
    );
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 10800, balanceDue: 0 });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.payments.map((payment) => payment.amount)).toEqual([4000, 6800]);
    expect(paid.can).toMatchObject({ recordPayment: false, markPaid: false, edit: false, delete: false, void: true });

    // The list answers the same figures.
    const list = await json(
      await apiAs(t, owner.cookie).get('/invoices', { query: { q: invoice.invoiceNumber } }),
      200,
    );
    expect(list.items[0]).toMatchObject({ id: invoice.id, status: 'paid', amountPaid: 10800, balanceDue: 0 });
  });

  it('refuses a payment over the balance, a non-positive or fractional amount and an unknown method', async () => {
    const { invoice } = await invoiceOf(5000); // 5400
    await json(await pay(invoice.id, { amount: 5000, paidAt: '2030-07-01', method: 'cash' }), 201);
    const over = await refusal(await pay(invoice.id, { amount: 401, paidAt: '2030-07-01', method: 'cash' }), 409);
    expect(over.error.message).toBe(INVOICE_MESSAGES.overpaid('$4.00'));
    for (const body of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 12.5, method: 'cash' },
      { amount: '100', method: 'cash' },
    ]) {
      const refused = await refusal(await pay(invoice.id, body), 400);
      expect(refused.error.fields?.amount).toBe(INVOICE_MESSAGES.paymentAmountInvalid);
    }
    const method = await refusal(await pay(invoice.id, { amount: 100, method: 'bitcoin' }), 400);
    expect(method.error.fields?.method).toBe(INVOICE_MESSAGES.paymentMethodInvalid);
    const date = await refusal(await pay(invoice.id, { amount: 100, paidAt: '2030-02-30' }), 400);
    expect(date.error.fields?.paidAt).toBe(INVOICE_MESSAGES.paymentDateInvalid);
    // Nothing changed.
    expect(await json(await detail(invoice.id), 200)).toMatchObject({
      amountPaid: 5000,
      balanceDue: 400,
    });
    // Paid in full: nothing more can be paid.
    await json(await pay(invoice.id, { amount: 400 }), 201);
    const more = await refusal(await pay(invoice.id, { amount: 1 }), 409);
    expect(more.error.message).toBe(INVOICE_MESSAGES.nothingDue);
  });

  it("defaults the day to today and the method to 'other'; a draft's first payment freezes it as sent", async () => {
    const { invoice } = await invoiceOf(2000, 'draft'); // 2160
    const paid = await json(await pay(invoice.id, { amount: 160 }), 201);
    expect(paid).toMatchObject({ status: 'sent', frozen: true, balanceDue: 2000 });
    expect(paid.payments[0]).toMatchObject({ method: 'other', reference: null });
    expect(paid.payments[0]?.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses paying a cancelled or void invoice', async () => {
    const { invoice: cancelled } = await invoiceOf(1000, 'cancelled');
    expect((await refusal(await pay(cancelled.id, { amount: 100 }), 409)).error.message).toBe(
      INVOICE_MESSAGES.cancelledCannotTakePayment,
    );
    const { invoice } = await invoiceOf(1000);
    await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/void', {
        param: { id: invoice.id },
        json: { reason: 'Wrong client' },
      }),
      200,
    );
    expect((await refusal(await pay(invoice.id, { amount: 100 }), 409)).error.message).toBe(
      INVOICE_MESSAGES.voidCannotTakePayment,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'two payments at once cannot overpay (the invoice row is locked)',
    async () => {
      const { invoice } = await invoiceOf(10000); // 10800
      const answers = await Promise.all(
        [6000, 6000, 6000].map((amount) => pay(invoice.id, { amount, paidAt: '2030-07-01', method: 'card' })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      const after = await json(await detail(invoice.id), 200);
      expect(after).toMatchObject({ amountPaid: 6000, balanceDue: 4800, status: 'sent' });
      // The rest, twice at once: one pays it, the other is told nothing is left.
      const rest = await Promise.all([4800, 4800].map((amount) => pay(invoice.id, { amount })));
      expect(rest.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await json(await detail(invoice.id), 200)).toMatchObject({
        amountPaid: 10800,
        balanceDue: 0,
        status: 'paid',
      });
    },
  );
});

describe("'Mark as Paid'", () => {
  it("records the whole balance as a payment dated today (method 'other'), after a partial one", async () => {
    const { invoice } = await invoiceOf(3000); // 3240
    await json(await pay(invoice.id, { amount: 1240, paidAt: '2030-07-01', method: 'cash' }), 201);
    const paid = await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', { param: { id: invoice.id }, json: {} }),
      200,
    );
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 3240, balanceDue: 0 });
    expect(paid.payments).toContainEqual(expect.objectContaining({ amount: 2000, method: 'other' }));
    // No body at all works too (the spec's button); a method may be given.
    const { invoice: other } = await invoiceOf(1000);
    const bare = await t.app.request(`/api/invoices/${other.id}/mark-paid`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie },
    });
    // Sent without a body or content type, which the typed client cannot do.
    expect(await json<InvoiceDetailDto>(bare, 200)).toMatchObject({ status: 'paid', amountPaid: 1080 });
    const { invoice: third } = await invoiceOf(1000);
    const byCard = await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', {
        param: { id: third.id },
        json: { method: 'card' },
      }),
      200,
    );
    expect(byCard.payments).toEqual([expect.objectContaining({ amount: 1080, method: 'card' })]);
  });

  it('setting the status to paid in the form does the same', async () => {
    const { invoice } = await invoiceOf(1000);
    const paid = await json(
      await apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id: invoice.id }, json: { status: 'paid' } }),
      200,
    );
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 1080, balanceDue: 0 });
  });
});

describe('a paid invoice is locked; void is the way out', () => {
  it('refuses editing or deleting a paid invoice (409 with why)', async () => {
    const { invoice } = await invoiceOf(1000);
    await json(await pay(invoice.id, { amount: 1080 }), 201);
    for (const body of [{ dueDate: '2031-01-01' }, { status: 'sent' }, { dueDate: null }]) {
      const refused = await apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id: invoice.id }, json: body });
      expect((await refusal(refused, 409)).error.message).toBe(INVOICE_MESSAGES.paidLocked);
    }
    const deleted = await apiAs(t, owner.cookie).del('/invoices/:id', { param: { id: invoice.id } });
    expect((await refusal(deleted, 409)).error.message).toBe(INVOICE_MESSAGES.paidLocked);
    expect(await json(await detail(invoice.id), 200)).toMatchObject({ status: 'paid' });
  });

  it('refuses deleting a partly paid invoice, and moving it back to draft', async () => {
    const { invoice } = await invoiceOf(1000);
    await json(await pay(invoice.id, { amount: 80 }), 201);
    const deleted = await apiAs(t, owner.cookie).del('/invoices/:id', { param: { id: invoice.id } });
    expect((await refusal(deleted, 409)).error.message).toBe(INVOICE_MESSAGES.hasPaymentsCannotDelete);
    const back = await apiAs(t, owner.cookie).patch('/invoices/:id', {
      param: { id: invoice.id },
      json: { status: 'draft' },
    });
    expect((await refusal(back, 409)).error.message).toBe(INVOICE_MESSAGES.hasPaymentsStatus);
    // Its due date can still change.
    await json(
      await apiAs(t, owner.cookie).patch('/invoices/:id', {
        param: { id: invoice.id },
        json: { dueDate: '2031-02-01' },
      }),
      200,
    );
  });

  it('voids a paid invoice with a reason: kept with its payments, its visits billable again, in no totals', async () => {
    const { invoice, visit } = await invoiceOf(2500); // 2700
    await json(await pay(invoice.id, { amount: 2700, paidAt: '2030-07-01' }), 201);
    const missing = await apiAs(t, owner.cookie).post('/invoices/:id/void', {
      param: { id: invoice.id },
      json: { reason: '  ' },
    });
    expect((await refusal(missing, 400)).error.fields?.reason).toBe(INVOICE_MESSAGES.voidReasonRequired);
    const voided = await json(
      await apiAs(t, manager.cookie).post('/invoices/:id/void', {
        param: { id: invoice.id },
        json: { reason: 'Billed the wrong client' },
      }),
      200,
    );
    expect(voided).toMatchObject({
      status: 'void',
      voidReason: 'Billed the wrong client',
      amountPaid: 2700,
      balanceDue: 0,
      total: 2700,
    });
    expect(voided.voidedAt).not.toBeNull();
    expect(voided.payments).toHaveLength(1);
    expect(voided.can).toMatchObject({
      edit: false,
      delete: false,
      void: false,
      recordPayment: false,
      markPaid: false,
      send: false,
    });
    // Locked for good.
    const again = await apiAs(t, owner.cookie).post('/invoices/:id/void', {
      param: { id: invoice.id },
      json: { reason: 'Again' },
    });
    expect((await refusal(again, 409)).error.message).toBe(INVOICE_MESSAGES.alreadyVoid);
    const edit = await apiAs(t, owner.cookie).patch('/invoices/:id', {
      param: { id: invoice.id },
      json: { dueDate: null },
    });
    expect((await refusal(edit, 409)).error.message).toBe(INVOICE_MESSAGES.voidLocked);
    const del = await apiAs(t, owner.cookie).del('/invoices/:id', { param: { id: invoice.id } });
    expect((await refusal(del, 409)).error.message).toBe(INVOICE_MESSAGES.voidLocked);
    // The visit can be billed again.
    const billable = await json(
      await apiAs(t, owner.cookie).get('/invoices/billable-visits', { query: { propertyId } }),
      200,
    );
    expect(billable.items.map((item) => item.id)).toContain(visit.id);
    const rebilled = await json(
      await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds: [visit.id] } }),
      201,
    );
    expect(rebilled.visits.map((item) => item.id)).toEqual([visit.id]);
    // 'void' is a status of its own in the list's filter; the form cannot set it.
    const list = await json(await apiAs(t, owner.cookie).get('/invoices', { query: { status: 'void' } }), 200);
    expect(list.items.map((item) => item.id)).toContain(invoice.id);
    expect(list.items.every((item) => item.status === 'void' && item.balanceDue === 0)).toBe(true);
    const viaForm = await apiAs(t, owner.cookie).patch('/invoices/:id', {
      param: { id: rebilled.id },
      json: { status: 'void' },
    });
    expect(viaForm.status).toBe(400);
  });

  it('a void invoice counts in no dashboard totals', async () => {
    const before = await json(await apiAs(t, owner.cookie).get('/dashboard'), 200);
    const { invoice } = await invoiceOf(1000);
    await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', { param: { id: invoice.id }, json: {} }),
      200,
    );
    const paid = await json(await apiAs(t, owner.cookie).get('/dashboard'), 200);
    expect(paid.money!.paidThisMonth.count).toBe(before.money!.paidThisMonth.count + 1);
    await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/void', {
        param: { id: invoice.id },
        json: { reason: 'Duplicate' },
      }),
      200,
    );
    const after = await json(await apiAs(t, owner.cookie).get('/dashboard'), 200);
    expect(after.money!.paidThisMonth).toEqual(before.money!.paidThisMonth);
  });
});

describe('what is still asked', () => {
  it("the dashboard's overdue amount and the PDF show the balance after a partial payment", async () => {
    const before = await json(await apiAs(t, owner.cookie).get('/dashboard'), 200);
    const visit = await completedVisit(10000);
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const late = await json(
      await apiAs(t, owner.cookie).post('/invoices', {
        json: { propertyId, visitIds: [visit.id], status: 'sent', dueDate: yesterday },
      }),
      201,
    );
    await json(await pay(late.id, { amount: 2500, method: 'card' }), 201);
    const after = await json(await apiAs(t, owner.cookie).get('/dashboard'), 200);
    expect(after.money!.overdue).toEqual({
      count: before.money!.overdue.count + 1,
      amount: before.money!.overdue.amount + 8300,
    });
    const pdf = await apiAs(t, owner.cookie).get('/invoices/:id/pdf', { param: { id: late.id } });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain('Amount paid');
    expect(text).toContain('-$25.00');
    expect(text).toContain('Balance due');
    expect(text).toContain('$83.00');
  });
});

describe('who may', () => {
  it('a technician on the visit gets 404 on paying and voiding; another workspace gets 404', async () => {
    const { invoice } = await invoiceOf(1000, 'sent', [tech]);
    for (const user of [tech, stranger]) {
      expect((await pay(invoice.id, { amount: 100 }, user)).status).toBe(404);
      const voided = await apiAs(t, user.cookie).post('/invoices/:id/void', {
        param: { id: invoice.id },
        json: { reason: 'x' },
      });
      expect(voided.status).toBe(404);
      const marked = await apiAs(t, user.cookie).post('/invoices/:id/mark-paid', {
        param: { id: invoice.id },
        json: {},
      });
      expect(marked.status).toBe(404);
    }
    expect(await json(await detail(invoice.id), 200)).toMatchObject({
      amountPaid: 0,
      status: 'sent',
    });
  });
});

describe("'No due date'", () => {
  it('creates and updates an invoice with no due date, sent as null or as the empty field', async () => {
    const visit = await completedVisit(1000);
    for (const dueDate of [null, '']) {
      const created = await json(
        await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, visitIds: [], dueDate } }),
        201,
      );
      expect(created.dueDate).toBeNull();
    }
    const dated = await json(
      await apiAs(t, owner.cookie).post('/invoices', {
        json: { propertyId, visitIds: [visit.id], dueDate: '2030-09-01' },
      }),
      201,
    );
    expect(dated.dueDate).toBe('2030-09-01');
    for (const dueDate of [null, '']) {
      await json(
        await apiAs(t, owner.cookie).patch('/invoices/:id', {
          param: { id: dated.id },
          json: { dueDate: '2030-10-01' },
        }),
        200,
      );
      const cleared = await json(
        await apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id: dated.id }, json: { dueDate } }),
        200,
      );
      expect(cleared.dueDate).toBeNull();
    }
    // Left out: the workspace's payment terms (30 days) still apply.
    const byTerms = await json(await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId } }), 201);
    expect(byTerms.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

/** RFC 4180 parsed back: quoted fields with "" for a quote, commas and line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('GET /api/invoices.csv', () => {
  it('the list with its filters, RFC 4180 quoting, formulas escaped, amounts in dollars; technicians 403', async () => {
    const tricky = await createProperty(t, owner, {
      name: '=HYPERLINK("http://x"), "Big" House\nAnnex',
      address: '1 Quote St',
    });
    const visit = await createVisit(t, tricky.id, { lead: owner, status: 'completed' });
    const task = await createTask(t, owner, { name: 'Csv job' });
    await addVisitTask(t, visit.id, task.id, { price: 12345, status: 'completed' });
    const invoice = await json(
      await apiAs(t, owner.cookie).post('/invoices', {
        json: { propertyId: tricky.id, visitIds: [visit.id], status: 'sent', dueDate: '2030-08-01' },
      }),
      201,
    );
    await json(await pay(invoice.id, { amount: 5000, method: 'cash' }), 201);
    const other = await createProperty(t, owner, { name: '-Minus Manor', address: '2 Minus Way' });
    await json(await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId: other.id, dueDate: null } }), 201);

    const response = await apiAs(t, manager.cookie).get('/invoices.csv', { query: { propertyId: tricky.id } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('invoices.csv');
    const text = await response.text();
    expect(text).toContain('"\'=HYPERLINK(""http://x""), ""Big"" House\nAnnex"');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'Invoice number',
      'Property',
      'Status',
      'Due date',
      'Subtotal',
      'Tax',
      'Total',
      'Amount paid',
      'Balance due',
      'Created at',
    ]);
    expect(rows.map((row) => row.slice(0, 9))).toEqual([
      [
        invoice.invoiceNumber,
        '\'=HYPERLINK("http://x"), "Big" House\nAnnex',
        'sent',
        '2030-08-01',
        '123.45',
        '9.88',
        '133.33',
        '50.00',
        '83.33',
      ],
    ]);
    // 'Created at': ISO 8601 on the business's clock (UTC by default), to the second.
    expect(rows[0]![9]).toBe(invoice.createdAt.replace(/\.\d{3}Z$/, 'Z'));
    // Filters: q and status, as the list takes them; a leading minus is escaped too.
    const minus = parseCsv(
      await (
        await apiAs(t, owner.cookie).get('/invoices.csv', { query: { q: 'Minus Manor', status: 'draft' } })
      ).text(),
    );
    expect(minus.slice(1).map((row) => [row[1], row[2], row[3]])).toEqual([["'-Minus Manor", 'draft', '']]);
    const none = parseCsv(
      await (
        await apiAs(t, owner.cookie).get('/invoices.csv', { query: { propertyId: tricky.id, status: 'paid' } })
      ).text(),
    );
    expect(none).toHaveLength(1);

    const refused = await apiAs(t, tech.cookie).get('/invoices.csv', { headers: { 'x-workspace': owner.workspaceId } });
    expect(refused.status).toBe(403);
  });

  it('streams every row once, a page at a time', async () => {
    const many = await createProperty(t, owner, { name: 'Many Mansions', address: '3 Bulk Blvd' });
    const base = Date.now() - 3600_000;
    await t.db.insert(invoices).values(
      Array.from({ length: 1203 }, (_, index) => ({
        workspaceId: owner.workspaceId,
        propertyId: many.id,
        invoiceNumber: `BULK-${String(index).padStart(5, '0')}`,
        status: 'sent' as const,
        // Some share a creation time: the keyset's id breaks the tie.
        createdAt: new Date(base + Math.floor(index / 3) * 1000),
      })),
    );
    const rows = parseCsv(
      await (await apiAs(t, owner.cookie).get('/invoices.csv', { query: { propertyId: many.id } })).text(),
    ).slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((row) => row[0])).size).toBe(1203);
    expect(['BULK-01200', 'BULK-01201', 'BULK-01202']).toContain(rows[0]?.[0]);
  });
});
