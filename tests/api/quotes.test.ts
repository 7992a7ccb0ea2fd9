import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  quotes,
  quoteVersions,
  staffNotifications,
  visits,
  visitTasks,
  workspaces,
} from '../../src/server/db/schema';
import { issuePortalLink } from '../../src/server/modules/portal';
import { optionAmounts, type PortalQuoteDto, type QuoteDto } from '../../src/shared/schemas/quotes';
import {
  addMember,
  createClientRow,
  createProperty,
  createTask,
  createUser,
  uniqueEmail,
  type TestUser,
} from '../support/factories';
import { tinyPng } from '../support/images';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { linkIn, mailsTo } from '../support/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// Quotes: versions (a sent version is frozen; an edit makes the next), the content hash and expiry
// checked on approval (409), the office only (a technician and another workspace 404), the portal
// client only their own, and one approval making the job, its tasks and the deposit invoice, once.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
let clientId: string;
let propertyId: string;
let otherClientId: string;
let otherPropertyId: string;
let taskId: string;
const clientEmail = uniqueEmail('quoted');

const ws = (user: TestUser) => ({ 'x-workspace': user === stranger ? stranger.workspaceId : owner.workspaceId });
const as = (user: TestUser) => apiAs(t, user.cookie);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  await addMember(t, owner.workspaceId, tech, 'technician', owner);
  await t.db.update(workspaces).set({ name: 'Sparkle Pools' }).where(eq(workspaces.id, owner.workspaceId));
  const villa = await createProperty(t, owner, { name: 'Villa Rosa' }, [tech]);
  const shed = await createProperty(t, owner, { name: 'Bob Shed' });
  propertyId = villa.id;
  otherPropertyId = shed.id;
  clientId = (await createClientRow(t, owner.workspaceId, { name: 'Ada Lovelace', email: clientEmail }, [villa.id])).id;
  otherClientId = (
    await createClientRow(t, owner.workspaceId, { name: 'Bob Builder', email: uniqueEmail('bob') }, [shed.id])
  ).id;
  taskId = (await createTask(t, owner, { name: 'Replace pump', defaultPrice: 40000 })).id;
});
afterAll(async () => {
  await t.close();
});

/** Three options (Good / Better / Best), an add-on on Better, a 25 % deposit. */
const threeOptions = (extra: Record<string, unknown> = {}) => ({
  clientId,
  propertyId,
  title: 'New pool pump',
  message: 'As discussed on site.',
  terms: 'Payment within 14 days. Work guaranteed 12 months.',
  deposit: { percent: 25 },
  options: [
    {
      name: 'Good',
      recommended: false,
      lines: [{ description: 'Basic pump', quantity: 1, unitPrice: 30000, optional: false }],
    },
    {
      name: 'Better',
      recommended: true,
      lines: [
        { taskId, description: 'Replace pump', quantity: 1, unitPrice: 45000, optional: false },
        { description: 'Filter sand', quantity: 3, unitPrice: 1250, optional: false },
        { description: 'Pool cover', quantity: 1, unitPrice: 9999, optional: true },
      ],
    },
    {
      name: 'Best',
      recommended: false,
      lines: [{ description: 'Variable-speed pump', quantity: 1, unitPrice: 90000, optional: false }],
    },
  ],
  ...extra,
});

async function createQuote(body: Record<string, unknown> = threeOptions(), user = owner) {
  return json(await as(user).post('/quotes', { json: body, headers: ws(user) }), 201);
}

async function send(id: string, user = owner): Promise<QuoteDto> {
  return json(
    await as(user).post('/quotes/:id/send', { param: { id }, json: { to: clientEmail }, headers: ws(user) }),
    200,
  );
}

/**
 * Marks the newest version sent without e-mail (set-up for tests that are not about the mail,
 * which the sender's hourly limit would otherwise stop).
 */
async function markSent(id: string): Promise<QuoteDto> {
  const [row] = await t.db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, id));
  await t.db
    .update(quoteVersions)
    .set({ sentAt: new Date() })
    .where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, row!.version)));
  await t.db.update(quotes).set({ status: 'sent', sentVersion: row!.version }).where(eq(quotes.id, id));
  return json(await as(owner).get('/quotes/:id', { param: { id }, headers: ws(owner) }), 200);
}

/** A portal session of a client, as the e-mailed link would start it. */
async function portalCookieOf(forClient: string): Promise<string> {
  const link = await issuePortalLink(
    t.db,
    { workspaceId: owner.workspaceId, clientId: forClient },
    { publicUrl: t.config.publicUrl },
  );
  return followLink(link);
}

async function followLink(link: string): Promise<string> {
  const token = new URL(link).pathname.split('/').pop()!;
  const response = await apiAs(t).post('/portal/enter/:token', { param: { token }, json: {} });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function portalQuote(cookie: string, id: string, version?: number) {
  return apiAs(t, cookie).get('/portal/quotes/:id', {
    param: { id },
    query: version ? { version: String(version) } : {},
  });
}

/** The approval's multipart form, from the portal (cookie) or in person (a member's cookie). */
async function approve(
  cookie: string,
  id: string,
  fields: { optionId: string; optionalLineIds?: string[]; signerName?: string; contentHash: string },
  url = `/api/portal/quotes/${id}/approve`,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('optionId', fields.optionId);
  for (const lineId of fields.optionalLineIds ?? []) form.append('optionalLineIds', lineId);
  form.set('signerName', fields.signerName ?? 'Ada Lovelace');
  form.set('contentHash', fields.contentHash);
  form.set('signature', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'signature.png');
  return t.app.request(url, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'user-agent': 'Tablet/2.0', ...headers },
    body: form,
  });
}

describe('making, numbering and versions', () => {
  it('numbers quotes Q-0001, Q-0002… with the workspace defaults, and answers the amounts by the invoice rule', async () => {
    const settings = await json(
      await as(owner).patch('/workspaces/:id', {
        param: { id: owner.workspaceId },
        json: { quoteTerms: 'Default terms.', quoteValidDays: 10 },
        headers: ws(owner),
      }),
      200,
    );
    expect(settings).toMatchObject({
      quoteTerms: 'Default terms.',
      quoteValidDays: 10,
      quoteReminderDays: null,
      quotePrefix: 'Q-',
    });
    const first = await createQuote();
    const second = await createQuote({ ...threeOptions(), terms: undefined, validUntil: undefined });
    expect(first.number).toMatch(/^Q-\d{4}$/);
    expect(Number(second.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    expect(second.terms).toBe('Default terms.');
    // Valid for the workspace's 10 days from today where the business is (UTC by default).
    const today = new Date().toISOString().slice(0, 10);
    const tenDays = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(second.validUntil).toBe(tenDays);
    expect(first.status).toBe('draft');
    expect(first.version).toBe(1);
    const better = first.options[1]!;
    // 450.00 + 3 × 12.50 = 487.50, 8 % tax = 39.00 → 526.50 (the add-on not ticked)
    expect(better.subtotal).toBe(48750);
    expect(better.taxAmount).toBe(3900);
    expect(better.total).toBe(52650);
    expect(better.lines.map((line) => line.optional)).toEqual([false, false, true]);
    // The deposit of the recommended option: 25 % of 526.50 = 131.63 (half up)
    expect(first.depositAmount).toBe(13163);
    expect(first.can).toMatchObject({ edit: true, send: true, delete: true });
    expect(first.approval).toBeNull();
    expect(first.visitIds).toEqual([]);
    // The deposit percent is a true percent on the wire (25 = 25 %), two decimals at most.
    expect(first.deposit).toEqual({ percent: 25 });
    const fraction = await createQuote({ ...threeOptions(), deposit: { percent: 12.5 } });
    expect(fraction.deposit).toEqual({ percent: 12.5 });
  });

  it('refuses a property of another client, two recommended options, and a foreign catalogue task', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await as(owner).post('/quotes', { json: body, headers: ws(owner) })).status;
    expect(await bad(threeOptions({ propertyId: otherPropertyId }))).toBe(400);
    const two = threeOptions();
    two.options[0]!.recommended = true;
    expect(await bad(two)).toBe(400);
    const strangerTask = await createTask(t, stranger, { name: 'Theirs' });
    expect(
      await bad(
        threeOptions({
          options: [
            {
              name: 'Only',
              recommended: true,
              lines: [{ taskId: strangerTask.id, description: 'x', quantity: 1, unitPrice: 1 }],
            },
          ],
        }),
      ),
    ).toBe(400);
    expect(await bad({ ...threeOptions(), options: [] })).toBe(400);
    // A deposit in basis points (2500) is refused, never taken as 0.25 %; so is a third decimal.
    expect(await bad({ ...threeOptions(), deposit: { percent: 2500 } })).toBe(400);
    expect(await bad({ ...threeOptions(), deposit: { percent: 12.345 } })).toBe(400);
  });

  it('edits a draft in place; a sent quote is frozen and an edit makes version 2, superseding version 1 when sent', async () => {
    const quote = await createQuote();
    const edited = await json(
      await as(owner).patch('/quotes/:id', {
        param: { id: quote.id },
        json: { title: 'Pump, revised' },
        headers: ws(owner),
      }),
      200,
    );
    expect(edited.version).toBe(1);
    expect(edited.title).toBe('Pump, revised');
    const sent = await send(quote.id);
    expect(sent.status).toBe('sent');
    expect(sent.sentVersion).toBe(1);
    expect(sent.can.send).toBe(false);
    const next = await json(
      await as(owner).patch('/quotes/:id', {
        param: { id: quote.id },
        json: { terms: 'New terms.' },
        headers: ws(owner),
      }),
      200,
    );
    expect(next.version).toBe(2);
    expect(next.sentVersion).toBe(1);
    expect(next.terms).toBe('New terms.');
    // Version 1 is as it was sent.
    const [v1] = await t.db
      .select()
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, quote.id))
      .orderBy(quoteVersions.version);
    expect(v1!.terms).toBe('Payment within 14 days. Work guaranteed 12 months.');
    expect(v1!.sentAt).not.toBeNull();
    const resent = await send(quote.id);
    expect(resent.sentVersion).toBe(2);
    // A sent quote is cancelled, not deleted.
    expect((await as(owner).del('/quotes/:id', { param: { id: quote.id }, headers: ws(owner) })).status).toBe(409);
  });
});

describe('who may see quotes', () => {
  it('a technician gets 404 on every quote endpoint; another workspace 404; the list is the office’s', async () => {
    const quote = await createQuote();
    const id = quote.id;
    const asTech = as(tech);
    const statuses = [
      (await asTech.get('/quotes', { headers: ws(tech) })).status,
      (await asTech.post('/quotes', { json: threeOptions(), headers: ws(tech) })).status,
      (await asTech.get('/quotes/:id', { param: { id }, headers: ws(tech) })).status,
      (await asTech.patch('/quotes/:id', { param: { id }, json: { title: 'x' }, headers: ws(tech) })).status,
      (await asTech.del('/quotes/:id', { param: { id }, headers: ws(tech) })).status,
      (await asTech.post('/quotes/:id/send', { param: { id }, json: { to: clientEmail }, headers: ws(tech) })).status,
      (await asTech.post('/quotes/:id/cancel', { param: { id }, headers: ws(tech) })).status,
      (await asTech.get('/quotes/:id/signature', { param: { id }, headers: ws(tech) })).status,
      (await t.request('/api/quotes.csv', { cookie: tech.cookie, headers: ws(tech) })).status,
      (
        await approve(
          tech.cookie,
          id,
          { optionId: quote.options[0]!.id, contentHash: '0'.repeat(64) },
          `/api/quotes/${id}/approve-in-person`,
          ws(tech),
        )
      ).status,
    ];
    expect(statuses).toEqual(statuses.map(() => 404));
    const asStranger = as(stranger);
    expect((await asStranger.get('/quotes/:id', { param: { id }, headers: ws(stranger) })).status).toBe(404);
    expect(
      (await asStranger.patch('/quotes/:id', { param: { id }, json: { title: 'x' }, headers: ws(stranger) })).status,
    ).toBe(404);
    const list = await json(await asStranger.get('/quotes', { headers: ws(stranger) }), 200);
    expect(list.items.map((item) => item.id)).not.toContain(id);
    // The manager runs quotes as the owner does.
    expect((await as(manager).get('/quotes/:id', { param: { id }, headers: ws(manager) })).status).toBe(200);
  });

  it('lists with a status filter, a search, pages and a CSV', async () => {
    const quote = await createQuote({ ...threeOptions(), title: 'Unique gazebo install' });
    const found = await json(await as(owner).get('/quotes', { query: { q: 'gazebo' }, headers: ws(owner) }), 200);
    expect(found.items.map((item) => item.id)).toEqual([quote.id]);
    expect(found.total).toBe(1);
    const drafts = await json(
      await as(owner).get('/quotes', { query: { status: 'draft', limit: '1' }, headers: ws(owner) }),
      200,
    );
    expect(drafts.items).toHaveLength(1);
    expect(drafts.total).toBeGreaterThan(1);
    const csv = await t.request('/api/quotes.csv?q=gazebo', { cookie: owner.cookie, headers: ws(owner) });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Quote number');
    expect(text).toContain(quote.number);
  });

  it('a portal client sees only their own sent quotes', async () => {
    const mine = await createQuote();
    const draft = await createQuote();
    const theirs = await createQuote({ ...threeOptions(), clientId: otherClientId, propertyId: otherPropertyId });
    await markSent(mine.id);
    await markSent(theirs.id);
    const cookie = await portalCookieOf(clientId);
    expect((await portalQuote(cookie, mine.id)).status).toBe(200);
    expect((await portalQuote(cookie, theirs.id)).status).toBe(404);
    expect((await portalQuote(cookie, draft.id)).status).toBe(404);
    const shown = await await json(await portalQuote(cookie, mine.id), 200);
    expect(
      await approve(cookie, theirs.id, { optionId: theirs.options[0]!.id, contentHash: shown.contentHash }).then(
        (r) => r.status,
      ),
    ).toBe(404);
    // Signed out: 401.
    expect((await apiAs(t).get('/portal/quotes/:id', { param: { id: mine.id } })).status).toBe(401);
  });
});

describe('the approval', () => {
  it('from the e-mailed link: the client sees the version, ticks the add-on, signs; the job, its tasks and the deposit invoice exist', async () => {
    const quote = await createQuote();
    await send(quote.id);
    const mails = await mailsTo(t.config.dataDir, clientEmail, /quote/i);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain(quote.number);
    expect(mail.from?.text).toContain('Sparkle Pools');
    const cookie = await followLink(linkIn(mail, '/portal/enter/'));
    const shown = (await await json(await portalQuote(cookie, quote.id), 200)) as PortalQuoteDto;
    expect(shown.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.can.approve).toBe(true);
    const better = shown.options[1]!;
    const addOn = better.lines.find((line) => line.optional)!;
    const response = await approve(cookie, quote.id, {
      optionId: better.id,
      optionalLineIds: [addOn.id],
      contentHash: shown.contentHash,
    });
    expect(response.status).toBe(200);
    const office = await json(await as(owner).get('/quotes/:id', { param: { id: quote.id }, headers: ws(owner) }), 200);
    // 487.50 + 99.99 = 587.49, tax 47.00 → 634.49; deposit 25 % = 158.62
    expect(office.status).toBe('converted');
    expect(office.approvedOptionId).toBe(better.id);
    expect(office.approvedTotal).toBe(63449);
    expect(office.depositAmount).toBe(15862);
    expect(office.approval).toMatchObject({
      signerName: 'Ada Lovelace',
      version: 1,
      contentHash: shown.contentHash,
      userAgent: 'Tablet/2.0',
    });
    expect(office.visitIds).toHaveLength(1);
    const tasksMade = await t.db
      .select()
      .from(visitTasks)
      .where(eq(visitTasks.visitId, office.visitIds[0]!))
      .orderBy(visitTasks.price);
    expect(tasksMade.map((task) => [task.name, task.price])).toEqual([
      ['Filter sand', 3750],
      ['Pool cover', 9999],
      ['Replace pump', 45000],
    ]);
    expect(tasksMade.find((task) => task.name === 'Replace pump')!.taskId).toBe(taskId);
    const deposit = await json(
      await as(owner).get('/invoices/:id', { param: { id: office.depositInvoiceId! }, headers: ws(owner) }),
      200,
    );
    expect(deposit.total).toBe(15862);
    expect(deposit.invoiceNumber).not.toBe(quote.number);
    // The office hears of it (the bell).
    const bell = await t.db.select().from(staffNotifications).where(eq(staffNotifications.kind, 'quote_approved'));
    expect(bell.some((row) => row.text.includes(quote.number))).toBe(true);
    // A second approval is refused, and makes nothing more.
    const again = await approve(cookie, quote.id, { optionId: better.id, contentHash: shown.contentHash });
    expect(again.status).toBe(409);
    // The signature is kept and readable by the office.
    expect(
      (await t.request(`/api/quotes/${quote.id}/signature`, { cookie: owner.cookie, headers: ws(owner) })).status,
    ).toBe(200);
  });

  it('an old version is refused (409), and a link to it shows that the quote was updated', async () => {
    const quote = await createQuote();
    await markSent(quote.id);
    const cookie = await portalCookieOf(clientId);
    const old = await await json(await portalQuote(cookie, quote.id), 200);
    await as(owner).patch('/quotes/:id', { param: { id: quote.id }, json: { terms: 'Changed.' }, headers: ws(owner) });
    await markSent(quote.id);
    const response = await approve(cookie, quote.id, { optionId: old.options[0]!.id, contentHash: old.contentHash });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/updated/);
    const oldLink = await await json(await portalQuote(cookie, quote.id, 1), 200);
    expect(oldLink.superseded).toBe(true);
    expect(oldLink.currentVersion).toBe(2);
    expect(oldLink.can.approve).toBe(false);
  });

  it('a signature that is not an image, or none, or a bad field, is refused and approves nothing', async () => {
    const quote = await createQuote();
    const sent = await markSent(quote.id);
    const cookie = await portalCookieOf(clientId);
    const shown = await json(await portalQuote(cookie, quote.id), 200);
    const post = (form: FormData) =>
      t.app.request(`/api/portal/quotes/${quote.id}/approve`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie },
        body: form,
      });
    const base = () => {
      const form = new FormData();
      form.set('optionId', sent.options[0]!.id);
      form.set('signerName', 'Ada');
      form.set('contentHash', shown.contentHash);
      return form;
    };
    const text = base();
    text.set('signature', new Blob(['not a picture'], { type: 'image/png' }), 'signature.png');
    expect((await post(text)).status).toBe(415);
    expect((await post(base())).status).toBe(400);
    const noName = base();
    noName.set('signerName', ' ');
    noName.set('signature', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'signature.png');
    expect((await post(noName)).status).toBe(400);
    const json415 = await t.app.request(`/api/portal/quotes/${quote.id}/approve`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json415.status).toBe(415);
    const [row] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe('sent');
  });

  it('a hash of other content is refused (409)', async () => {
    const quote = await createQuote();
    await markSent(quote.id);
    const cookie = await portalCookieOf(clientId);
    const shown = await await json(await portalQuote(cookie, quote.id), 200);
    const response = await approve(cookie, quote.id, { optionId: shown.options[0]!.id, contentHash: 'a'.repeat(64) });
    expect(response.status).toBe(409);
    const [row] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe('sent');
  });

  it('expires at the end of valid until in the business’s time zone; an edit renews it', async () => {
    const quote = await createQuote({ ...threeOptions(), validUntil: '2020-01-01' });
    await markSent(quote.id);
    const cookie = await portalCookieOf(clientId);
    const shown = await await json(await portalQuote(cookie, quote.id), 200);
    expect(shown.status).toBe('expired');
    expect(shown.expired).toBe(true);
    const response = await approve(cookie, quote.id, {
      optionId: shown.options[0]!.id,
      contentHash: shown.contentHash,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/expired/);
    const expiredList = await json(
      await as(owner).get('/quotes', { query: { status: 'expired' }, headers: ws(owner) }),
      200,
    );
    expect(expiredList.items.map((item) => item.id)).toContain(quote.id);
    // Today in a zone far ahead: valid until today is still valid there until its midnight.
    await t.db.update(workspaces).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(workspaces.id, owner.workspaceId));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    await as(owner).patch('/quotes/:id', { param: { id: quote.id }, json: { validUntil: today }, headers: ws(owner) });
    await markSent(quote.id);
    const renewed = await await json(await portalQuote(cookie, quote.id), 200);
    expect(renewed.expired).toBe(false);
    const ok = await approve(cookie, quote.id, { optionId: renewed.options[0]!.id, contentHash: renewed.contentHash });
    expect(ok.status).toBe(200);
    await t.db.update(workspaces).set({ timeZone: 'America/New_York' }).where(eq(workspaces.id, owner.workspaceId));
  });

  it('the client may decline with a reason; the office is told', async () => {
    const quote = await createQuote();
    await markSent(quote.id);
    const cookie = await portalCookieOf(clientId);
    const declined = await json(
      await apiAs(t, cookie).post('/portal/quotes/:id/decline', {
        param: { id: quote.id },
        json: { reason: 'Too dear' },
      }),
      200,
    );
    expect(declined.status).toBe('declined');
    const office = await json(await as(owner).get('/quotes/:id', { param: { id: quote.id }, headers: ws(owner) }), 200);
    expect(office.declineReason).toBe('Too dear');
    const bell = await t.db.select().from(staffNotifications).where(eq(staffNotifications.kind, 'quote_declined'));
    expect(bell.some((row) => row.text.includes(quote.number))).toBe(true);
  });

  it('in person: an owner or manager takes the same fields; a deposit by amount; no deposit makes no invoice', async () => {
    const quote = await createQuote({ ...threeOptions(), deposit: { amount: 5000 } });
    const sent = await markSent(quote.id);
    const shown = await await json(await portalQuote(await portalCookieOf(clientId), quote.id), 200);
    const response = await approve(
      manager.cookie,
      quote.id,
      { optionId: sent.options[0]!.id, contentHash: shown.contentHash },
      `/api/quotes/${quote.id}/approve-in-person`,
      ws(manager),
    );
    expect(response.status).toBe(200);
    const done = (await response.json()) as QuoteDto;
    expect(done.status).toBe('converted');
    expect(done.approval?.inPersonBy).toBe(manager.id);
    expect(done.depositAmount).toBe(5000);
    expect(done.depositInvoiceId).not.toBeNull();
    const none = await createQuote({ ...threeOptions(), deposit: null });
    const sentNone = await markSent(none.id);
    const shownNone = await await json(await portalQuote(await portalCookieOf(clientId), none.id), 200);
    const made = await approve(
      owner.cookie,
      none.id,
      { optionId: sentNone.options[2]!.id, contentHash: shownNone.contentHash },
      `/api/quotes/${none.id}/approve-in-person`,
      ws(owner),
    );
    expect(made.status).toBe(200);
    expect(((await made.json()) as QuoteDto).depositInvoiceId).toBeNull();
  });

  it('a plan becomes a series through the series engine, its occurrences carrying the chosen lines', async () => {
    const quote = await createQuote({
      ...threeOptions(),
      deposit: null,
      plan: {
        startsAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
        timeZone: 'America/New_York',
        rrule: 'FREQ=WEEKLY;COUNT=4',
      },
    });
    const sent = await markSent(quote.id);
    const shown = await await json(await portalQuote(await portalCookieOf(clientId), quote.id), 200);
    const response = await approve(
      owner.cookie,
      quote.id,
      { optionId: sent.options[0]!.id, contentHash: shown.contentHash },
      `/api/quotes/${quote.id}/approve-in-person`,
      ws(owner),
    );
    const done = (await json(response, 200)) as unknown as QuoteDto;
    expect(done.seriesId).not.toBeNull();
    // The occurrences within the horizon (all four here) exist at once.
    expect(done.visitIds).toHaveLength(4);
    const made = await t.db.select().from(visitTasks).where(inArray(visitTasks.visitId, done.visitIds));
    expect(made.every((task) => task.name === 'Basic pump' && task.price === 30000)).toBe(true);
    expect(made).toHaveLength(done.visitIds.length);
  });
});

describe('the PDFs', () => {
  const pdfText = async (id: string) => {
    const response = await t.request(`/api/quotes/${id}/pdf`, { cookie: owner.cookie, headers: ws(owner) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), {
      mergePages: true,
    });
    return text;
  };

  it('the quote shows its options and terms; once approved, the approved lines, the terms and the signer', async () => {
    const quote = await createQuote();
    const before = await pdfText(quote.id);
    for (const words of [
      'QUOTE',
      quote.number,
      'Good',
      'Better (recommended)',
      'Best',
      'Pool cover (add-on)',
      'Payment within 14 days',
    ]) {
      expect(before).toContain(words);
    }
    await markSent(quote.id);
    const shown = await json(await portalQuote(await portalCookieOf(clientId), quote.id), 200);
    const better = shown.options[1]!;
    const addOn = better.lines.find((line) => line.optional)!;
    const response = await approve(
      owner.cookie,
      quote.id,
      { optionId: better.id, optionalLineIds: [addOn.id], contentHash: shown.contentHash, signerName: 'Grace Hopper' },
      `/api/quotes/${quote.id}/approve-in-person`,
      ws(owner),
    );
    expect(response.status).toBe(200);
    const after = await pdfText(quote.id);
    for (const words of [
      'Approved: Better',
      'Replace pump',
      'Filter sand',
      'Pool cover (add-on)',
      '$634.49',
      'Deposit',
      '$158.62',
      'Payment within 14 days',
      'Signed',
      'Grace Hopper',
    ]) {
      expect(after).toContain(words);
    }
    expect(after).not.toContain('Basic pump');
    expect(after).not.toContain('Variable-speed pump');
  });
});

describe('the job’s invoice', () => {
  it('for random options, add-ons, discounts and tax: the approved total is the job invoice’s total, and the deposit counts as paid', async () => {
    const line = fc.record({
      description: fc.constantFrom('Labour', 'Parts', 'Call-out'),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPrice: fc.integer({ min: 0, max: 500_00 }),
      optional: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 200_00 }) }),
            fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 10000 }) }),
          ),
          { nil: null },
        ),
        fc.integer({ min: 0, max: 2500 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (lines, discount, taxRateBps, depositPercent, ticks) => {
          await t.db.update(workspaces).set({ taxRateBps }).where(eq(workspaces.id, owner.workspaceId));
          const quote = await createQuote({
            ...threeOptions(),
            discount,
            deposit: { percent: depositPercent / 100 },
            options: [{ name: 'Only', recommended: true, lines }],
          });
          const sent = await markSent(quote.id);
          const option = sent.options[0]!;
          const chosen = option.lines.filter((each, index) => each.optional && ticks[index]).map((each) => each.id);
          const shown = await await json(await portalQuote(await portalCookieOf(clientId), quote.id), 200);
          const response = await approve(
            owner.cookie,
            quote.id,
            { optionId: option.id, optionalLineIds: chosen, contentHash: shown.contentHash },
            `/api/quotes/${quote.id}/approve-in-person`,
            ws(owner),
          );
          const done = (await response.json()) as QuoteDto;
          expect(response.status).toBe(200);
          const expected = optionAmounts(option.lines, chosen, sent.taxRateBps, sent.discount, sent.deposit);
          expect(done.approvedTotal).toBe(expected.total);
          // The job is done: its tasks completed, then billed.
          const visitId = done.visitIds[0]!;
          await t.db.update(visitTasks).set({ status: 'completed' }).where(eq(visitTasks.visitId, visitId));
          await t.db.update(visits).set({ status: 'completed' }).where(eq(visits.id, visitId));
          const invoice = await json(
            await as(owner).post('/invoices', { json: { propertyId, visitIds: [visitId] }, headers: ws(owner) }),
            201,
          );
          expect(invoice.total).toBe(done.approvedTotal);
          if (done.depositInvoiceId) {
            // The deposit, once paid, counts as paid on the job's invoice.
            await as(owner).post('/invoices/:id/mark-paid', {
              param: { id: done.depositInvoiceId },
              json: {},
              headers: ws(owner),
            });
            const final = await json(
              await as(owner).get('/invoices/:id', { param: { id: invoice.id }, headers: ws(owner) }),
              200,
            );
            expect(final.amountPaid).toBe(done.depositAmount);
            expect(final.balanceDue + done.depositAmount).toBe(done.approvedTotal);
          }
          await t.db.delete(invoices).where(eq(invoices.id, invoice.id));
        },
      ),
      { numRuns: 12 },
    );
    await t.db.update(workspaces).set({ taxRateBps: 800 }).where(eq(workspaces.id, owner.workspaceId));
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('approvals at once (PostgreSQL)', () => {
  it('50 concurrent approvals of one quote make exactly one job and one deposit invoice', async () => {
    const quote = await createQuote();
    const sent = await markSent(quote.id);
    const shown = await await json(await portalQuote(await portalCookieOf(clientId), quote.id), 200);
    const before = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.workspaceId, owner.workspaceId));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        approve(
          owner.cookie,
          quote.id,
          { optionId: sent.options[0]!.id, contentHash: shown.contentHash },
          `/api/quotes/${quote.id}/approve-in-person`,
          ws(owner),
        ).then((response) => response.status),
      ),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((status) => status === 409)).toHaveLength(49);
    const after = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.workspaceId, owner.workspaceId));
    expect(after.length - before.length).toBe(1);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.visitIds).toHaveLength(1);
  }, 120_000);
});
