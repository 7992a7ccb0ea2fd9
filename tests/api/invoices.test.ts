import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, visits } from '../../src/server/db/schema';
import type { VisitStatus } from '../../src/shared/constants';
import { addVisitTask, createProperty, createTask, createUser, createVisit, type TestUser } from '../support/factories';
import { mailsTo } from '../support/outbox';
import { startSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Billing Barn', address: '7 Ledger Lane' }, [tech])).id;
});
afterAll(async () => {
  await t.close();
});

/** A visit of the property with tasks of the given prices and statuses. */
async function visitWith(
  tasks: [price: number | null, status: 'completed' | 'pending' | 'skipped'][],
  status: VisitStatus = 'completed',
  onProperty = propertyId,
  assistants: TestUser[] = [],
) {
  const visit = await createVisit(t, onProperty, {
    lead: owner,
    assistants,
    status,
    scheduledAt: new Date('2030-05-01T09:00:00Z'),
  });
  for (const [price, taskStatus] of tasks) {
    const task = await createTask(t, owner, { name: `Job ${Math.random().toString(36).slice(2, 7)}` });
    await addVisitTask(t, visit.id, task.id, { price, status: taskStatus });
  }
  return visit;
}

const create = (user: TestUser, body: Record<string, unknown>) =>
  apiAs(t, user.cookie).post('/invoices', { json: body });
const patch = (id: string, body: Record<string, unknown>, user = owner) =>
  apiAs(t, user.cookie).patch('/invoices/:id', { param: { id }, json: body });

describe('amounts, in integer cents, computed by the server', () => {
  it('bills the completed tasks only, with 8 % tax rounded half up; totals sent by the client are ignored', async () => {
    const visit = await visitWith([
      [1000, 'completed'],
      [234, 'completed'],
      [5000, 'pending'],
      [700, 'skipped'],
      [null, 'completed'],
    ]);
    const invoice = await json(
      await create(owner, {
        propertyId,
        visitIds: [visit.id],
        subtotal: 1,
        taxAmount: 1,
        total: 2,
        dueDate: '2030-06-30',
      }),
      201,
    );
    expect(invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-\d+$/),
      status: 'draft',
      dueDate: '2030-06-30',
      paidAt: null,
      subtotal: 1234,
      taxAmount: 99, // 12.34 × 8 % = 0.9872
      total: 1333,
      frozen: false,
      visits: [{ id: visit.id, total: 1234 }],
      propertyName: 'Billing Barn',
      can: { markPaid: true, send: true },
    });
    expect(invoice.lines.map((line) => line.price).sort()).toEqual([0, 1000, 234].sort());
  });

  it.each([
    [1875, 150], // 18.75 → 1.50
    [6, 0], // 0.06 → 0.00
    [7, 1], // 0.07 → 0.01
    [0, 0],
  ])('tax of %i cents is %i cents', async (subtotal, tax) => {
    const visit = await visitWith([[subtotal, 'completed']]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id] }), 201);
    expect(invoice).toMatchObject({ subtotal, taxAmount: tax, total: subtotal + tax });
  });

  it('a draft follows its visits; from sent on, its lines and amounts are frozen', async () => {
    const visit = await visitWith([[2000, 'completed']]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id] }), 201);
    const [task] = (await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200))
      .tasks;
    const reprice = (price: number) =>
      apiAs(t, owner.cookie).patch('/visits/:id/tasks/:taskId', {
        param: { id: visit.id, taskId: task!.id },
        json: { price },
      });
    expect((await reprice(3000)).status).toBe(200);
    const draft = await json(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id: invoice.id } }), 200);
    expect(draft).toMatchObject({ subtotal: 3000, total: 3240 });

    const sent = await json(await patch(invoice.id, { status: 'sent' }), 200);
    expect(sent).toMatchObject({ status: 'sent', frozen: true, subtotal: 3000, total: 3240 });
    expect((await reprice(9900)).status).toBe(200);
    const later = await json(await apiAs(t, owner.cookie).get('/invoices/:id', { param: { id: invoice.id } }), 200);
    expect(later).toMatchObject({ subtotal: 3000, total: 3240, lines: [expect.objectContaining({ price: 3000 })] });
    const listed = await json(
      await apiAs(t, owner.cookie).get('/invoices', { query: { q: invoice.invoiceNumber } }),
      200,
    );
    expect(listed.items[0]).toMatchObject({ total: 3240 });
    // its visits can no longer change
    expect(await json(await patch(invoice.id, { visitIds: [] }), 409)).toMatchObject({
      error: { message: 'The visits of an invoice that has been sent can no longer change' },
    });
  });
});

describe('due date', () => {
  it('takes a real calendar date in the years 1–9999 only: 400 otherwise, never a 500', async () => {
    for (const dueDate of ['2030-02-30', '2030-6-1', '0000-01-01']) {
      const body = await refusal(await create(owner, { propertyId, dueDate }), 400);
      expect(body.error.fields?.dueDate, dueDate).toMatch(/^Due date must be/);
    }
    const edges = await Promise.all(
      ['0001-01-01', '9999-12-31'].map((dueDate) => create(owner, { propertyId, dueDate })),
    );
    for (const response of edges) await json(response, 201);
  });
});

describe('billable visits', () => {
  it('bills only completed visits of the property, each on at most one invoice that is not cancelled', async () => {
    const done = await visitWith([[500, 'completed']]);
    const scheduled = await visitWith([[500, 'completed']], 'scheduled');
    const other = await createProperty(t, owner);
    const elsewhere = await visitWith([[500, 'completed']], 'completed', other.id);
    for (const visitId of [scheduled.id, elsewhere.id]) {
      const refused = await create(owner, { propertyId, visitIds: [visitId] });
      expect(await json(refused, 400)).toMatchObject({
        error: { message: 'Only completed visits of this property can be billed' },
      });
    }
    const billable = await json(
      await apiAs(t, owner.cookie).get('/invoices/billable-visits', { query: { propertyId, limit: 100 } }),
      200,
    );
    expect(billable.items.find((item) => item.id === done.id)).toMatchObject({ total: 500 });
    expect(billable.items.some((item) => item.id === scheduled.id)).toBe(false);

    const first = await json(await create(owner, { propertyId, visitIds: [done.id] }), 201);
    const second = await create(owner, { propertyId, visitIds: [done.id] });
    expect(await json(second, 409)).toMatchObject({
      error: { message: `This visit is already on invoice ${first.invoiceNumber}` },
    });
    const after = await json(
      await apiAs(t, owner.cookie).get('/invoices/billable-visits', { query: { propertyId, limit: 100 } }),
      200,
    );
    expect(after.items.some((item) => item.id === done.id)).toBe(false);
    // …but for editing that invoice, its own visits are offered
    const forEdit = await json(
      await apiAs(t, owner.cookie).get('/invoices/billable-visits', {
        query: { propertyId, invoiceId: first.id, limit: 100 },
      }),
      200,
    );
    expect(forEdit.items.some((item) => item.id === done.id)).toBe(true);

    // Cancelling lets the visit go; un-cancelling while it is on another one is refused.
    await json(await patch(first.id, { status: 'cancelled' }), 200);
    const third = await json(await create(owner, { propertyId, visitIds: [done.id] }), 201);
    expect(await json(await patch(first.id, { status: 'draft' }), 409)).toMatchObject({
      error: { message: `This visit is already on invoice ${third.invoiceNumber}` },
    });
  });

  it('a visit on an invoice is neither deleted nor moved (409 naming the invoice)', async () => {
    const visit = await visitWith([[100, 'completed']]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id] }), 201);
    const removed = await apiAs(t, owner.cookie).del('/visits/:id', { param: { id: visit.id } });
    expect((await refusal(removed, 409)).error.message).toContain(invoice.invoiceNumber);
    expect(await t.db.$count(visits, eq(visits.id, visit.id))).toBe(1);
    const other = await createProperty(t, owner);
    // A completed visit is locked: reopened, it still cannot leave its invoice's property.
    await json(
      await apiAs(t, owner.cookie).patch('/visits/:id', { param: { id: visit.id }, json: { status: 'in_progress' } }),
      200,
    );
    const moved = await apiAs(t, owner.cookie).patch('/visits/:id', {
      param: { id: visit.id },
      json: { propertyId: other.id },
    });
    expect((await refusal(moved, 409)).error.message).toContain(invoice.invoiceNumber);
    // Once the invoice is deleted, the visit can go.
    expect((await apiAs(t, owner.cookie).del('/invoices/:id', { param: { id: invoice.id } })).status).toBe(204);
    expect((await apiAs(t, owner.cookie).del('/visits/:id', { param: { id: visit.id } })).status).toBe(204);
  });
});

describe('status', () => {
  it('Mark as Paid sets paid and paidAt; a paid invoice then stays paid (void is the way out)', async () => {
    // Something to pay: an invoice with nothing on it cannot be paid.
    const items = [{ description: 'Call-out', quantity: 1, unitPrice: 5000 }];
    const invoice = await json(await create(owner, { propertyId, items }), 201);
    const paid = await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', { param: { id: invoice.id }, json: {} }),
      200,
    );
    expect(paid).toMatchObject({ status: 'paid', frozen: true, can: { markPaid: false } });
    expect(Date.now() - new Date(paid.paidAt!).getTime()).toBeLessThan(60_000);
    expect((await patch(invoice.id, { status: 'sent' })).status).toBe(409);
    // Leaving sent for draft clears nothing it should not: a cancelled one cannot be marked paid.
    const other = await json(await create(owner, { propertyId, status: 'sent' }), 201);
    await patch(other.id, { status: 'cancelled' });
    const refused = await apiAs(t, owner.cookie).post('/invoices/:id/mark-paid', { param: { id: other.id }, json: {} });
    expect(refused.status).toBe(409);
  });

  it('shows a sent invoice past its due date as overdue, computed in the query', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const late = await json(await create(owner, { propertyId, status: 'sent', dueDate: yesterday }), 201);
    expect(late).toMatchObject({ status: 'overdue', storedStatus: 'sent', can: { markPaid: true } });
    const draftLate = await json(await create(owner, { propertyId, dueDate: yesterday }), 201);
    expect(draftLate.status).toBe('draft');
    const overdue = await json(
      await apiAs(t, owner.cookie).get('/invoices', { query: { status: 'overdue', propertyId, limit: 100 } }),
      200,
    );
    expect(overdue.items.map((item) => item.id)).toContain(late.id);
    expect(overdue.items.map((item) => item.id)).not.toContain(draftLate.id);
    const sent = await json(
      await apiAs(t, owner.cookie).get('/invoices', { query: { status: 'sent', limit: 100 } }),
      200,
    );
    expect(sent.items.map((item) => item.id)).not.toContain(late.id);
  });
});

describe('who sees invoices', () => {
  it("only the workspace's owners and managers: a technician on the visit, a stranger and an admin get 404 everywhere", async () => {
    // The technician works the visit: they see it and its property, never its invoice.
    const visit = await visitWith([[4321, 'completed']], 'completed', propertyId, [tech]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id] }), 201);
    for (const user of [tech, stranger]) {
      for (const [method, url, body] of [
        ['GET', `/api/invoices/${invoice.id}`],
        ['GET', `/api/invoices/${invoice.id}/pdf`],
        ['PATCH', `/api/invoices/${invoice.id}`, { dueDate: '2031-01-01' }],
        ['POST', `/api/invoices/${invoice.id}/mark-paid`, {}],
        ['POST', `/api/invoices/${invoice.id}/send`, { to: 'x@example.com' }],
        ['DELETE', `/api/invoices/${invoice.id}`],
      ] as const) {
        const response = await t.request(url, { method, cookie: user.cookie, body });
        expect(response.status, `${method} ${url}`).toBe(404);
      }
      const list = await json(await apiAs(t, user.cookie).get('/invoices', { query: { limit: 100 } }), 200);
      expect(list.items).toEqual([]);
    }
    // a technician cannot bill (403: they see the property), a stranger is told it is not there
    expect((await create(tech, { propertyId })).status).toBe(403);
    expect((await create(stranger, { propertyId })).status).toBe(404);
    expect((await apiAs(t, tech.cookie).get('/invoices/billable-visits', { query: { propertyId } })).status).toBe(403);
    // no amounts reach the technician through the visit either
    const seen = await json(await apiAs(t, tech.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(seen.invoices).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain(invoice.invoiceNumber);
    const byOwner = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(byOwner.invoices).toEqual([expect.objectContaining({ id: invoice.id, status: 'draft', total: 4667 })]);

    const admin = await createUser(t, { role: 'admin' });
    expect((await apiAs(t, admin.cookie).get('/invoices/:id', { param: { id: invoice.id } })).status).toBe(404);
  });
});

describe('numbers', () => {
  it("50 invoices created at once get the workspace's next 50 numbers: prefix, year, sequence, no gaps", async () => {
    const business = await createUser(t);
    const place = await createProperty(t, business);
    const year = new Date().getUTCFullYear();
    const made = await Promise.all(
      Array.from({ length: 50 }, () => apiAs(t, business.cookie).post('/invoices', { json: { propertyId: place.id } })),
    );
    const numbers = await Promise.all(made.map(async (response) => (await json(response, 201)).invoiceNumber));
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((number) => {
      expect(number).toMatch(new RegExp(`^INV-${year}\\d{5}$`));
      return Number(number.slice(`INV-${year}`.length));
    });
    expect(sequences.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });

  it("counts per workspace: another business's invoices never move this one's numbers", async () => {
    const quiet = await createUser(t);
    const busy = await createUser(t);
    const quietPlace = await createProperty(t, quiet);
    const busyPlace = await createProperty(t, busy);
    const first = await json(
      await apiAs(t, quiet.cookie).post('/invoices', { json: { propertyId: quietPlace.id } }),
      201,
    );
    for (let index = 0; index < 3; index += 1) {
      await apiAs(t, busy.cookie).post('/invoices', { json: { propertyId: busyPlace.id } });
    }
    const second = await json(
      await apiAs(t, quiet.cookie).post('/invoices', { json: { propertyId: quietPlace.id } }),
      201,
    );
    const year = new Date().getUTCFullYear();
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual([`INV-${year}00001`, `INV-${year}00002`]);
  });
});

describe('the PDF and sending it', () => {
  it('is a real PDF whose text holds the number, the lines and the total', async () => {
    const visit = await visitWith([[12345, 'completed']]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id], dueDate: '2030-07-01' }), 201);
    const response = await apiAs(t, owner.cookie).get('/invoices/:id/pdf', { param: { id: invoice.id } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('Billing Barn');
    expect(text).toContain('$123.45'); // the line and the subtotal
    expect(text).toContain('$9.88'); // 8 % of 123.45 = 9.876
    expect(text).toContain('$133.33');
  });

  it('without SMTP_URL, sending writes an .eml with the PDF to DATA_DIR/outbox, and a draft becomes sent', async () => {
    const visit = await visitWith([[2500, 'completed']]);
    const invoice = await json(await create(owner, { propertyId, visitIds: [visit.id] }), 201);
    const sent = await json(
      await apiAs(t, owner.cookie).post('/invoices/:id/send', {
        param: { id: invoice.id },
        json: { to: 'payer@example.com' },
      }),
      200,
    );
    expect(sent).toMatchObject({ status: 'sent', frozen: true, sentTo: 'payer@example.com' });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = readdirSync(outbox);
    const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(outbox, file)))));
    const mail = mails.find((candidate) => candidate.subject?.includes(invoice.invoiceNumber));
    expect(mail?.to).toMatchObject({ text: 'payer@example.com' });
    expect(mail?.attachments[0]).toMatchObject({
      filename: `${invoice.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    // HTML and text alike name the business, the number, the amount due and when; no
    // link the customer could not open; the PDF says what the invoice is once sent, never 'Draft'.
    for (const body of [mail?.text ?? '', mail?.html || '']) {
      expect(body).toContain(invoice.seller.name);
      expect(body).toContain(invoice.invoiceNumber);
      expect(body).toContain('Amount due');
      expect(body).toContain('$27.00'); // 25.00 + 8 % tax
      // The due day as the business (en-US by default) writes it, the same as its PDF.
      const [year, month, day] = invoice.dueDate!.split('-');
      expect(body).toContain(`Due by ${month}/${day}/${year}`);
      expect(body).not.toContain('/resources/invoices/');
    }
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(mail!.attachments[0]!.content)), {
      mergePages: true,
    });
    expect(pdfText).toContain('Status: Sent');
    expect(pdfText).not.toContain('Draft');
    expect(
      (await apiAs(t, owner.cookie).post('/invoices/:id/send', { param: { id: invoice.id }, json: { to: 'nope' } }))
        .status,
    ).toBe(400);
  });
});

describe('who it is from', () => {
  it("carries the business's name, address, phone, e-mail and tax rate as they were when it was made", async () => {
    const shop = await createUser(t);
    const settings = {
      name: 'Harbour Pools Ltd',
      address: '12 Quay Street, Bristol',
      phone: '+44 117 496 0000',
      email: 'accounts@harbour.example',
      taxRateBps: 2000,
    };
    await json(
      await apiAs(t, shop.cookie).patch('/workspaces/:id', { param: { id: shop.workspaceId }, json: settings }),
      200,
    );
    const property = await createProperty(t, shop, { name: 'Quay House' });
    const visit = await createVisit(t, property.id, { lead: shop, status: 'completed' });
    await addVisitTask(t, visit.id, (await createTask(t, shop)).id, { price: 10_000, status: 'completed' });
    const invoice = await json(await create(shop, { propertyId: property.id, visitIds: [visit.id] }), 201);
    const { taxRateBps, ...seller } = settings;
    // No due date given: the workspace's payment terms (30 days unless changed) from today.
    const inThirtyDays = new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(invoice.dueDate).toBe(inThirtyDays);
    expect(invoice).toMatchObject({ seller, taxRateBps, subtotal: 10_000, taxAmount: 2_000, total: 12_000 });

    // Later changes to the settings are for later invoices.
    await json(
      await apiAs(t, shop.cookie).patch('/workspaces/:id', {
        param: { id: shop.workspaceId },
        json: { name: 'Renamed Pools', taxRateBps: 0 },
      }),
      200,
    );
    const kept = await json(await apiAs(t, shop.cookie).get('/invoices/:id', { param: { id: invoice.id } }), 200);
    expect(kept).toMatchObject({ seller, taxRateBps, total: 12_000 });

    const pdf = await apiAs(t, shop.cookie).get('/invoices/:id/pdf', { param: { id: invoice.id } });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    for (const value of [...Object.values(seller), 'Tax (20%)', '$120.00']) expect(text).toContain(value);

    const to = 'client-of-harbour@example.com';
    await json(
      await apiAs(t, shop.cookie).post('/invoices/:id/send', { param: { id: invoice.id }, json: { to } }),
      200,
    );
    const [mail] = await mailsTo(t.config.dataDir, to);
    for (const value of [...Object.values(seller), 'Tax (20%): $20.00']) expect(mail?.text).toContain(value);
  });
});

describe('sending through SMTP', () => {
  // Two whole apps (each migrates its own database) and two SMTP servers: more than the default 20 s on a busy machine.
  it('e-mails the PDF through a real SMTP server; a refusal answers 502 with the reason and changes nothing', async () => {
    const smtp = await startSmtp();
    const refusing = await startSmtp({ refuse: 'Mailbox unavailable' });
    const app = await createTestApp({ SMTP_URL: smtp.url });
    const broken = await createTestApp({ SMTP_URL: refusing.url });
    try {
      for (const target of [app, broken]) {
        const user = await createUser(target);
        const property = await createProperty(target, user, { name: 'Mail House' });
        const visit = await createVisit(target, property.id, { lead: user, status: 'completed' });
        await addVisitTask(target, visit.id, (await createTask(target, user)).id, { price: 5000, status: 'completed' });
        const invoice = await json(
          await apiAs(target, user.cookie).post('/invoices', {
            json: { propertyId: property.id, visitIds: [visit.id] },
          }),
          201,
        );
        const response = await apiAs(target, user.cookie).post('/invoices/:id/send', {
          param: { id: invoice.id },
          json: { to: 'accounts@example.com' },
        });
        if (target === app) {
          expect(await json(response, 200)).toMatchObject({ status: 'sent', total: 5400 });
          const mail = smtp.received.find((candidate) => candidate.subject?.includes(invoice.invoiceNumber))!;
          expect(mail.text).toContain('Total: $54.00');
          const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf')!;
          const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true });
          expect(text).toContain(invoice.invoiceNumber);
          expect(text).toContain('$54.00');
        } else {
          const body = await refusal(response, 502);
          expect(body.error.message).toMatch(/^The invoice could not be sent: .*Mailbox unavailable/);
          const [row] = await target.db.select().from(invoices).where(eq(invoices.id, invoice.id));
          expect(row).toMatchObject({ status: 'draft', sentAt: null });
        }
      }
    } finally {
      await app.close();
      await broken.close();
      await smtp.stop();
      await refusing.stop();
    }
  }, 60_000);
});
