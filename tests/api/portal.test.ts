import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, portalLinks, portalSessions, staffNotifications, users, workspaces } from '../../src/server/db/schema';
import { isUpload } from '../../src/server/guards';
import {
  addMember,
  addVisitTask,
  createClientRow,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  uniqueEmail,
  type TestUser,
} from '../support/factories';
import { tinyPng } from '../support/images';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { linkIn, mailsTo } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';

// The client portal. The link (single use, 7 days, revocable), the session it starts
// (by cookie, recorded with its address), the portal's scope (the client's own records only, and
// no staff endpoint), access with a verified account, and 'Request a visit'.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;
const ada = { email: uniqueEmail('ada'), clientId: '', propertyId: '', visitId: '', upcomingId: '', invoiceId: '' };
const bob = { clientId: '', propertyId: '', visitId: '', invoiceId: '', photoId: '' };
let strangerVisitId: string;
let strangerInvoiceId: string;
let adaPhotoId: string;
let draftId: string;

/** The workspace a user's requests name: the business's for its team, their own for the stranger. */
const ws = (user: TestUser) => ({ 'x-workspace': user === stranger ? stranger.workspaceId : owner.workspaceId });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t, { name: 'Mona Manager' });
  tech = await createUser(t, { name: 'Theo Tech' });
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  await addMember(t, owner.workspaceId, tech, 'technician', owner);
  await t.db.update(workspaces).set({ name: 'Sparkle Pools' }).where(eq(workspaces.id, owner.workspaceId));

  const villa = await createProperty(t, owner, { name: 'Villa Rosa' }, [tech]);
  const shed = await createProperty(t, owner, { name: 'Bob Shed' });
  ada.propertyId = villa.id;
  bob.propertyId = shed.id;
  ada.clientId = (
    await createClientRow(t, owner.workspaceId, { name: 'Ada Lovelace', email: ada.email }, [villa.id])
  ).id;
  bob.clientId = (
    await createClientRow(t, owner.workspaceId, { name: 'Bob Builder', email: uniqueEmail('bob') }, [shed.id])
  ).id;

  const task = await createTask(t, owner, { name: 'Clean filter' });
  const done = await createVisit(t, villa.id, { lead: tech, status: 'completed' });
  ada.visitId = done.id;
  ada.upcomingId = (await createVisit(t, villa.id, { lead: tech })).id;
  const doneTask = await addVisitTask(t, done.id, task.id, { status: 'completed', reading: 2 });
  const key = `${Date.now()}-${randomBytes(6).toString('hex')}.png`;
  await t.storage.put(key, await tinyPng(), 'image/png');
  adaPhotoId = (
    await createPhotoRow(
      t,
      tech,
      { type: 'visit', id: done.id },
      { visitTaskId: doneTask.id, tag: 'before', storagePath: key },
    )
  ).id;
  await t.db.insert(notes).values([
    {
      workspaceId: owner.workspaceId,
      content: 'Shared: all clean',
      attachableType: 'visit',
      attachableId: done.id,
      createdBy: tech.id,
      shareWithClient: true,
    },
    {
      workspaceId: owner.workspaceId,
      content: 'Internal: grumpy dog',
      attachableType: 'visit',
      attachableId: done.id,
      createdBy: tech.id,
    },
  ]);
  ada.invoiceId = (
    await createInvoiceRow(t, villa.id, { status: 'sent', subtotal: 10000, taxAmount: 800, total: 10800 })
  ).id;
  draftId = (await createInvoiceRow(t, villa.id)).id;

  const bobVisit = await createVisit(t, shed.id, { status: 'completed' });
  bob.visitId = bobVisit.id;
  const bobTask = await addVisitTask(t, bobVisit.id, task.id, { status: 'completed' });
  bob.photoId = (
    await createPhotoRow(t, owner, { type: 'visit', id: bobVisit.id }, { visitTaskId: bobTask.id, tag: 'after' })
  ).id;
  bob.invoiceId = (await createInvoiceRow(t, shed.id, { status: 'sent' })).id;

  const elsewhere = await createProperty(t, stranger, { name: 'Elsewhere' });
  await createClientRow(t, stranger.workspaceId, { name: 'Ada elsewhere', email: uniqueEmail('other') }, [
    elsewhere.id,
  ]);
  strangerVisitId = (await createVisit(t, elsewhere.id, { status: 'completed' })).id;
  strangerInvoiceId = (await createInvoiceRow(t, elsewhere.id, { status: 'sent' })).id;
});
afterAll(async () => {
  await t.close();
});

/** The owner sends Ada a portal link (202); the newest link in her mail. */
async function sendLink(by: TestUser = owner): Promise<string> {
  // Counted as below: Ada gets other mail too (her account's verification goes out after its answer).
  const before = (await mailsTo(t.config.dataDir, ada.email, /portal/i)).length;
  const sent = await json(
    await apiAs(t, by.cookie).post('/clients/:id/portal-link', {
      param: { id: ada.clientId },
      json: {},
      headers: ws(by),
    }),
    202,
  );
  expect(sent.email).toBe(ada.email);
  const mails = await mailsTo(t.config.dataDir, ada.email, /portal/i);
  expect(mails.length).toBe(before + 1);
  return linkIn(mails[mails.length - 1]!, '/portal/enter/');
}

/**
 * Follows a link as a phone would: the page it opens, then its 'Open my portal' button (the POST).
 * The portal cookie it set, or null, and where the page goes next (the expired page on a refusal).
 */
async function follow(
  link: string,
  ip = '203.0.113.7',
): Promise<{ response: Response; cookie: string | null; next: string }> {
  const token = new URL(link).pathname.split('/').pop()!;
  const response = await apiAs(t).post('/portal/enter/:token', {
    param: { token },
    json: {},
    headers: { 'x-forwarded-for': ip, 'user-agent': 'Phone/1.0' },
  });
  const set = response.headers.get('set-cookie');
  const next = response.status === 200 ? (await response.clone().json()).next : '/portal/expired';
  return { response, cookie: set ? set.split(';')[0]! : null, next };
}

async function portalCookie(): Promise<string> {
  const { cookie } = await follow(await sendLink());
  if (!cookie) throw new Error('no portal cookie');
  return cookie;
}

describe('the portal link', () => {
  it('is e-mailed from the business on PUBLIC_URL; a GET or HEAD of it leaves it usable, the POST uses it up once', async () => {
    const link = await sendLink();
    expect(link.startsWith(`${t.config.publicUrl}/portal/enter/`)).toBe(true);
    const [mail] = (await mailsTo(t.config.dataDir, ada.email, /portal/i)).slice(-1);
    expect(mail!.from?.text).toContain('Sparkle Pools');
    expect(mail!.subject).toBe('Your portal at Sparkle Pools');

    // Opening the link (a mail scanner, a preview, the page itself) uses nothing up.
    const token = link.split('/').pop()!;
    for (const method of ['GET', 'HEAD']) {
      const opened = await t.request(`/api/portal/enter/${token}`, { method });
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`/portal/enter/${token}`);
      expect(opened.headers.get('set-cookie')).toBeNull();
    }
    expect((await t.request(new URL(link).pathname)).headers.get('set-cookie')).toBeNull();

    const first = await follow(link);
    expect(first.response.status).toBe(200);
    expect(first.next).toBe('/portal');
    const setCookie = first.response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^rounds_portal=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http PUBLIC_URL
    const me = await json(await apiAs(t, first.cookie!).get('/portal/me'), 200);
    const [business] = await t.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(me).toEqual({
      client: { name: 'Ada Lovelace' },
      // how the business writes dates and amounts: the portal's screens use them
      business: {
        name: 'Sparkle Pools',
        country: business!.country,
        locale: business!.locale,
        currency: business!.currency,
        timeZone: business!.timeZone,
      },
      properties: [expect.objectContaining({ id: ada.propertyId, name: 'Villa Rosa' })],
    });
    await t.db
      .update(workspaces)
      .set({ country: 'AU', locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Perth' })
      .where(eq(workspaces.id, owner.workspaceId));
    const australian = await json(await apiAs(t, first.cookie!).get('/portal/me'), 200);
    expect(australian.business).toEqual({
      name: 'Sparkle Pools',
      country: 'AU',
      locale: 'en-AU',
      currency: 'AUD',
      timeZone: 'Australia/Perth',
    });
    await t.db
      .update(workspaces)
      .set({
        country: business!.country,
        locale: business!.locale,
        currency: business!.currency,
        timeZone: business!.timeZone,
      })
      .where(eq(workspaces.id, owner.workspaceId));

    const again = await follow(link);
    expect(again.response.status).toBe(404);
    expect((await again.response.json()).error.message).toBe(
      'This link is no longer valid. Please ask the business for a new one.',
    );
    expect(again.next).toBe('/portal/expired');
    expect(again.cookie).toBeNull();
    // Only the token's sha256 is stored.
    const rows = await t.db.select({ hash: portalLinks.tokenHash }).from(portalLinks);
    expect(rows.some((row) => row.hash === token)).toBe(false);
  });

  it('expires: a link past its 7 days starts no session', async () => {
    const link = await sendLink();
    const [row] = await t.db
      .select()
      .from(portalLinks)
      .orderBy(portalLinks.createdAt)
      .limit(100)
      .then((all) => all.slice(-1));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(7.1 * 24 * 3600_000);
    await t.db
      .update(portalLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.id, row!.id));
    const followed = await follow(link);
    expect(followed.next).toBe('/portal/expired');
    expect(followed.cookie).toBeNull();
  });

  it('a session lasts 30 days, and an expired session is refused', async () => {
    const cookie = await portalCookie();
    const [session] = await t.db
      .select()
      .from(portalSessions)
      .orderBy(portalSessions.createdAt)
      .then((all) => all.slice(-1));
    const days = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / (24 * 3600_000);
    expect(Math.round(days)).toBe(30);
    await t.db
      .update(portalSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalSessions.id, session!.id));
    expect((await apiAs(t, cookie).get('/portal/me')).status).toBe(401);
  });

  it('leads to its `next` only when that is a portal path', async () => {
    const { issuePortalLink } = await import('../../src/server/modules/portal');
    const client = { workspaceId: owner.workspaceId, clientId: ada.clientId };
    const toVisit = await issuePortalLink(t.db, client, {
      publicUrl: t.config.publicUrl,
      next: `/portal/visits/${ada.visitId}`,
    });
    expect((await follow(toVisit)).next).toBe(`/portal/visits/${ada.visitId}`);
    const away = await issuePortalLink(t.db, client, {
      publicUrl: t.config.publicUrl,
      next: 'https://evil.example/portal',
    });
    expect((await follow(away)).next).toBe('/portal');
  });

  it('is revoked from the client page: unused links and open sessions stop working', async () => {
    const cookie = await portalCookie();
    const unused = await sendLink();
    expect((await apiAs(t, cookie).get('/portal/me')).status).toBe(200);
    const revoked = await apiAs(t, manager.cookie).post('/clients/:id/portal-revoke', {
      param: { id: ada.clientId },
      json: {},
      headers: ws(manager),
    });
    expect(revoked.status).toBe(204);
    expect((await apiAs(t, cookie).get('/portal/me')).status).toBe(401);
    const followed = await follow(unused);
    expect(followed.next).toBe('/portal/expired');
  });

  it('is sent by owners and managers only; 409 without an e-mail; 404 for another workspace', async () => {
    const send = (user: TestUser, clientId: string) =>
      apiAs(t, user.cookie).post('/clients/:id/portal-link', { param: { id: clientId }, json: {}, headers: ws(user) });
    expect((await send(tech, ada.clientId)).status).toBe(403);
    expect((await send(stranger, ada.clientId)).status).toBe(404);
    const silent = await createClientRow(t, owner.workspaceId, { name: 'No Mail' });
    const refused = await refusal(await send(owner, silent.id), 409);
    expect(refused.error.message).toBe('The client has no e-mail address to send the portal link to');
    expect((await send(manager, ada.clientId)).status).toBe(202);
  });

  it('records each sign-in with its address, listed newest first on the client page', async () => {
    await follow(await sendLink(), '198.51.100.20');
    await follow(await sendLink(), '198.51.100.21');
    const list = await json(
      await apiAs(t, owner.cookie).get('/clients/:id/portal-sign-ins', {
        param: { id: ada.clientId },
        query: { limit: 2 },
        headers: ws(owner),
      }),
      200,
    );
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.items.map((item) => item.ipAddress)).toEqual(['198.51.100.21', '198.51.100.20']);
    expect(list.items[0]!.userAgent).toBe('Phone/1.0');
    expect(
      (
        await apiAs(t, tech.cookie).get('/clients/:id/portal-sign-ins', {
          param: { id: ada.clientId },
          headers: ws(tech),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await apiAs(t, stranger.cookie).get('/clients/:id/portal-sign-ins', {
          param: { id: ada.clientId },
          headers: ws(stranger),
        })
      ).status,
    ).toBe(404);
  });
});

describe("the portal's scope", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await portalCookie();
  });

  it('lists the client’s upcoming and past visits with the business name', async () => {
    const upcoming = await json(await apiAs(t, cookie).get('/portal/visits', { query: { when: 'upcoming' } }), 200);
    expect(upcoming.items.map((visit) => visit.id)).toEqual([ada.upcomingId]);
    const past = await json(await apiAs(t, cookie).get('/portal/visits', { query: { when: 'past' } }), 200);
    expect(past.items.map((visit) => visit.id)).toEqual([ada.visitId]);
    expect(past.items[0]).toMatchObject({
      businessName: 'Sparkle Pools',
      photoCount: 1,
      property: { name: 'Villa Rosa' },
    });
  });

  it('shows the report with photos, readings and only the shared notes; photos and signature by portal URLs', async () => {
    const report = await json(await apiAs(t, cookie).get('/portal/visits/:id', { param: { id: ada.visitId } }), 200);
    expect(report.notes.map((note) => note.content)).toEqual(['Shared: all clean']);
    expect(report.tasks[0]!.reading).toBe(2);
    expect(report.tasks[0]!.photos.map((photo) => photo.thumbnailUrl)).toEqual([
      `/api/portal/photos/${adaPhotoId}/thumbnail`,
    ]);
    expect(report.can.send).toBe(false);
    expect(report.client?.email ?? null).toBeNull();
    const thumbnail = await t.request(report.tasks[0]!.photos[0]!.thumbnailUrl, { cookie });
    expect(thumbnail.status).toBe(200);
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await apiAs(t, cookie).get('/portal/photos/:id/file', { param: { id: adaPhotoId } })).status).toBe(200);
    // not signed: no signature to serve
    expect((await apiAs(t, cookie).get('/portal/visits/:id/signature', { param: { id: ada.visitId } })).status).toBe(
      404,
    );
  });

  it('another client’s visit, photo or invoice, or another workspace’s, is 404', async () => {
    for (const url of [
      `/api/portal/visits/${bob.visitId}`,
      `/api/portal/visits/${bob.visitId}/signature`,
      `/api/portal/photos/${bob.photoId}/thumbnail`,
      `/api/portal/photos/${bob.photoId}/file`,
      `/api/portal/invoices/${bob.invoiceId}/pdf`,
      `/api/portal/visits/${strangerVisitId}`,
      `/api/portal/invoices/${strangerInvoiceId}/pdf`,
      `/api/portal/invoices/${draftId}/pdf`,
    ]) {
      expect((await t.request(url, { cookie })).status, url).toBe(404);
    }
  });

  it('lists the client’s invoices (no drafts) with the balance due, and serves their PDF', async () => {
    const list = await json(await apiAs(t, cookie).get('/portal/invoices'), 200);
    expect(list.items.map((invoice) => invoice.id)).toEqual([ada.invoiceId]);
    expect(list.items[0]!.balanceDue).toBe(list.items[0]!.total);
    expect(list.items[0]!.total).toBeGreaterThan(0);
    const pdf = await t.request(list.items[0]!.pdfUrl, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('every staff endpoint answers 401 to a portal session', async () => {
    const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
    const routes = t.app.routes
      .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*') && route.method !== 'ALL')
      .filter((route) => !/^\/api\/(portal|health|auth|auth-test|clear-auth)\b/.test(route.path))
      .filter((route) => route.path !== '/api/calendar/feed/:file')
      // the unsubscribe link: public, its signed token is the key (client-messages.test.ts)
      .filter((route) => !route.path.startsWith('/api/unsubscribe/'))
      // an invitation's e-mailed link: public, its secret token is the key (workspaces.test.ts)
      .filter((route) => !route.path.startsWith('/api/invitations/by-token/'))
      // 'Verify my e-mail' on the verification link's page: public, its signed token is the key (identity.test.ts)
      .filter((route) => route.path !== '/api/verify-email/:token')
      // the API's OpenAPI document and its reference page: public (openapi.test.ts)
      .filter((route) => !/^\/api\/(openapi\.json|docs)$/.test(route.path))
      // the payment provider's webhook: no session at all, its signature is the key (payments.test.ts)
      .filter((route) => route.path !== '/api/payments/webhooks/stripe');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const url = route.path.replace(/:[A-Za-z]+/g, SAMPLE_ID);
      const response = await t.request(url, {
        method: route.method,
        cookie,
        body: route.method === 'GET' || route.method === 'DELETE' || isUpload(route.method, url) ? undefined : {},
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
    // with real ids too: Ada's own visit and invoice through the staff API
    for (const url of [
      `/api/visits/${ada.visitId}`,
      `/api/invoices/${ada.invoiceId}`,
      `/api/photos/${adaPhotoId}/file`,
    ]) {
      expect((await t.request(url, { cookie })).status, url).toBe(401);
    }
  });

  it('without a session the portal answers 401', async () => {
    expect((await t.request('/api/portal/visits')).status).toBe(401);
    expect((await apiAs(t, 'rounds_portal=forged-token-value-1234567890').get('/portal/me')).status).toBe(401);
  });
});

describe('a client with a Rounds account', () => {
  it('opens the same pages signed in, once the account’s e-mail (the client’s) is verified', async () => {
    const unverified = await createUser(t, { email: ada.email.toUpperCase(), verified: false });
    expect((await apiAs(t, unverified.cookie).get('/portal/me')).status).toBe(401);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, unverified.id));
    const me = await json(await apiAs(t, unverified.cookie).get('/portal/me'), 200);
    expect(me.client.name).toBe('Ada Lovelace');
    expect((await apiAs(t, unverified.cookie).get('/portal/visits/:id', { param: { id: bob.visitId } })).status).toBe(
      404,
    );
    // an account of another address is no client
    expect((await apiAs(t, stranger.cookie).get('/portal/me')).status).toBe(401);
  });
});

describe("'Request a visit'", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await portalCookie();
  });
  const tomorrow = () => new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);

  it('validates: the client’s own property, at most 3 dates not in the past, a message of at most 2000', async () => {
    const post = (body: unknown) => apiAs(t, cookie).post('/portal/requests', { json: body });
    const cases: [unknown, string, string][] = [
      [{ propertyId: bob.propertyId }, 'propertyId', 'Property not found'],
      [{}, 'propertyId', 'Please choose a property'],
      [
        { propertyId: ada.propertyId, preferredDates: ['2020-01-01'] },
        'preferredDates.0',
        'Preferred dates cannot be in the past',
      ],
      [
        { propertyId: ada.propertyId, preferredDates: ['tomorrow'] },
        'preferredDates.0',
        'Please enter a date as YYYY-MM-DD',
      ],
      [
        { propertyId: ada.propertyId, preferredDates: [tomorrow(), tomorrow(), tomorrow(), tomorrow()] },
        'preferredDates',
        'Choose at most 3 preferred dates',
      ],
      [{ propertyId: ada.propertyId, message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await refusal(await post(body), 400);
      expect(refused.error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('makes an open request and tells every owner and manager; they schedule it', async () => {
    const made = await json(
      await apiAs(t, cookie).post('/portal/requests', {
        json: { propertyId: ada.propertyId, preferredDates: [tomorrow()], message: 'The pool is green' },
      }),
      201,
    );
    expect(made).toMatchObject({ status: 'open', preferredDates: [tomorrow()], message: 'The pool is green' });
    const told = await t.db
      .select({ userId: staffNotifications.userId, text: staffNotifications.text, kind: staffNotifications.kind })
      .from(staffNotifications)
      .where(eq(staffNotifications.requestId, made.id));
    expect(told.map((row) => row.userId).sort()).toEqual([owner.id, manager.id].sort());
    expect(told[0]).toMatchObject({ kind: 'visit_request', text: 'Ada Lovelace requested a visit at Villa Rosa' });

    const mine = await json(await apiAs(t, cookie).get('/portal/requests'), 200);
    expect(mine.items.map((request) => request.id)).toContain(made.id);

    const open = await json(await apiAs(t, manager.cookie).get('/visit-requests', { headers: ws(manager) }), 200);
    expect(open.items.find((request) => request.id === made.id)).toMatchObject({
      client: { name: 'Ada Lovelace' },
      property: { name: 'Villa Rosa' },
    });
    expect((await apiAs(t, tech.cookie).get('/visit-requests', { headers: ws(tech) })).status).toBe(403);
    const stranger404 = await apiAs(t, stranger.cookie).patch('/visit-requests/:id', {
      param: { id: made.id },
      json: { status: 'declined' },
      headers: ws(stranger),
    });
    expect(stranger404.status).toBe(404);
    const elsewhere = await apiAs(t, manager.cookie).patch('/visit-requests/:id', {
      param: { id: made.id },
      json: { status: 'scheduled', visitId: bob.visitId },
      headers: ws(manager),
    });
    expect(elsewhere.status).toBe(409);
    const scheduled = await json(
      await apiAs(t, manager.cookie).patch('/visit-requests/:id', {
        param: { id: made.id },
        json: { status: 'scheduled', visitId: ada.upcomingId },
        headers: ws(manager),
      }),
      200,
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', visitId: ada.upcomingId });
    const twice = await apiAs(t, manager.cookie).patch('/visit-requests/:id', {
      param: { id: made.id },
      json: { status: 'declined' },
      headers: ws(manager),
    });
    expect(twice.status).toBe(409);
  });
});
