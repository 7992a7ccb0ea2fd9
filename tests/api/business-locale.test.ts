import { eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageWorkerDeps } from '../../src/server/jobs/message-deps';
import { sendDueMessages } from '../../src/server/modules/notifications';
import { clientMessages, staffNotifications, workspaces } from '../../src/server/db/schema';
import type { InvoiceDetailDto } from '../../src/shared/schemas/invoices';
import {
  addMember,
  addVisitTask,
  createClientRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { mailsTo } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

// What the server writes for people (PDFs, e-mails, notifications) is in the business's locale,
// currency and time zone; what it writes for machines (CSV) is ISO 8601 on the business's clock
// and amounts in major units.

let t: TestApp;
let perth: TestUser;
let tech: TestUser;
let propertyId: string;
let clientEmail: string;

/** Whitespace as one plain space (Intl writes U+202F before 'am' in some ICU versions). */
const plain = (text: string) => text.replace(/\s+/g, ' ');

/** A PDF's text, line by line, as a reader copies it. */
async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(bytes);
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        if (line.trim()) lines.push(plain(line.trim()));
        line = '';
      }
    }
    if (line.trim()) lines.push(plain(line.trim()));
  }
  return lines;
}

async function setLocale(user: TestUser, body: Record<string, unknown>) {
  await json(
    await apiAs(t, user.cookie).patch('/workspaces/:id', { param: { id: user.workspaceId }, json: body }),
    200,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  perth = await createUser(t, { name: 'Pat Perth' });
  tech = await createUser(t, { name: 'Theo Tech' });
  await setLocale(perth, {
    name: 'Swan River Pools',
    address: '1 Riverside Drive, Perth WA 6000',
    country: 'AU',
    locale: 'en-AU',
    currency: 'AUD',
    timeZone: 'Australia/Perth',
    taxRateBps: 1000,
  });
  await addMember(t, perth.workspaceId, tech, 'technician');
  propertyId = (await createProperty(t, perth, { name: 'Cottesloe House', address: '9 Marine Parade' }, [tech])).id;
  clientEmail = `cleo-${propertyId.slice(0, 8)}@example.com`;
  await createClientRow(t, perth.workspaceId, { name: 'Cleo Client', email: clientEmail }, [propertyId]);
});
afterAll(async () => {
  await t.close();
});

/** A completed visit at 04:00 on 27 November in Perth (still the 26th in UTC), its task billed at A$123.45. */
async function perthInvoice(): Promise<InvoiceDetailDto> {
  const visit = await createVisit(t, propertyId, {
    lead: tech,
    status: 'completed',
    scheduledAt: new Date('2026-11-26T20:00:00Z'),
  });
  const task = await createTask(t, perth, { name: 'Balance the water' });
  await addVisitTask(t, visit.id, task.id, { price: 12_345, status: 'completed' });
  return json(
    await apiAs(t, perth.cookie).post('/invoices', {
      json: { propertyId, visitIds: [visit.id], dueDate: '2026-11-27' },
    }),
    201,
  );
}

describe('an AUD business in Perth (en-AU)', () => {
  it("the invoice PDF says '27/11/2026' and '$' as en-AU writes A$, never the UTC day or 'A$'", async () => {
    const invoice = await perthInvoice();
    const response = await apiAs(t, perth.cookie).get('/invoices/:id/pdf', { param: { id: invoice.id } });
    expect(response.status).toBe(200);
    const lines = await pdfLines(new Uint8Array(await response.arrayBuffer()));
    console.log(`The en-AU invoice PDF, line by line:\n${lines.map((line) => `  ${line}`).join('\n')}`);
    const text = lines.join('\n');
    expect(text).toContain('Due: 27/11/2026');
    // The visit's day is Perth's (27 November), not UTC's (26 November).
    expect(lines.some((line) => line.startsWith('27/11/2026') && line.includes('Balance the water'))).toBe(true);
    expect(text).not.toContain('26/11/2026');
    expect(text).toContain('$123.45');
    expect(text).toContain('Tax (10%)');
    expect(text).toContain('$12.35'); // 10 % of 123.45, half up
    expect(text).toContain('$135.80');
    expect(text).not.toContain('A$');
    expect(text).not.toContain('11/27/2026');
  });

  it('the invoice e-mail and its PDF say the same', async () => {
    const invoice = await perthInvoice();
    const to = `payer-${invoice.id.slice(0, 8)}@example.com`;
    await json(
      await apiAs(t, perth.cookie).post('/invoices/:id/send', { param: { id: invoice.id }, json: { to } }),
      200,
    );
    const [mail] = await mailsTo(t.config.dataDir, to);
    for (const body of [mail?.text ?? '', mail?.html || '']) {
      expect(body).toContain('Due by 27/11/2026');
      expect(body).toContain('$135.80');
      expect(body).not.toContain('A$');
      expect(body).not.toContain('2026-11-27');
    }
    expect(plain(mail?.text ?? '')).toContain('Total: $135.80');
    expect(mail?.html).toContain('<html lang="en-AU">');
    const attached = await pdfLines(new Uint8Array(mail!.attachments[0]!.content));
    expect(attached).toContain('Due: 27/11/2026');
  });

  it('the client’s notice of an invoice marked sent says the same', async () => {
    const invoice = await perthInvoice();
    const marked = await apiAs(t, perth.cookie).patch('/invoices/:id', {
      param: { id: invoice.id },
      json: { status: 'sent' },
    });
    expect(marked.status).toBe(200);
    await t.db.update(clientMessages).set({ notBefore: new Date(Date.now() - 1000) });
    await sendDueMessages(messageWorkerDeps(t.db, t.config, { storage: t.storage }));
    const notices = await mailsTo(t.config.dataDir, clientEmail, new RegExp(invoice.invoiceNumber));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`Invoice ${invoice.invoiceNumber} of $135.80, due 27/11/2026 is ready.`);
  });

  it('visit e-mails and the staff’s notices tell the time on Perth’s clock, as en-AU writes it', async () => {
    // 20:00 UTC on Thursday 14 March 2030 is 4:00 in the morning of Friday 15 March in Perth.
    const visit = await json(
      await apiAs(t, perth.cookie).post('/visits', {
        json: { propertyId, scheduledAt: '2030-03-14T20:00:00.000Z', assigneeIds: [tech.id] },
      }),
      201,
    );
    const [notice] = await t.db
      .select({ text: staffNotifications.text })
      .from(staffNotifications)
      .where(eq(staffNotifications.visitId, visit.id));
    expect(plain(notice?.text ?? '')).toBe('Cottesloe House, Fri, 15 Mar 2030, 4:00 am: assigned to you');

    await t.db.update(clientMessages).set({ notBefore: new Date(Date.now() - 1000) });
    await sendDueMessages(messageWorkerDeps(t.db, t.config, { storage: t.storage }));
    const [scheduled] = await mailsTo(t.config.dataDir, clientEmail, /Visit scheduled/);
    expect(plain(scheduled?.subject ?? '')).toBe('Visit scheduled: Fri, 15 Mar 2030, 4:00 am · Swan River Pools');
    expect(plain(scheduled?.text ?? '')).toContain(
      'We have scheduled a visit to Cottesloe House, 9 Marine Parade on Fri, 15 Mar 2030, 4:00 am.',
    );
  });

  it('the CSV exports write ISO days and times on Perth’s clock, and amounts in major units', async () => {
    const invoice = await perthInvoice();
    const csv = await apiAs(t, perth.cookie).get('/invoices.csv', { query: { q: invoice.invoiceNumber } });
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'Invoice number,Property,Status,Due date,Subtotal,Tax,Total,Amount paid,Balance due,Created at',
    );
    const row = rows.find((line) => line.startsWith(`${invoice.invoiceNumber},`))!.split(',');
    expect(row.slice(0, 9)).toEqual([
      invoice.invoiceNumber,
      'Cottesloe House',
      'draft',
      '2026-11-27',
      '123.45',
      '12.35',
      '135.80',
      '0.00',
      '135.80',
    ]);
    const createdAt = row[9]!;
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(Math.abs(Date.parse(createdAt) - Date.parse(invoice.createdAt))).toBeLessThan(1000);

    const clientsCsv = await apiAs(t, perth.cookie).get('/clients.csv', { query: { q: 'Cleo' } });
    const [header, cleo] = (await clientsCsv.text()).trim().split('\r\n');
    expect(header).toBe('Name,Company,Email,Phone,Billing address,Notes,Properties,Created');
    expect(cleo).toMatch(/^Cleo Client,,cleo-[^,]+,,,,1,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
  });
});

describe('a business in en-US billing in AUD', () => {
  it("writes 'A$', so the currency is never taken for the local dollar", async () => {
    const owner = await createUser(t);
    await setLocale(owner, { currency: 'AUD' });
    const property = await createProperty(t, owner, { name: 'Maple House' });
    const visit = await createVisit(t, property.id, { lead: owner, status: 'completed' });
    await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { price: 5000, status: 'completed' });
    const invoice = await json(
      await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId: property.id, visitIds: [visit.id] } }),
      201,
    );
    const response = await apiAs(t, owner.cookie).get('/invoices/:id/pdf', { param: { id: invoice.id } });
    const text = (await pdfLines(new Uint8Array(await response.arrayBuffer()))).join('\n');
    expect(text).toContain('A$54.00'); // 50.00 + 8 % tax
  });
});

describe('a British business (en-GB)', () => {
  it('the visit report PDF tells the times on London’s clock, in 24 hours', async () => {
    const london = await createUser(t);
    await setLocale(london, { country: 'GB', locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' });
    await t.db.update(workspaces).set({ name: 'Thames Gardens' }).where(eq(workspaces.id, london.workspaceId));
    const property = await createProperty(t, london, { name: 'Kew Lodge' });
    // 14:30 UTC in June is 15:30 British Summer Time.
    const visit = await createVisit(t, property.id, {
      lead: london,
      status: 'scheduled',
      scheduledAt: new Date('2030-06-15T14:30:00Z'),
    });
    const response = await apiAs(t, london.cookie).get('/visits/:id/report.pdf', { param: { id: visit.id } });
    expect(response.status).toBe(200);
    const text = (await pdfLines(new Uint8Array(await response.arrayBuffer()))).join('\n');
    expect(text).toContain('Scheduled Sat, 15 Jun 2030, 15:30');
    expect(text).not.toMatch(/\b(AM|PM|am|pm)\b/);

    // The e-mail it goes out in says the same.
    const to = `kew-${property.id.slice(0, 8)}@example.com`;
    await createClientRow(t, london.workspaceId, { name: 'Kit Client', email: to }, [property.id]);
    const sent = await apiAs(t, london.cookie).post('/visits/:id/report/send', { param: { id: visit.id } });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    const [mail] = await mailsTo(t.config.dataDir, to);
    expect(plain(mail?.text ?? '')).toContain('Kew Lodge');
    expect(plain(mail?.text ?? '')).toContain('on Sat, 15 Jun 2030, 15:30.');
  });
});
