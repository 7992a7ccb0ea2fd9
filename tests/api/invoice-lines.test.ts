import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVisitTask,
  createClientRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { mailsTo } from '../support/outbox';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// An invoice's own lines (description, quantity, unit price) and a discount, beside the
// billed visit tasks; the amounts by the one rule of shared/money.ts, in integer cents.

let t: TestApp;
let owner: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Lines Lodge', address: '3 Ledger Row' })).id;
});
afterAll(async () => {
  await t.close();
});

/** A completed visit of the property with one completed task at `price` cents. */
async function completedVisit(price: number) {
  const visit = await createVisit(t, propertyId, { lead: owner, status: 'completed' });
  const task = await createTask(t, owner, { name: `Service ${Math.random().toString(36).slice(2, 7)}` });
  await addVisitTask(t, visit.id, task.id, { price, status: 'completed' });
  return visit;
}

const create = (body: Record<string, unknown>) => apiAs(t, owner.cookie).post('/invoices', { json: body });
const patch = (id: string, body: Record<string, unknown>) =>
  apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id }, json: body });
const errorOf = async (response: Response) => (await refusal(response, 400)).error;

const items = [
  { description: 'Call-out fee', quantity: 1, unitPrice: 2000 },
  { description: 'Pool filter', quantity: 3, unitPrice: 1999 },
];

describe('extra lines and a discount', () => {
  it('adds the lines to the tasks, takes a percent discount half up, then tax half up of the rest', async () => {
    const visit = await completedVisit(1235);
    const invoice = await json(
      await create({ propertyId, visitIds: [visit.id], items, discount: { kind: 'percent', value: 1000 } }),
      201,
    );
    // 1235 + 2000 + 3 × 1999 = 9232; 10 % = 923.2 → 923; 8 % of 8309 = 664.72 → 665; 9232 − 923 + 665 = 8974.
    expect(invoice).toMatchObject({
      subtotal: 9232,
      discountAmount: 923,
      taxAmount: 665,
      total: 8974,
      discount: { kind: 'percent', value: 1000 },
      items: [
        { description: 'Call-out fee', quantity: 1, unitPrice: 2000, amount: 2000 },
        { description: 'Pool filter', quantity: 3, unitPrice: 1999, amount: 5997 },
      ],
    });
    // The list says the same.
    const list = await json(
      await apiAs(t, owner.cookie).get('/invoices', { query: { q: invoice.invoiceNumber } }),
      200,
    );
    expect(list.items[0]).toMatchObject({ subtotal: 9232, discountAmount: 923, taxAmount: 665, total: 8974 });

    // A draft's lines and discount change; an amount off is taken as given.
    const changed = await json(
      await patch(invoice.id, { items: [items[1]], discount: { kind: 'amount', value: 500 } }),
      200,
    );
    // 1235 + 5997 = 7232; − 500 = 6732; 8 % = 538.56 → 539; total 7271.
    expect(changed).toMatchObject({ subtotal: 7232, discountAmount: 500, taxAmount: 539, total: 7271 });
    expect(changed.items.map((item) => item.description)).toEqual(['Pool filter']);

    // The PDF shows the line with its quantity, the discount and the total.
    const response = await apiAs(t, owner.cookie).get('/invoices/:id/pdf', { param: { id: invoice.id } });
    expect(response.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain('Pool filter (3 × $19.99)');
    expect(text).toContain('$59.97');
    expect(text).toContain('Discount');
    expect(text).toContain('-$5.00');
    expect(text).toContain('$72.71');

    // Once sent, the lines and the amounts are what was sent.
    await json(await patch(invoice.id, { status: 'sent' }), 200);
    const refused = await refusal(await patch(invoice.id, { items: [] }), 409);
    expect(refused.error.message).toBe('The lines of an invoice that has been sent can no longer change');
    expect((await refusal(await patch(invoice.id, { discount: null }), 409)).error.message).toBe(
      'The lines of an invoice that has been sent can no longer change',
    );
    const sent = await json(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id: invoice.id } }), 200);
    expect(sent).toMatchObject({ subtotal: 7232, discountAmount: 500, taxAmount: 539, total: 7271, frozen: true });
  });

  it('a discount is never more than the subtotal; without a discount nothing comes off', async () => {
    const visit = await completedVisit(1000);
    const capped = await json(
      await create({ propertyId, visitIds: [visit.id], discount: { kind: 'amount', value: 99999 } }),
      201,
    );
    expect(capped).toMatchObject({ subtotal: 1000, discountAmount: 1000, taxAmount: 0, total: 0 });
    const none = await json(await patch(capped.id, { discount: null }), 200);
    expect(none).toMatchObject({ discount: null, discountAmount: 0, taxAmount: 80, total: 1080 });
  });

  it('refuses a line or a discount it cannot take, with messages on the fields', async () => {
    expect(
      (await errorOf(await create({ propertyId, items: [{ description: ' ', quantity: 1, unitPrice: 100 }] }))).fields,
    ).toMatchObject({
      'items.0.description': 'Please describe the line',
    });
    expect(
      (await errorOf(await create({ propertyId, items: [{ description: 'Fee', quantity: 0, unitPrice: 100 }] })))
        .fields,
    ).toMatchObject({
      'items.0.quantity': 'Quantity must be a whole number from 1 to 10000',
    });
    expect(
      (await errorOf(await create({ propertyId, items: [{ description: 'Fee', quantity: 1, unitPrice: 1.5 }] })))
        .fields,
    ).toMatchObject({
      'items.0.unitPrice': 'Price must be a whole number of cents',
    });
    expect(
      (await errorOf(await create({ propertyId, discount: { kind: 'percent', value: 10001 } }))).fields,
    ).toMatchObject({
      'discount.value': 'A percent discount is from 0 to 100 %',
    });
    const tooMany = Array.from({ length: 51 }, (_, index) => ({
      description: `Line ${index}`,
      quantity: 1,
      unitPrice: 1,
    }));
    expect((await errorOf(await create({ propertyId, items: tooMany }))).fields).toMatchObject({
      items: 'At most 50 extra lines on one invoice',
    });
  });
});

describe('who it is billed to', () => {
  it('bills the property’s client at its billing address, offers its e-mail, and the sent PDF says so, never Draft', async () => {
    const client = await createClientRow(
      t,
      owner.workspaceId,
      { name: 'Ada Lovelace', email: 'ada@client.example', billingAddress: '12 Analytical Row, London' },
      [propertyId],
    );
    try {
      const visit = await completedVisit(4000);
      const invoice = await json(await create({ propertyId, visitIds: [visit.id] }), 201);
      expect(invoice.billTo).toEqual({ name: 'Ada Lovelace', address: '12 Analytical Row, London', client: true });
      expect(invoice.recipient).toBe('ada@client.example');

      const sent = await apiAs(t, owner.cookie).post('/invoices/:id/send', {
        param: { id: invoice.id },
        json: { to: invoice.recipient },
      });
      expect(sent.status).toBe(200);
      const [mail] = await mailsTo(t.config.dataDir, 'ada@client.example');
      expect(mail?.text).toContain(`from ${invoice.seller.name} to Ada Lovelace for Lines Lodge`);
      const pdf = mail!.attachments.find((attachment) => attachment.contentType === 'application/pdf')!;
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true });
      expect(text).toContain('Bill to');
      expect(text).toContain('Ada Lovelace');
      expect(text).toContain('12 Analytical Row, London');
      expect(text).toContain(invoice.seller.name);
      expect(text).toContain('Status: Sent');
      expect(text).not.toContain('Draft');
    } finally {
      await apiAs(t, owner.cookie).del('/clients/:id', { param: { id: client.id } });
    }
  });

  it('without a client, bills the property', async () => {
    const visit = await completedVisit(1000);
    const invoice = await json(await create({ propertyId, visitIds: [visit.id] }), 201);
    expect(invoice.billTo).toMatchObject({ name: 'Lines Lodge', client: false });
    expect(invoice.billTo.address).toContain('3 Ledger Row');
  });
});
