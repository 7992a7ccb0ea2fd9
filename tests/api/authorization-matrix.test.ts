import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail, type TestUser } from '../support/factories';
import { tinyPng } from '../support/images';
import { createTestApp } from '../support/test-app';
import { buildWorld, createInvitationRow, hiddenFrom, type World } from '../support/worlds';

// Issue 15: the authorization matrix. Every endpoint of the router (never a hand list) is
// called by every role, once on its own records and once on another world's, and must answer
// what ARCHITECTURE.md "Who may do what", access.ts and docs/api.md say. A 2xx answer must
// not carry an id the caller may not see. An endpoint without a row here fails the suite.

const ROLES = ['owner', 'technician', 'stranger', 'admin', 'signedOut'] as const;
type Role = (typeof ROLES)[number];
const KINDS = ['own', 'foreign'] as const;
type Kind = (typeof KINDS)[number];

/** An exact status, or any success. */
type Status = number | '2xx';
/** For each role: the answer on its own records, then on the other world's. */
type Expected = Record<Role, readonly [own: Status, foreign: Status]>;

/** One call of the matrix: who calls, and the world whose records fill the path. */
interface Cell {
  role: Role;
  kind: Kind;
  user: TestUser | null;
  w: World;
}

interface Row {
  /** Path parameters, by name, from the cell's world. */
  params?: (c: Cell) => Record<string, string> | Promise<Record<string, string>>;
  query?: (c: Cell) => Record<string, string>;
  /** JSON body. */
  body?: (c: Cell) => unknown;
  /** Multipart fields sent with a tiny PNG (the photo upload). */
  upload?: (c: Cell) => Record<string, string>;
  /** A fresh world per call (default: every write). A read uses the shared worlds. */
  fresh?: boolean;
  /** Ids the world's owner must find in a success (so a leak check never runs on an empty answer by mistake). */
  listed?: (w: World) => string[];
  expect: Expected;
}

// ── the rules, as answers per role ([own, foreign]; signed out is always 401) ──

const signedOut = [401, 401] as const;
/** Nothing of a world in the request: the same for every signed-in user. */
const anyUser = (ok: Status): Expected => ({
  owner: [ok, ok],
  technician: [ok, ok],
  stranger: [ok, ok],
  admin: [ok, ok],
  signedOut,
});
/** Under a property: whoever sees it (linked, or an admin); anyone else 404. */
const seesProperty = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [ok, 404],
  stranger: [ok, 404],
  admin: [ok, ok],
  signedOut,
});
/** Owner-only on a visible property (edit, delete, people, invitations, creating invoices): a technician 403. */
const managesProperty = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [403, 404],
  stranger: [ok, 404],
  admin: [ok, ok],
  signedOut,
});
/** An invoice: technicians do not see invoices (404), like anyone who does not manage the property. */
const managesInvoice = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [404, 404],
  stranger: [ok, 404],
  admin: [ok, ok],
  signedOut,
});
/** The lead of the visit (the world's owner) or an admin decides who else is on it. */
const leadsVisit = managesProperty;
/** Task templates: one shared catalogue, changed by their creator (the world's owner) or an admin. */
const createdTask = (ok: Status): Expected => ({
  owner: [ok, 403],
  technician: [403, 403],
  stranger: [ok, 403],
  admin: [ok, ok],
  signedOut,
});
/** Photos and notes: visible as what they hang on (a property here), changed by their author only. */
const authored = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [403, 404],
  stranger: [ok, 404],
  admin: [403, 403],
  signedOut,
});
/** Secondary profiles: their owner's only, admins included. */
const ownProfile = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [404, 404],
  stranger: [ok, 404],
  admin: [404, 404],
  signedOut,
});
const adminsOnly = (ok: Status): Expected => ({
  owner: [403, 403],
  technician: [403, 403],
  stranger: [403, 403],
  admin: [ok, ok],
  signedOut,
});
/** An invitation: only the person it is addressed to answers it ("own": one to the caller). */
const addressee = (ok: Status): Expected => ({
  owner: [ok, 404],
  technician: [ok, 404],
  stranger: [ok, 404],
  admin: [ok, 404],
  signedOut,
});

const page = { limit: '100' };
const propertyForm = (c: Cell) => ({ name: `Renamed ${c.w.tag}`, address: '2 Side St' });

/** One row per `${method} ${path}` of the router under /api, the public ones excepted. */
const TABLE: Record<string, Row> = {
  // ── me ──
  'GET /api/me': { expect: anyUser(200) },
  'PATCH /api/me/profile': { fresh: false, body: () => ({ displayName: 'Matrix Person' }), expect: anyUser(200) },
  // every account here has a password: setting a first one is a conflict
  'POST /api/me/password': { fresh: false, body: () => ({ newPassword: 'another-password-1' }), expect: anyUser(409) },

  // ── visits ──
  'GET /api/visits': {
    query: (c) => ({ ...page, propertyId: c.w.propertyId }),
    listed: (w) => [w.visitId, w.completedVisitId],
    expect: anyUser(200),
  },
  'GET /api/visits/upcoming': { query: () => page, listed: (w) => [w.visitId], expect: anyUser(200) },
  // Issue 17: the caller's own visits (the world's owner leads its visit, scheduled tomorrow).
  'GET /api/visits/mine': {
    query: () => ({
      from: new Date(Date.now() - 24 * 3600_000).toISOString(),
      to: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    }),
    listed: (w) => [w.visitId, w.visitTaskId],
    expect: anyUser(200),
  },
  'POST /api/visits': {
    body: (c) => ({ propertyId: c.w.propertyId, scheduledAt: '2031-01-02T09:00:00.000Z' }),
    expect: seesProperty(201),
  },
  // the billed visit: its detail lists the invoice to managers only
  'GET /api/visits/:id': { params: (c) => ({ id: c.w.completedVisitId }), expect: seesProperty(200) },
  'PATCH /api/visits/:id': {
    params: (c) => ({ id: c.w.visitId }),
    body: () => ({ status: 'in_progress' }),
    expect: seesProperty(200),
  },
  'DELETE /api/visits/:id': { params: (c) => ({ id: c.w.visitId }), expect: seesProperty(204) },
  'GET /api/visits/:id/task-options': {
    params: (c) => ({ id: c.w.visitId }),
    query: () => ({ ...page, scope: 'all' }),
    expect: seesProperty(200),
  },
  'POST /api/visits/:id/tasks': {
    params: (c) => ({ id: c.w.visitId }),
    body: (c) => ({ taskId: c.w.spareTaskId }),
    expect: seesProperty(201),
  },
  'PATCH /api/visits/:id/tasks/:taskId': {
    params: (c) => ({ id: c.w.visitId, taskId: c.w.visitTaskId }),
    body: () => ({ status: 'completed' }),
    expect: seesProperty(200),
  },
  'DELETE /api/visits/:id/tasks/:taskId': {
    params: (c) => ({ id: c.w.visitId, taskId: c.w.visitTaskId }),
    expect: seesProperty(204),
  },
  'GET /api/visits/:id/candidates': {
    params: (c) => ({ id: c.w.visitId }),
    query: () => page,
    expect: seesProperty(200),
  },
  'POST /api/visits/:id/users': {
    params: (c) => ({ id: c.w.visitId }),
    body: (c) => ({ userId: c.w.helper.id }),
    expect: leadsVisit(201),
  },
  'DELETE /api/visits/:id/users/:userId': {
    params: (c) => ({ id: c.w.completedVisitId, userId: c.w.helper.id }),
    expect: leadsVisit(204),
  },

  // ── visit series and the calendar feed (issue 18): the rules of visits ──
  'POST /api/visit-series': {
    body: (c) => ({
      propertyId: c.w.propertyId,
      startsAt: '2031-01-02T09:00:00.000Z',
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=2',
    }),
    expect: seesProperty(201),
  },
  'POST /api/visit-series/preview': {
    fresh: false,
    body: () => ({ startsAt: '2031-01-02T09:00:00.000Z', timeZone: 'UTC', rrule: 'FREQ=WEEKLY', count: 3 }),
    expect: anyUser(200),
  },
  'GET /api/visit-series/:id': { params: (c) => ({ id: c.w.seriesId }), expect: seesProperty(200) },
  'PATCH /api/visit-series/:id': {
    params: (c) => ({ id: c.w.seriesId }),
    query: (c) => ({ from: c.w.seriesVisitId }),
    body: (c) => ({ taskIds: [c.w.taskId] }),
    expect: seesProperty(200),
  },
  'DELETE /api/visit-series/:id': {
    params: (c) => ({ id: c.w.seriesId }),
    query: (c) => ({ from: c.w.seriesVisitId }),
    expect: seesProperty(204),
  },
  'GET /api/calendar/feed': { fresh: false, expect: anyUser(200) },
  'POST /api/calendar/feed/regenerate': { fresh: false, expect: anyUser(200) },

  // ── secondary profiles ──
  'GET /api/secondary-profiles': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.secondaryProfileId],
    expect: anyUser(200),
  },
  'POST /api/secondary-profiles': {
    fresh: false,
    body: () => ({ displayName: 'Matrix Contact' }),
    expect: anyUser(201),
  },
  'GET /api/secondary-profiles/:id': { params: (c) => ({ id: c.w.secondaryProfileId }), expect: ownProfile(200) },
  'PATCH /api/secondary-profiles/:id': {
    params: (c) => ({ id: c.w.secondaryProfileId }),
    body: () => ({ displayName: 'Renamed Contact' }),
    expect: ownProfile(200),
  },
  'DELETE /api/secondary-profiles/:id': { params: (c) => ({ id: c.w.secondaryProfileId }), expect: ownProfile(204) },

  // ── admin ──
  'GET /api/admin/users': { query: (c) => ({ ...page, q: c.w.owner.email }), expect: adminsOnly(200) },
  'GET /api/admin/users/:id': { params: (c) => ({ id: c.w.owner.id }), expect: adminsOnly(200) },
  // the role it already has: nothing changes, whoever gets through
  'PATCH /api/admin/users/:id': {
    fresh: false,
    params: (c) => ({ id: c.w.owner.id }),
    body: () => ({ role: 'customer' }),
    expect: adminsOnly(200),
  },

  // ── debug ──
  'GET /api/test-db': { expect: anyUser(200) },

  // ── properties ──
  'GET /api/properties': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.propertyId, w.photoId],
    expect: anyUser(200),
  },
  'POST /api/properties': {
    fresh: false,
    body: () => ({ name: 'Matrix New', address: '3 New St' }),
    expect: anyUser(201),
  },
  'GET /api/properties/:id': { params: (c) => ({ id: c.w.propertyId }), expect: seesProperty(200) },
  'PATCH /api/properties/:id': {
    params: (c) => ({ id: c.w.propertyId }),
    body: propertyForm,
    expect: managesProperty(200),
  },
  'DELETE /api/properties/:id': { params: (c) => ({ id: c.w.propertyId }), expect: managesProperty(204) },
  'GET /api/properties/:id/visits': {
    params: (c) => ({ id: c.w.propertyId }),
    query: () => page,
    listed: (w) => [w.visitId, w.completedVisitId],
    expect: seesProperty(200),
  },
  'GET /api/properties/:id/tasks': {
    params: (c) => ({ id: c.w.propertyId }),
    query: () => page,
    listed: (w) => [w.propertyTaskId],
    expect: seesProperty(200),
  },
  'POST /api/properties/:id/tasks': {
    params: (c) => ({ id: c.w.propertyId }),
    body: (c) => ({ taskId: c.w.spareTaskId }),
    expect: seesProperty(201),
  },
  'PATCH /api/properties/:id/tasks/:propertyTaskId': {
    params: (c) => ({ id: c.w.propertyId, propertyTaskId: c.w.propertyTaskId }),
    body: () => ({ customPrice: 1234 }),
    expect: seesProperty(200),
  },
  'DELETE /api/properties/:id/tasks/:propertyTaskId': {
    params: (c) => ({ id: c.w.propertyId, propertyTaskId: c.w.propertyTaskId }),
    expect: seesProperty(204),
  },
  'GET /api/properties/:id/people': {
    params: (c) => ({ id: c.w.propertyId }),
    query: () => page,
    expect: seesProperty(200),
  },
  'POST /api/properties/:id/people': {
    params: (c) => ({ id: c.w.propertyId }),
    body: () => ({ email: uniqueEmail('invited'), role: 'technician' }),
    expect: managesProperty(202),
  },
  'GET /api/properties/:id/invitations': {
    params: (c) => ({ id: c.w.propertyId }),
    listed: (w) => [w.invitationId],
    expect: managesProperty(200),
  },
  'DELETE /api/properties/:id/invitations/:invitationId': {
    params: (c) => ({ id: c.w.propertyId, invitationId: c.w.invitationId }),
    expect: managesProperty(204),
  },
  // the helper (a technician), never the caller: anyone may unlink themselves
  'PATCH /api/properties/:id/people/:userId': {
    params: (c) => ({ id: c.w.propertyId, userId: c.w.helper.id }),
    body: () => ({ role: 'technician' }),
    expect: managesProperty(200),
  },
  'DELETE /api/properties/:id/people/:userId': {
    params: (c) => ({ id: c.w.propertyId, userId: c.w.helper.id }),
    expect: managesProperty(204),
  },

  // ── task templates ──
  'GET /api/tasks': { query: (c) => ({ ...page, q: c.w.tag }), listed: (w) => [w.taskId], expect: anyUser(200) },
  'POST /api/tasks': { fresh: false, body: () => ({ name: 'Matrix task' }), expect: anyUser(201) },
  'GET /api/tasks/:id': { params: (c) => ({ id: c.w.taskId }), expect: anyUser(200) },
  'PATCH /api/tasks/:id': {
    params: (c) => ({ id: c.w.taskId }),
    body: () => ({ name: 'Renamed task' }),
    expect: createdTask(200),
  },
  'DELETE /api/tasks/:id': { params: (c) => ({ id: c.w.taskId }), expect: createdTask(204) },
  // the template is everyone's; the properties listed are only those the caller sees
  'GET /api/tasks/:id/properties': {
    params: (c) => ({ id: c.w.taskId }),
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.propertyId],
    expect: anyUser(200),
  },
  'POST /api/tasks/:id/assign': {
    params: (c) => ({ id: c.w.spareTaskId }),
    body: (c) => ({ propertyIds: [c.w.propertyId] }),
    expect: seesProperty(200),
  },

  // ── photos ──
  'GET /api/photos': { query: (c) => ({ ...page, q: c.w.tag }), listed: (w) => [w.photoId], expect: anyUser(200) },
  'POST /api/photos': {
    upload: (c) => ({ caption: 'Matrix upload', attachableType: 'property', attachableId: c.w.propertyId }),
    expect: seesProperty(201),
  },
  'GET /api/photos/:id': { params: (c) => ({ id: c.w.photoId }), expect: seesProperty(200) },
  'PATCH /api/photos/:id': {
    params: (c) => ({ id: c.w.photoId }),
    body: () => ({ caption: 'Recaptioned' }),
    expect: authored(200),
  },
  'DELETE /api/photos/:id': { params: (c) => ({ id: c.w.photoId }), expect: authored(204) },
  'GET /api/photos/:id/file': { params: (c) => ({ id: c.w.photoId }), expect: seesProperty(200) },
  'GET /api/photos/:id/thumbnail': { params: (c) => ({ id: c.w.photoId }), expect: seesProperty(200) },

  // ── notes ──
  'GET /api/notes': { query: (c) => ({ ...page, q: c.w.tag }), listed: (w) => [w.noteId], expect: anyUser(200) },
  // on an invoice: attaching to a record one cannot see (a technician, an invoice) is that record's 404
  'POST /api/notes': {
    body: (c) => ({ content: 'Matrix note', attachableType: 'invoice', attachableId: c.w.invoiceId }),
    expect: managesInvoice(201),
  },
  'GET /api/notes/:id': { params: (c) => ({ id: c.w.noteId }), expect: seesProperty(200) },
  'PATCH /api/notes/:id': {
    params: (c) => ({ id: c.w.noteId }),
    body: () => ({ content: 'Edited note' }),
    expect: authored(200),
  },
  'DELETE /api/notes/:id': { params: (c) => ({ id: c.w.noteId }), expect: authored(204) },

  // ── invoices ──
  'GET /api/invoices': { query: (c) => ({ ...page, q: c.w.tag }), listed: (w) => [w.invoiceId], expect: anyUser(200) },
  'POST /api/invoices': { body: (c) => ({ propertyId: c.w.propertyId }), expect: managesProperty(201) },
  // the picker of the invoice form: for whoever may create invoices on the property
  'GET /api/invoices/billable-visits': {
    query: (c) => ({ propertyId: c.w.propertyId, invoiceId: c.w.invoiceId }),
    listed: (w) => [w.completedVisitId],
    expect: managesProperty(200),
  },
  'GET /api/invoices/:id': { params: (c) => ({ id: c.w.invoiceId }), expect: managesInvoice(200) },
  'PATCH /api/invoices/:id': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ dueDate: '2031-01-31' }),
    expect: managesInvoice(200),
  },
  'DELETE /api/invoices/:id': { params: (c) => ({ id: c.w.invoiceId }), expect: managesInvoice(204) },
  'POST /api/invoices/:id/mark-paid': { params: (c) => ({ id: c.w.invoiceId }), expect: managesInvoice(200) },
  'GET /api/invoices/:id/pdf': { params: (c) => ({ id: c.w.invoiceId }), expect: managesInvoice(200) },
  'POST /api/invoices/:id/send': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ to: 'billing@example.com' }),
    expect: managesInvoice(200),
  },

  // ── invitations: "own" is one addressed to the caller, "foreign" one to the world's owner ──
  'GET /api/invitations': { expect: anyUser(200) },
  'POST /api/invitations/:id/accept': {
    params: async (c) => ({ id: await invitationFor(c) }),
    expect: addressee(200),
  },
  'POST /api/invitations/:id/decline': {
    params: async (c) => ({ id: await invitationFor(c) }),
    expect: addressee(204),
  },

  // ── attachables: an invoice, the strictest type a photo or note can hang on ──
  'GET /api/attachables/:type/:id': {
    params: (c) => ({ type: 'invoice', id: c.w.invoiceId }),
    expect: managesInvoice(200),
  },
};

async function invitationFor(c: Cell) {
  const email = c.kind === 'own' && c.user ? c.user.email : c.w.owner.email;
  return (await createInvitationRow(t, c.w.propertyId, email, { invitedBy: c.w.owner })).id;
}

// ── the router's endpoints ──

const PUBLIC = [
  /^\/api\/health\b/,
  /^\/api\/auth\//,
  /^\/api\/auth-test\//,
  /^\/api\/clear-auth\b/,
  // the calendar feed itself: its secret token is the key, no cookie (calendar-feed.test.ts)
  /^\/api\/calendar\/feed\/:file$/,
];

// The app is made while the file is collected, so that there is one test per endpoint of the router.
const t = await createTestApp();
const ENDPOINTS = [
  ...new Set(
    t.app.routes
      .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*') && route.method !== 'ALL')
      .filter((route) => !PUBLIC.some((pattern) => pattern.test(route.path)))
      .map((route) => `${route.method} ${route.path}`),
  ),
];

let users: Record<Exclude<Role, 'signedOut'>, TestUser> & { helper: TestUser };
let shared: { A: World; B: World };
let png: Buffer;
const counts = { endpoints: 0, cells: 0, requests: 0, leaks: 0 };

beforeAll(async () => {
  users = {
    owner: await createUser(t, { name: 'Matrix Owner' }),
    technician: await createUser(t, { name: 'Matrix Technician' }),
    stranger: await createUser(t, { name: 'Matrix Stranger' }),
    admin: await createUser(t, { name: 'Matrix Admin', role: 'admin' }),
    helper: await createUser(t, { name: 'Matrix Helper' }),
  };
  png = await tinyPng();
  shared = { A: await worldA({ photoBytes: png }), B: await worldB({ photoBytes: png }) };
});
afterAll(async () => {
  console.log(
    `authorization matrix: ${counts.endpoints} endpoints × ${ROLES.length} roles × ${KINDS.length} id kinds = ` +
      `${counts.cells} cells, ${counts.requests} requests, ${counts.leaks} leaks`,
  );
  await t.close();
});

/** World A: the owner's property, the technician and the helper linked to it. */
const worldA = (options: { photoBytes?: Buffer } = {}) =>
  buildWorld(t, { owner: users.owner, helper: users.helper, technicians: [users.technician] }, options);
/** World B: the stranger's own property (the helper works there too). */
const worldB = (options: { photoBytes?: Buffer } = {}) =>
  buildWorld(t, { owner: users.stranger, helper: users.helper }, options);

/** Whose records a cell uses: the stranger's own world is B; everyone else's is A. */
const worldOf = (role: Role, kind: Kind): 'A' | 'B' => {
  const home = role === 'stranger' ? 'B' : 'A';
  return kind === 'own' ? home : home === 'A' ? 'B' : 'A';
};

const matches = (expected: Status, status: number) =>
  expected === '2xx' ? status >= 200 && status < 300 : status === expected;

async function run(endpoint: string, row: Row, role: Role, kind: Kind): Promise<string[]> {
  const [method, path] = endpoint.split(' ') as [string, string];
  const user = role === 'signedOut' ? null : users[role];
  const which = worldOf(role, kind);
  const fresh = row.fresh ?? method !== 'GET';
  const w = fresh ? await (which === 'A' ? worldA() : worldB()) : shared[which];
  const cell: Cell = { role, kind, user, w };

  const params = (await row.params?.(cell)) ?? {};
  const url =
    path.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`${endpoint}: no value for :${name}`);
      return value;
    }) + (row.query ? `?${new URLSearchParams(row.query(cell))}` : '');

  counts.requests += 1;
  const response = row.upload
    ? await t.upload(user?.cookie ?? '', { bytes: png, name: 'matrix.png', type: 'image/png' }, row.upload(cell))
    : await t.request(url, { method, cookie: user?.cookie, body: row.body?.(cell) });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const text = isJson ? await response.text() : (await response.arrayBuffer(), '');

  const where = `${role} ${kind}`;
  const expected = row.expect[role][kind === 'own' ? 0 : 1];
  const problems: string[] = [];
  if (!matches(expected, response.status)) {
    problems.push(`${where}: expected ${expected}, got ${response.status} ${text.slice(0, 300)}`);
  }
  if (user && response.status >= 200 && response.status < 300) {
    const viewer = { id: user.id, admin: role === 'admin' };
    const hidden = new Set([w, shared.A, shared.B].flatMap((world) => hiddenFrom(world, viewer)));
    const leaked = [...hidden].filter((id) => text.includes(id));
    if (leaked.length > 0) {
      counts.leaks += 1;
      problems.push(`${where}: leaked ${leaked.join(', ')} in ${text.slice(0, 300)}`);
    }
    const missing = user.id === w.owner.id ? (row.listed?.(w) ?? []).filter((id) => !text.includes(id)) : [];
    if (missing.length > 0)
      problems.push(`${where}: the owner's ${missing.join(', ')} missing from ${text.slice(0, 300)}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has exactly one row per endpoint of the router', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(60);
    expect(
      Object.keys(TABLE).filter((key) => !ENDPOINTS.includes(key)),
      'rows for endpoints the router no longer has',
    ).toEqual([]);
  });

  it.each(ENDPOINTS)('%s', async (endpoint) => {
    const row = TABLE[endpoint];
    expect(row, `${endpoint} has no row in the authorization matrix`).toBeDefined();
    counts.endpoints += 1;
    const problems: string[] = [];
    for (const role of ROLES) {
      for (const kind of KINDS) {
        counts.cells += 1;
        problems.push(...(await run(endpoint, row!, role, kind)));
      }
    }
    expect(problems).toEqual([]);
  });
});
