import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { invoicePayments, visitRequests, visitTasks, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { issuePortalLink } from '../../src/server/modules/portal';
import { addMember, createPhotoRow, createUser, uniqueEmail, type TestUser } from '../support/factories';
import { tinyPng } from '../support/images';
import { createQuoteRow } from '../support/quotes';
import { createTestApp } from '../support/test-app';
import {
  buildWorld,
  createInvitationRow,
  createTeam,
  hiddenFrom,
  standingIn,
  type Team,
  type World,
} from '../support/worlds';

// The authorization matrix. Every endpoint of the router (never a hand list) is
// called by every role, once on its own records and once on another workspace's, and must
// answer what ARCHITECTURE.md "Who may do what" and access/policy.ts say. No answer may carry a record
// the caller may not see (its id, or for an outsider the world's tag), and a technician's no
// price. An endpoint without a row here fails the suite.
//
// Two businesses, A and B, each a team in its own workspace (tests/support/worlds.ts). The
// roles are A's owner, manager, the technician on A's visits and one on nothing; B's owner
// (a member of another workspace: their "own" records are B's); a platform admin who is a
// member of neither; and nobody signed in. Requests name the caller's workspace (X-Workspace)
// as the client does. The admin's "own" cells name A in X-Workspace (switching into a business
// one does not belong to), their "foreign" cells look for B's records from their personal one.

const ROLES = ['owner', 'manager', 'assigned', 'unassigned', 'stranger', 'admin', 'signedOut', 'portal'] as const;
type Role = (typeof ROLES)[number];
const KINDS = ['own', 'foreign'] as const;
type Kind = (typeof KINDS)[number];

type Status = number;
/** For each role: the answer on its own records, then on the other world's. */
type Expected = Record<Role, readonly [own: Status, foreign: Status]>;

/** One call of the matrix: who calls, the world whose records fill the request, the workspace it names. */
interface Cell {
  role: Role;
  kind: Kind;
  user: TestUser | null;
  w: World;
  /** What X-Workspace says (absent when signed out). */
  workspaceId: string | null;
}

interface Row {
  /** Path parameters, by name, from the cell's world. */
  params?: (c: Cell) => Record<string, string> | Promise<Record<string, string>>;
  query?: (c: Cell) => Record<string, string>;
  /** JSON body. */
  body?: (c: Cell) => unknown;
  /** Multipart fields sent with a tiny PNG (the photo upload). */
  upload?: (c: Cell) => Record<string, string>;
  /** The PNG's part name in the upload (default `file`). */
  uploadField?: string;
  /**
   * Whether a success changes the world, so that the next call needs a new one (default: every
   * write). Reads, and writes that leave the world's records as they were, use the shared worlds.
   */
  fresh?: boolean;
  /** Ids the world's owner must find in a success (so a leak check never passes on an empty answer by mistake). */
  listed?: (w: World) => string[];
  /** The same for the technician on the world's visits. */
  listedByAssigned?: (w: World) => string[];
  expect: Expected;
}

// ── the rules, as answers per role ([own, foreign]; signed out is always 401) ──

const signedOut = [401, 401] as const;
type Members = Record<'owner' | 'manager' | 'assigned' | 'unassigned', Status>;
const all = (status: Status): Members => ({ owner: status, manager: status, assigned: status, unassigned: status });

/**
 * A business endpoint (behind the workspace): the answer of each member of the caller's own
 * workspace on its records, and on the other workspace's (default 404: "not yours" is "not
 * there"). B's owner answers as A's owner does; the admin is refused A (404) and is the owner of
 * an empty workspace of their own.
 */
function business(own: Members, foreign: Status | Members = 404): Expected {
  const other = typeof foreign === 'object' ? foreign : all(foreign);
  return {
    owner: [own.owner, other.owner],
    manager: [own.manager, other.manager],
    assigned: [own.assigned, other.assigned],
    unassigned: [own.unassigned, other.unassigned],
    stranger: [own.owner, other.owner],
    admin: [404, other.owner],
    signedOut,
    portal: signedOut,
  };
}
/** Nothing of a world in the request (lists, searches): every member alike. */
const anyMember = (ok: Status) => business(all(ok), ok);
/** Field work on the world's visit or property: the office, and the technician on it. */
const fieldWork = (ok: Status) => business({ owner: ok, manager: ok, assigned: ok, unassigned: 404 });
/** The office's, on a record the technician on the visit sees (403) and the other does not (404). */
const officeOnVisible = (ok: Status) => business({ owner: ok, manager: ok, assigned: 403, unassigned: 404 });
/** The office's, on records technicians never see (invoices, series): 404 for both. */
const officeOnly = (ok: Status) => business({ owner: ok, manager: ok, assigned: 404, unassigned: 404 });
/**
 * The office's, asked of the workspace (scheduling, creating, assigning, the team): a technician is
 * refused (403) before anything is looked up, whatever the ids.
 */
const office = (ok: Status, foreign: Status = 404) =>
  business({ ...all(ok), assigned: 403, unassigned: 403 }, { ...all(foreign), assigned: 403, unassigned: 403 });
/** The workspace's settings, team and catalogue, changed by the office: technicians 403, another workspace 404. */
const officeOfWorkspace = (ok: Status) => business({ ...all(ok), assigned: 403, unassigned: 403 });
/** Changed by its author only (photos, notes; spec §6): the world's owner made them. */
const authored = (ok: Status) => business({ owner: ok, manager: 403, assigned: 403, unassigned: 404 });

/** Every role the same [own, foreign] (signed out aside). */
const perRole = (answers: readonly [Status, Status]): Expected => ({
  ...(Object.fromEntries(ROLES.map((role) => [role, answers])) as Expected),
  signedOut,
  portal: signedOut,
});
/**
 * The client portal's endpoints: the portal session of A's client (own: A's records;
 * foreign: B's), and nobody else: no staff account is a client, so every other role is 401.
 */
const portalOnly = (own: Status, foreign: Status = 404): Expected => ({
  ...perRole([401, 401]),
  portal: [own, foreign],
});
/** The office's quotes, asked of the workspace (a list): a technician finds none (404), whatever the ids. */
const quotesOffice = (ok: Status) => {
  const answers = { owner: ok, manager: ok, assigned: 404, unassigned: 404 };
  return business(answers, answers);
};
/** Not business data (the account, personal records, one's invitations): the same for every signed-in user. */
const anyUser = (ok: Status) => perRole([ok, ok]);
/** Secondary profiles: their owner's only, admins included (the world's owner made them). */
const ownProfile = (ok: Status): Expected => ({ ...perRole([404, 404]), owner: [ok, 404], stranger: [ok, 404] });
const adminsOnly = (ok: Status): Expected => ({ ...perRole([403, 403]), admin: [ok, ok] });
/** An invitation: only the person it is addressed to answers it ("own": one to the caller). */
const addressee = (ok: Status) => perRole([ok, 404]);

const page = { limit: '100' };

/** One row per `${method} ${path}` of the router under /api, the public ones excepted. */
const TABLE: Record<string, Row> = {
  // ── me ──
  'GET /api/me': { expect: anyUser(200) },
  'PATCH /api/me/profile': { fresh: false, body: () => ({ displayName: 'Matrix Person' }), expect: anyUser(200) },
  // every account here has a password: setting a first one is a conflict
  'POST /api/me/password': { fresh: false, body: () => ({ newPassword: 'another-password-1' }), expect: anyUser(409) },
  // the workspaces marked at the claim of one's address: one's own list; nobody here claimed
  // theirs, so keeping one is 404 for everyone (workspace-delete.test.ts keeps a marked one)
  'GET /api/me/before-claim': { expect: anyUser(200) },
  'DELETE /api/me/before-claim/:id': {
    fresh: false,
    params: (c) => ({ id: c.workspaceId ?? c.w.workspaceId }),
    expect: anyUser(404),
  },
  // the default workspace: any of one's own, none of anyone else's
  'PUT /api/me/workspace': {
    fresh: false,
    body: (c) => ({ workspaceId: c.w.workspaceId }),
    expect: business(all(204)),
  },

  // ── workspaces: settings, the team, invitations (the path names the workspace) ──
  'GET /api/workspaces/:id': { params: (c) => ({ id: c.w.workspaceId }), expect: officeOfWorkspace(200) },
  'PATCH /api/workspaces/:id': {
    fresh: false,
    params: (c) => ({ id: c.w.workspaceId }),
    body: () => ({ phone: '555-0100' }),
    expect: officeOfWorkspace(200),
  },
  'GET /api/workspaces/:id/members': {
    params: (c) => ({ id: c.w.workspaceId }),
    listed: (w) => [w.team.assigned.id, w.team.unassigned.id],
    expect: officeOfWorkspace(200),
  },
  // the sub-record's own workspace would be refused as a whole (the rows above): here the path
  // names the caller's workspace and the member or invitation is the cell's world's
  'PATCH /api/workspaces/:id/members/:userId': {
    params: (c) => ({ id: c.workspaceId ?? c.w.workspaceId, userId: c.w.team.helper.id }),
    body: () => ({ role: 'manager' }),
    expect: office(200),
  },
  // a technician may leave (remove themselves), so the member is looked up before the role is checked
  'DELETE /api/workspaces/:id/members/:userId': {
    params: (c) => ({ id: c.workspaceId ?? c.w.workspaceId, userId: c.w.team.helper.id }),
    expect: officeOfWorkspace(204),
  },
  'POST /api/workspaces/:id/invitations': {
    fresh: false,
    params: (c) => ({ id: c.w.workspaceId }),
    body: () => ({ email: uniqueEmail('invited'), role: 'technician' }),
    expect: officeOfWorkspace(202),
  },
  'GET /api/workspaces/:id/invitations': {
    params: (c) => ({ id: c.w.workspaceId }),
    listed: (w) => [w.invitationId],
    expect: officeOfWorkspace(200),
  },
  'DELETE /api/workspaces/:id/invitations/:invitationId': {
    params: (c) => ({ id: c.workspaceId ?? c.w.workspaceId, invitationId: c.w.invitationId }),
    expect: office(204),
  },

  // deleting takes the whole business: each call gets a spare workspace with the world's team in
  // it, in their roles, so the team's own workspace (and every world in it) stays
  'DELETE /api/workspaces/:id': {
    fresh: false,
    params: async (c) => ({ id: await spareWorkspace(c.w.team) }),
    expect: business({ owner: 204, manager: 403, assigned: 403, unassigned: 403 }),
  },

  // 'New business' from the switcher: anyone signed in makes one of their own
  'POST /api/workspaces': { body: () => ({ name: 'Matrix Business' }), expect: anyUser(201) },

  // ── invitations to join: "own" is one addressed to the caller, "foreign" one to the world's owner ──
  'GET /api/invitations': { expect: anyUser(200) },
  'POST /api/invitations/:id/accept': {
    fresh: false,
    params: async (c) => ({ id: await invitationFor(c) }),
    expect: addressee(200),
  },
  'POST /api/invitations/:id/decline': {
    fresh: false,
    params: async (c) => ({ id: await invitationFor(c) }),
    expect: addressee(204),
  },

  // ── visits ──
  'GET /api/visits': {
    query: (c) => ({ ...page, propertyId: c.w.propertyId }),
    listed: (w) => [w.visitId, w.completedVisitId, w.seriesVisitId],
    listedByAssigned: (w) => [w.visitId, w.completedVisitId],
    expect: anyMember(200),
  },
  // the dashboard's: the visits one is on (the owner leads the series' occurrence)
  'GET /api/visits/upcoming': {
    query: () => page,
    listed: (w) => [w.seriesVisitId],
    listedByAssigned: (w) => [w.visitId],
    expect: anyMember(200),
  },
  // The Today view, the caller's own visits with their tasks
  'GET /api/visits/mine': {
    query: () => ({
      from: new Date(Date.now() - 24 * 3600_000).toISOString(),
      to: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    }),
    listed: (w) => [w.seriesVisitId],
    listedByAssigned: (w) => [w.visitId, w.visitTaskId],
    expect: anyMember(200),
  },
  // scheduling is the office's, whatever the property: a technician is refused before it is looked up
  'POST /api/visits': {
    fresh: false,
    body: (c) => ({
      propertyId: c.w.propertyId,
      scheduledAt: '2031-01-02T09:00:00.000Z',
      assigneeIds: [c.w.team.assigned.id],
    }),
    expect: office(201),
  },
  // the billed visit: its detail names the invoice to the office only
  'GET /api/visits/:id': { params: (c) => ({ id: c.w.completedVisitId }), expect: fieldWork(200) },
  'PATCH /api/visits/:id': {
    params: (c) => ({ id: c.w.visitId }),
    body: () => ({ status: 'in_progress' }),
    expect: fieldWork(200),
  },
  'DELETE /api/visits/:id': { params: (c) => ({ id: c.w.visitId }), expect: officeOnVisible(204) },
  'GET /api/visits/:id/task-options': {
    params: (c) => ({ id: c.w.visitId }),
    query: () => ({ ...page, scope: 'all' }),
    expect: fieldWork(200),
  },
  'POST /api/visits/:id/tasks': {
    params: (c) => ({ id: c.w.visitId }),
    body: (c) => ({ taskId: c.w.spareTaskId }),
    expect: officeOnVisible(201),
  },
  'PATCH /api/visits/:id/tasks/:taskId': {
    params: (c) => ({ id: c.w.visitId, taskId: c.w.visitTaskId }),
    body: () => ({ status: 'completed' }),
    expect: fieldWork(200),
  },
  'DELETE /api/visits/:id/tasks/:taskId': {
    params: (c) => ({ id: c.w.visitId, taskId: c.w.visitTaskId }),
    expect: officeOnVisible(204),
  },
  // The customer's signature, taken by whoever works the visit; seen by whoever sees it
  'POST /api/visits/:id/signature': {
    params: (c) => ({ id: c.w.visitId }),
    upload: () => ({ signerName: 'Pat Customer' }),
    expect: fieldWork(201),
  },
  'GET /api/visits/:id/signature': { params: (c) => ({ id: c.w.completedVisitId }), expect: fieldWork(200) },
  // A failed finding (set here) followed up on a new visit; the office's
  'POST /api/visits/:id/tasks/:taskId/follow-up': {
    params: async (c) => {
      await t.db.update(visitTasks).set({ result: 'fail' }).where(eq(visitTasks.id, c.w.visitTaskId));
      return { id: c.w.visitId, taskId: c.w.visitTaskId };
    },
    body: () => ({ target: 'new' }),
    expect: officeOnVisible(201),
  },
  // The visit report, read by whoever sees the visit; sent by the office (the world's
  // client has no e-mail: the office gets as far as the 409 that says so)
  'GET /api/visits/:id/report': { params: (c) => ({ id: c.w.completedVisitId }), expect: fieldWork(200) },
  'GET /api/visits/:id/report.pdf': { params: (c) => ({ id: c.w.completedVisitId }), expect: fieldWork(200) },
  'POST /api/visits/:id/report/send': { params: (c) => ({ id: c.w.completedVisitId }), expect: officeOnVisible(409) },
  // 'On my way' by whoever works the visit; the client's messages seen by whoever sees it
  'POST /api/visits/:id/on-my-way': {
    fresh: false,
    params: (c) => ({ id: c.w.visitId }),
    body: () => ({ etaMinutes: 30 }),
    expect: fieldWork(200),
  },
  'GET /api/visits/:id/messages': { params: (c) => ({ id: c.w.visitId }), expect: fieldWork(200) },
  'GET /api/visits/:id/candidates': {
    params: (c) => ({ id: c.w.visitId }),
    query: () => page,
    expect: officeOnVisible(200),
  },
  'POST /api/visits/:id/users': {
    params: (c) => ({ id: c.w.visitId }),
    body: (c) => ({ userId: c.w.team.helper.id }),
    expect: officeOnVisible(201),
  },
  'DELETE /api/visits/:id/users/:userId': {
    params: (c) => ({ id: c.w.completedVisitId, userId: c.w.team.helper.id }),
    expect: officeOnVisible(204),
  },

  // ── routes of a day: the office plans anyone's; a technician only their own (403 for another's) ──
  'POST /api/routes/optimize': {
    fresh: false,
    body: (c) => ({ date: '2031-01-02', technicianIds: [c.w.team.assigned.id], apply: false }),
    expect: business(
      { owner: 200, manager: 200, assigned: 200, unassigned: 403 },
      { owner: 404, manager: 404, assigned: 403, unassigned: 403 },
    ),
  },

  // ── visit series: the office's; the calendar feed: every member's own ──
  'POST /api/visit-series': {
    fresh: false,
    body: (c) => ({
      propertyId: c.w.propertyId,
      startsAt: '2031-01-02T09:00:00.000Z',
      timeZone: 'UTC',
      rrule: 'FREQ=DAILY;COUNT=2',
      assigneeIds: [c.w.team.assigned.id],
    }),
    expect: office(201),
  },
  'POST /api/visit-series/preview': {
    fresh: false,
    body: () => ({ startsAt: '2031-01-02T09:00:00.000Z', timeZone: 'UTC', rrule: 'FREQ=WEEKLY', count: 3 }),
    expect: anyMember(200),
  },
  'GET /api/visit-series/:id': { params: (c) => ({ id: c.w.seriesId }), expect: officeOnly(200) },
  'PATCH /api/visit-series/:id': {
    params: (c) => ({ id: c.w.seriesId }),
    query: (c) => ({ from: c.w.seriesVisitId }),
    body: (c) => ({ taskIds: [c.w.taskId], assigneeIds: [c.w.team.assigned.id] }),
    expect: officeOnly(200),
  },
  'DELETE /api/visit-series/:id': {
    params: (c) => ({ id: c.w.seriesId }),
    query: (c) => ({ from: c.w.seriesVisitId }),
    expect: officeOnly(204),
  },
  'GET /api/calendar/feed': { expect: anyMember(200) },
  // The dashboard's numbers (the money only for the office; tests/api/dashboard.test.ts)
  'GET /api/dashboard': { expect: anyMember(200) },
  // The bell: one's own notifications in the workspace one is in (the world's owner has one)
  'GET /api/notifications': { query: () => page, listed: (w) => [w.notificationId], expect: anyMember(200) },
  'POST /api/notifications/:id/read': {
    fresh: false,
    params: (c) => ({ id: c.w.notificationId }),
    expect: business({ owner: 204, manager: 404, assigned: 404, unassigned: 404 }),
  },
  'POST /api/notifications/read-all': { fresh: false, expect: anyMember(204) },
  'POST /api/calendar/feed/regenerate': { fresh: false, expect: anyMember(200) },

  // ── secondary profiles (personal) ──
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

  // ── admin: accounts, not businesses ──
  'GET /api/admin/users': { query: (c) => ({ ...page, q: c.w.team.owner.email }), expect: adminsOnly(200) },
  'GET /api/admin/users/:id': { params: (c) => ({ id: c.w.team.owner.id }), expect: adminsOnly(200) },
  // the role it already has: nothing changes, whoever gets through
  'PATCH /api/admin/users/:id': {
    fresh: false,
    params: (c) => ({ id: c.w.team.owner.id }),
    body: () => ({ role: 'customer' }),
    expect: adminsOnly(200),
  },

  // ── debug ──
  'GET /api/test-db': { expect: anyMember(200) },

  // ── properties ──
  'GET /api/properties': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.propertyId, w.photoId],
    listedByAssigned: (w) => [w.propertyId],
    expect: anyMember(200),
  },
  'POST /api/properties': {
    fresh: false,
    body: () => ({ name: 'Matrix New', address: '3 New St' }),
    expect: office(201, 201),
  },
  'GET /api/properties/:id': { params: (c) => ({ id: c.w.propertyId }), expect: fieldWork(200) },
  'PATCH /api/properties/:id': {
    params: (c) => ({ id: c.w.propertyId }),
    body: (c) => ({ name: `Renamed ${c.w.tag}`, address: '2 Side St' }),
    expect: officeOnVisible(200),
  },
  'DELETE /api/properties/:id': { params: (c) => ({ id: c.w.propertyId }), expect: officeOnVisible(204) },
  // 'Create client from this property': the office's
  'POST /api/properties/:id/client': { params: (c) => ({ id: c.w.propertyId }), expect: officeOnVisible(201) },
  'GET /api/properties/:id/visits': {
    params: (c) => ({ id: c.w.propertyId }),
    query: () => page,
    listed: (w) => [w.visitId, w.completedVisitId],
    listedByAssigned: (w) => [w.visitId, w.completedVisitId],
    expect: fieldWork(200),
  },
  'GET /api/properties/:id/tasks': {
    params: (c) => ({ id: c.w.propertyId }),
    query: () => page,
    listed: (w) => [w.propertyTaskId],
    listedByAssigned: (w) => [w.propertyTaskId],
    expect: fieldWork(200),
  },
  'POST /api/properties/:id/tasks': {
    params: (c) => ({ id: c.w.propertyId }),
    body: (c) => ({ taskId: c.w.spareTaskId }),
    expect: officeOnVisible(201),
  },
  // a price: the office's
  'PATCH /api/properties/:id/tasks/:propertyTaskId': {
    params: (c) => ({ id: c.w.propertyId, propertyTaskId: c.w.propertyTaskId }),
    body: () => ({ customPrice: 1234 }),
    expect: officeOnVisible(200),
  },
  'DELETE /api/properties/:id/tasks/:propertyTaskId': {
    params: (c) => ({ id: c.w.propertyId, propertyTaskId: c.w.propertyTaskId }),
    expect: officeOnVisible(204),
  },

  // ── clients: the office's; a technician finds none, and may not export them ──
  'GET /api/clients': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.clientId],
    expect: anyMember(200),
  },
  'POST /api/clients': { fresh: false, body: () => ({ name: 'Matrix Client' }), expect: office(201, 201) },
  'GET /api/clients/:id': { params: (c) => ({ id: c.w.clientId }), expect: officeOnly(200) },
  'PATCH /api/clients/:id': {
    params: (c) => ({ id: c.w.clientId }),
    body: () => ({ phone: '555-0199' }),
    expect: officeOnly(200),
  },
  'DELETE /api/clients/:id': { params: (c) => ({ id: c.w.clientId }), expect: officeOnly(204) },
  // A client's notification switches and consent record
  'GET /api/clients/:id/notifications': { params: (c) => ({ id: c.w.clientId }), expect: officeOnly(200) },
  'PUT /api/clients/:id/notifications': {
    fresh: false,
    params: (c) => ({ id: c.w.clientId }),
    body: () => ({ notificationsOff: ['visit_reminder'], subscribed: true }),
    expect: officeOnly(200),
  },
  'GET /api/clients.csv': { query: (c) => ({ q: c.w.tag }), expect: office(200, 200) },

  // ── the client portal: the client page's section, the office's requests, the portal ──
  // the world's client has no e-mail: 409 for the office, once it found the client
  'POST /api/clients/:id/portal-link': { fresh: false, params: (c) => ({ id: c.w.clientId }), expect: office(409) },
  // a fresh world: revoking A's shared client would end the portal role's session
  'POST /api/clients/:id/portal-revoke': { params: (c) => ({ id: c.w.clientId }), expect: office(204) },
  'GET /api/clients/:id/portal-sign-ins': { params: (c) => ({ id: c.w.clientId }), expect: office(200) },
  'GET /api/visit-requests': { query: () => page, expect: office(200, 200) },
  'PATCH /api/visit-requests/:id': {
    params: async (c) => ({ id: await visitRequestOf(c.w) }),
    body: () => ({ status: 'declined' }),
    expect: office(200),
  },
  'GET /api/portal/me': { expect: portalOnly(200, 200) },
  'GET /api/portal/visits': { query: () => ({ when: 'past' }), expect: portalOnly(200, 200) },
  'GET /api/portal/visits/:id': { params: (c) => ({ id: c.w.completedVisitId }), expect: portalOnly(200) },
  'GET /api/portal/visits/:id/signature': { params: (c) => ({ id: c.w.completedVisitId }), expect: portalOnly(200) },
  'GET /api/portal/photos/:id/thumbnail': { params: (c) => ({ id: evidencePhotoOf(c.w) }), expect: portalOnly(200) },
  'GET /api/portal/photos/:id/file': { params: (c) => ({ id: evidencePhotoOf(c.w) }), expect: portalOnly(200) },
  'GET /api/portal/invoices': { expect: portalOnly(200, 200) },
  // the world's invoice is a draft: never in the portal, even its own client's
  'GET /api/portal/invoices/:id/pdf': { params: (c) => ({ id: c.w.invoiceId }), expect: portalOnly(404) },
  // 'Pay now' on the world's draft invoice: never in the portal
  'POST /api/portal/invoices/:id/checkout': { params: (c) => ({ id: c.w.invoiceId }), expect: portalOnly(404) },
  'GET /api/portal/requests': { expect: portalOnly(200, 200) },
  // another client's property: refused on its field
  'POST /api/portal/requests': {
    fresh: false,
    body: (c) => ({ propertyId: c.w.propertyId, message: 'Matrix request' }),
    expect: portalOnly(201, 400),
  },

  // ── quotes: the office's; a technician finds none (404 on every endpoint, lists included) ──
  'GET /api/quotes': { query: () => page, expect: quotesOffice(200) },
  'GET /api/quotes.csv': { query: () => page, expect: quotesOffice(200) },
  'POST /api/quotes': {
    fresh: false,
    body: (c) => ({
      clientId: c.w.clientId,
      propertyId: c.w.propertyId,
      title: 'Matrix quote',
      options: [{ name: 'Only', lines: [{ description: 'Work', quantity: 1, unitPrice: 100 }] }],
    }),
    // another workspace's client is not one to quote (400 on its field), as the technician is told there are none
    expect: business(
      { owner: 201, manager: 201, assigned: 404, unassigned: 404 },
      { ...all(400), assigned: 404, unassigned: 404 },
    ),
  },
  'GET /api/quotes/:id': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    expect: officeOnly(200),
  },
  'PATCH /api/quotes/:id': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    body: () => ({ title: 'Matrix edit' }),
    expect: officeOnly(200),
  },
  'DELETE /api/quotes/:id': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    expect: officeOnly(204),
  },
  'POST /api/quotes/:id/cancel': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    expect: officeOnly(200),
  },
  // the world's client has no e-mail address: the quote goes to the one given
  'POST /api/quotes/:id/send': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    body: () => ({ to: 'quotes@example.com' }),
    expect: officeOnly(200),
  },
  'POST /api/quotes/:id/approve-in-person': {
    fresh: false,
    params: async (c) => ({ id: (await sentQuoteIn(c)).id }),
    upload: (c) => approvalFields(c),
    uploadField: 'signature',
    expect: officeOnly(200),
  },
  'GET /api/quotes/:id/pdf': {
    fresh: false,
    params: async (c) => ({ id: (await quoteIn(c.w)).id }),
    expect: officeOnly(200),
  },
  'GET /api/quotes/:id/signature': {
    fresh: false,
    params: async (c) => ({ id: await approvedQuoteIn(c.w) }),
    expect: officeOnly(200),
  },
  'GET /api/portal/quotes/:id': {
    fresh: false,
    params: async (c) => ({ id: (await sentQuoteIn(c)).id }),
    expect: portalOnly(200),
  },
  'POST /api/portal/quotes/:id/approve': {
    fresh: false,
    params: async (c) => ({ id: (await sentQuoteIn(c)).id }),
    upload: (c) => approvalFields(c),
    uploadField: 'signature',
    expect: portalOnly(200),
  },
  'POST /api/portal/quotes/:id/decline': {
    fresh: false,
    params: async (c) => ({ id: (await sentQuoteIn(c)).id }),
    body: () => ({ reason: 'Matrix decline' }),
    expect: portalOnly(200),
  },
  'GET /api/portal/quotes/:id/signature': {
    fresh: false,
    params: async (c) => ({ id: await approvedQuoteIn(c.w) }),
    expect: portalOnly(200),
  },

  // ── task templates: the workspace's catalogue, read by every member, changed by the office ──
  'GET /api/tasks': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.taskId, w.spareTaskId],
    listedByAssigned: (w) => [w.taskId, w.spareTaskId],
    expect: anyMember(200),
  },
  'POST /api/tasks': { fresh: false, body: () => ({ name: 'Matrix task' }), expect: office(201, 201) },
  // Time on site per template, the office's (a technician 403 before anything is looked up)
  'GET /api/tasks/time-report': { query: () => page, expect: office(200, 200) },
  'GET /api/tasks/:id': { params: (c) => ({ id: c.w.taskId }), expect: business(all(200)) },
  'PATCH /api/tasks/:id': {
    params: (c) => ({ id: c.w.taskId }),
    body: () => ({ name: 'Renamed task' }),
    expect: officeOfWorkspace(200),
  },
  'DELETE /api/tasks/:id': {
    params: (c) => ({ id: c.w.taskId }),
    expect: officeOfWorkspace(204),
  },
  // the properties that use the template: only those the caller sees
  'GET /api/tasks/:id/properties': {
    params: (c) => ({ id: c.w.taskId }),
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.propertyId],
    listedByAssigned: (w) => [w.propertyId],
    expect: business(all(200)),
  },
  'POST /api/tasks/:id/assign': {
    params: (c) => ({ id: c.w.spareTaskId }),
    body: (c) => ({ propertyIds: [c.w.propertyId] }),
    expect: officeOfWorkspace(200),
  },

  // ── photos: as what they hang on (the property here), changed by their uploader ──
  'GET /api/photos': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.photoId],
    listedByAssigned: (w) => [w.photoId],
    expect: anyMember(200),
  },
  'POST /api/photos': {
    upload: (c) => ({ caption: 'Matrix upload', attachableType: 'property', attachableId: c.w.propertyId }),
    expect: fieldWork(201),
  },
  'GET /api/photos/:id': { params: (c) => ({ id: c.w.photoId }), expect: fieldWork(200) },
  'PATCH /api/photos/:id': {
    params: (c) => ({ id: c.w.photoId }),
    body: () => ({ caption: 'Recaptioned' }),
    expect: authored(200),
  },
  'DELETE /api/photos/:id': { params: (c) => ({ id: c.w.photoId }), expect: authored(204) },
  'GET /api/photos/:id/file': { params: (c) => ({ id: c.w.photoId }), expect: fieldWork(200) },
  'GET /api/photos/:id/thumbnail': { params: (c) => ({ id: c.w.photoId }), expect: fieldWork(200) },

  // ── notes ──
  'GET /api/notes': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.noteId],
    listedByAssigned: (w) => [w.noteId],
    expect: anyMember(200),
  },
  // on the invoice: attaching to a record one cannot see (a technician, an invoice) is that record's 404
  'POST /api/notes': {
    body: (c) => ({ content: 'Matrix note', attachableType: 'invoice', attachableId: c.w.invoiceId }),
    expect: officeOnly(201),
  },
  'GET /api/notes/:id': { params: (c) => ({ id: c.w.noteId }), expect: fieldWork(200) },
  'PATCH /api/notes/:id': {
    params: (c) => ({ id: c.w.noteId }),
    body: () => ({ content: 'Edited note' }),
    expect: authored(200),
  },
  'DELETE /api/notes/:id': { params: (c) => ({ id: c.w.noteId }), expect: authored(204) },

  // ── invoices: the office's; a technician finds none ──
  'GET /api/invoices': {
    query: (c) => ({ ...page, q: c.w.tag }),
    listed: (w) => [w.invoiceId],
    expect: anyMember(200),
  },
  // The list as CSV, the office's (a technician 403 before anything is looked up)
  'GET /api/invoices.csv': { query: (c) => ({ q: c.w.tag }), expect: office(200, 200) },
  'POST /api/invoices': { fresh: false, body: (c) => ({ propertyId: c.w.propertyId }), expect: officeOnVisible(201) },
  // the picker of the invoice form
  'GET /api/invoices/billable-visits': {
    query: (c) => ({ propertyId: c.w.propertyId, invoiceId: c.w.invoiceId }),
    listed: (w) => [w.completedVisitId],
    expect: officeOnVisible(200),
  },
  'GET /api/invoices/:id': { params: (c) => ({ id: c.w.invoiceId }), expect: officeOnly(200) },
  'GET /api/invoices/:id/messages': { params: (c) => ({ id: c.w.invoiceId }), expect: officeOnly(200) },
  'PATCH /api/invoices/:id': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ dueDate: '2031-01-31' }),
    expect: officeOnly(200),
  },
  'DELETE /api/invoices/:id': { params: (c) => ({ id: c.w.invoiceId }), expect: officeOnly(204) },
  'POST /api/invoices/:id/mark-paid': { params: (c) => ({ id: c.w.invoiceId }), expect: officeOnly(200) },
  // A payment (the world's invoice asks $10.80) and voiding with a reason
  'POST /api/invoices/:id/payments': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ amount: 100, paidAt: '2030-07-01', method: 'cash', reference: 'Matrix' }),
    expect: officeOnly(201),
  },
  'POST /api/invoices/:id/void': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ reason: 'Matrix void' }),
    expect: officeOnly(200),
  },
  // Correcting a payment recorded by hand, and refunds: owners only (a manager 403 once the invoice is found)
  'PATCH /api/invoices/:id/payments/:paymentId': {
    params: async (c) => ({ id: c.w.invoiceId, paymentId: await manualPaymentOf(c.w) }),
    body: () => ({ amount: 50, reason: 'Matrix correction' }),
    expect: business({ owner: 200, manager: 403, assigned: 404, unassigned: 404 }),
  },
  'DELETE /api/invoices/:id/payments/:paymentId': {
    params: async (c) => ({ id: c.w.invoiceId, paymentId: await manualPaymentOf(c.w) }),
    body: () => ({ reason: 'Matrix correction' }),
    expect: business({ owner: 200, manager: 403, assigned: 404, unassigned: 404 }),
  },
  // a payment recorded by hand is not refunded through the provider: 409 for its owner
  'POST /api/invoices/:id/payments/:paymentId/refund': {
    params: async (c) => ({ id: c.w.invoiceId, paymentId: await manualPaymentOf(c.w) }),
    body: () => ({ amount: 50 }),
    expect: business({ owner: 409, manager: 403, assigned: 404, unassigned: 404 }),
  },
  'GET /api/invoices/:id/payment-changes': {
    params: (c) => ({ id: c.w.invoiceId }),
    query: () => page,
    expect: officeOnly(200),
  },
  'GET /api/invoices/:id/pdf': { params: (c) => ({ id: c.w.invoiceId }), expect: officeOnly(200) },
  'POST /api/invoices/:id/send': {
    params: (c) => ({ id: c.w.invoiceId }),
    body: () => ({ to: 'billing@example.com' }),
    expect: officeOnly(200),
  },

  // ── attachables: an invoice, the strictest type a photo or note can hang on ──
  'GET /api/attachables/:type/:id': {
    params: (c) => ({ type: 'invoice', id: c.w.invoiceId }),
    expect: officeOnly(200),
  },
};

/**
 * An invitation to the host's workspace (whose members no role is at first): "own" addressed to
 * the caller, "foreign" to the world's owner. Accepting one makes the caller a member there only.
 */
async function invitationFor(c: Cell) {
  const email = c.kind === 'own' && c.user ? c.user.email : c.w.team.owner.email;
  return (await createInvitationRow(t, host.workspaceId, email, { invitedBy: host })).id;
}

// ── the router's endpoints ──

const PUBLIC = [
  /^\/api\/health\b/,
  // the API's OpenAPI document and its reference page (openapi.test.ts)
  /^\/api\/(openapi\.json|docs)$/,
  /^\/api\/auth\//,
  /^\/api\/auth-test\//,
  /^\/api\/clear-auth\b/,
  // the calendar feed itself: its secret token is the key, no cookie (calendar-feed.test.ts)
  /^\/api\/calendar\/feed\/:file$/,
  // The unsubscribe link: its signed token is the key (client-messages.test.ts)
  /^\/api\/unsubscribe\//,
  // the e-mailed portal link: its single-use token is the key (portal.test.ts)
  /^\/api\/portal\/enter\/:token$/,
  // an invitation's e-mailed link: its secret token is the key (workspaces.test.ts)
  /^\/api\/invitations\/by-token\//,
  // 'Verify my e-mail' on the e-mailed verification link's page: its signed token is the key (identity.test.ts)
  /^\/api\/verify-email\/:token$/,
  // the payment provider's webhook: its signature is the key (payments.test.ts)
  /^\/api\/payments\/webhooks\/stripe$/,
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

let teams: { A: Team; B: Team };
let admin: TestUser;
let host: TestUser;
let png: Buffer;
/** The portal session of A's client, as a caller of the matrix. */
let portalUser: TestUser;
/** A before photo on each shared world's visit task (what a report shows). */
const evidencePhotos = new Map<World, string>();
const evidencePhotoOf = (w: World) => evidencePhotos.get(w) ?? SAMPLE_ID;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
/** A payment recorded by hand on the world's invoice. */
async function manualPaymentOf(w: World): Promise<string> {
  const [row] = await t.db
    .insert(invoicePayments)
    .values({ workspaceId: w.workspaceId, invoiceId: w.invoiceId, amount: 100, paidAt: '2030-07-01', method: 'cash' })
    .returning({ id: invoicePayments.id });
  return row!.id;
}
/** An open visit request of the world's client. */
async function visitRequestOf(w: World): Promise<string> {
  const [row] = await t.db
    .insert(visitRequests)
    .values({ workspaceId: w.workspaceId, clientId: w.clientId, propertyId: w.propertyId })
    .returning({ id: visitRequests.id });
  return row!.id;
}
/** The worlds reads use; never changed. */
let shared: { A: World; B: World };
/** The worlds writes use, built again once a call has changed one. */
const spare: { A?: World; B?: World } = {};
const counts = { endpoints: 0, cells: 0, requests: 0, worlds: 0, leaks: 0, started: 0 };

beforeAll(async () => {
  counts.started = Date.now();
  teams = { A: await createTeam(t, 'Matrix A'), B: await createTeam(t, 'Matrix B') };
  admin = await createUser(t, { name: 'Matrix Admin', role: 'admin' });
  host = await createUser(t, { name: 'Matrix Host' });
  png = await tinyPng();
  shared = {
    A: await buildWorld(t, teams.A, { photoBytes: png }),
    B: await buildWorld(t, teams.B, { photoBytes: png }),
  };
  for (const w of [shared.A, shared.B]) {
    const key = `${Date.now()}-${randomBytes(6).toString('hex')}.png`;
    await t.storage.put(key, png, 'image/png');
    const photo = await createPhotoRow(
      t,
      w.team.owner,
      { type: 'visit', id: w.visitId },
      { visitTaskId: w.visitTaskId, tag: 'before', storagePath: key },
    );
    evidencePhotos.set(w, photo.id);
  }
  const link = await issuePortalLink(
    t.db,
    { workspaceId: teams.A.workspaceId, clientId: shared.A.clientId },
    { publicUrl: t.config.publicUrl },
  );
  // The e-mailed page's 'Open my portal' posts the link's token: that is what uses it up.
  const token = new URL(link).pathname.split('/').pop()!;
  const entered = await t.request(`/api/portal/enter/${token}`, { method: 'POST', body: {} });
  const cookie = entered.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('the portal link set no cookie');
  portalUser = {
    id: 'portal-client',
    email: '',
    password: '',
    cookie,
    verified: false,
    workspaceId: teams.A.workspaceId,
  };
});
afterAll(async () => {
  console.log(
    `authorization matrix: ${counts.endpoints} endpoints × ${ROLES.length} roles × ${KINDS.length} id kinds = ` +
      `${counts.cells} cells, ${counts.requests} requests, ${counts.worlds} worlds built, ${counts.leaks} leaks, ` +
      `${((Date.now() - counts.started) / 1000).toFixed(1)} s`,
  );
  await t.close();
});

// ── quotes of a world, made for each call (a quote answered or deleted is gone for the next) ──

const quoteIn = (w: World) =>
  createQuoteRow(t, w.team.owner, { workspaceId: w.workspaceId, clientId: w.clientId, propertyId: w.propertyId });
/** The sent quote each cell approves, by the cell, so its upload's fields can name its option and hash. */
const sentQuotes = new Map<Cell, Awaited<ReturnType<typeof createQuoteRow>>>();
async function sentQuoteIn(c: Cell) {
  const quote = await createQuoteRow(
    t,
    c.w.team.owner,
    { workspaceId: c.w.workspaceId, clientId: c.w.clientId, propertyId: c.w.propertyId },
    { sent: true },
  );
  sentQuotes.set(c, quote);
  return quote;
}
function approvalFields(c: Cell): Record<string, string> {
  const quote = sentQuotes.get(c);
  return { optionId: quote!.options[0]!.id, signerName: 'Matrix Client', contentHash: quote!.contentHash };
}
/** A quote approved in person by the world's owner (its signature stored). */
async function approvedQuoteIn(w: World): Promise<string> {
  const quote = await createQuoteRow(
    t,
    w.team.owner,
    { workspaceId: w.workspaceId, clientId: w.clientId, propertyId: w.propertyId },
    { sent: true },
  );
  const response = await t.upload(
    w.team.owner.cookie,
    { bytes: png, name: 'signature.png', type: 'image/png' },
    { optionId: quote.options[0]!.id, signerName: 'Matrix Client', contentHash: quote.contentHash },
    { 'x-workspace': w.workspaceId },
    `/api/quotes/${quote.id}/approve-in-person`,
    'signature',
  );
  if (response.status !== 200) throw new Error(`approval set-up failed: ${await response.text()}`);
  return quote.id;
}

/** The caller of a role. */
function userOf(role: Role): TestUser | null {
  if (role === 'signedOut') return null;
  if (role === 'portal') return portalUser;
  if (role === 'admin') return admin;
  if (role === 'stranger') return teams.B.owner;
  return teams.A[role];
}

/** Whose records a cell uses: B's owner's own world is B; everyone else's is A. */
function worldOf(role: Role, kind: Kind): 'A' | 'B' {
  const home = role === 'stranger' ? 'B' : 'A';
  return kind === 'own' ? home : home === 'A' ? 'B' : 'A';
}

/** The workspace a role's requests name: its own; the admin's "own" cells name A, where they are no member. */
function workspaceOf(role: Role, kind: Kind): string | null {
  // The portal sends no workspace: the session is its client's.
  if (role === 'signedOut' || role === 'portal') return null;
  if (role === 'admin') return kind === 'own' ? teams.A.workspaceId : admin.workspaceId;
  return role === 'stranger' ? teams.B.workspaceId : teams.A.workspaceId;
}

/** A new workspace whose members are the team's, in the roles they have in the team's own. */
async function spareWorkspace(team: Team): Promise<string> {
  const [made] = await t.db.insert(workspaces).values({ name: 'Matrix spare' }).returning({ id: workspaces.id });
  const workspaceId = made!.id;
  await t.db.insert(workspaceMembers).values([
    { workspaceId, userId: team.owner.id, role: 'owner' },
    { workspaceId, userId: team.manager.id, role: 'manager' },
    { workspaceId, userId: team.assigned.id, role: 'technician' },
    { workspaceId, userId: team.unassigned.id, role: 'technician' },
  ]);
  return workspaceId;
}

async function worldFor(which: 'A' | 'B', fresh: boolean): Promise<World> {
  if (!fresh) return shared[which];
  if (!spare[which]) {
    counts.worlds += 1;
    spare[which] = await buildWorld(t, teams[which]);
  }
  return spare[which];
}

/** Money fields with a value: a technician sees none. `total` of a list is a count. */
function prices(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => prices(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const money = /price|amount|subtotal|^tax/i.test(key) && typeof item === 'number';
    return money ? [`${path}.${key}=${item}`] : prices(item, `${path}.${key}`);
  });
}

async function run(endpoint: string, row: Row, role: Role, kind: Kind): Promise<string[]> {
  const [method, path] = endpoint.split(' ') as [string, string];
  const user = userOf(role);
  const which = worldOf(role, kind);
  const fresh = row.fresh ?? method !== 'GET';
  const w = await worldFor(which, fresh);
  const workspaceId = workspaceOf(role, kind);
  const cell: Cell = { role, kind, user, w, workspaceId };

  const params = (await row.params?.(cell)) ?? {};
  const url =
    path.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`${endpoint}: no value for :${name}`);
      return value;
    }) + (row.query ? `?${new URLSearchParams(row.query(cell))}` : '');
  const headers: Record<string, string> = workspaceId ? { 'x-workspace': workspaceId } : {};

  counts.requests += 1;
  const response = row.upload
    ? await t.upload(
        user?.cookie ?? '',
        { bytes: png, name: 'matrix.png', type: 'image/png' },
        row.upload(cell),
        headers,
        url,
        row.uploadField,
      )
    : await t.request(url, { method, cookie: user?.cookie, body: row.body?.(cell), headers });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const text = isJson ? await response.text() : (await response.arrayBuffer(), '');
  const ok = response.status >= 200 && response.status < 300;
  // A call that changed its world leaves it to this cell: the next one gets a new world.
  if (fresh && (ok || response.status >= 500)) delete spare[which];

  const where = `${role} ${kind}`;
  const expected = row.expect[role][kind === 'own' ? 0 : 1];
  const problems: string[] = [];
  if (response.status !== expected) {
    problems.push(`${where}: expected ${expected}, got ${response.status} ${text.slice(0, 300)}`);
  }
  if (!user) return problems;

  // A's client sees A's property and visits in the portal; never B's, nor A's office or private records.
  const hidden = new Set(
    role === 'portal'
      ? [
          ...hiddenFrom(shared.B, user.id),
          ...shared.A.ids.office.filter((id) => id !== shared.A.clientId), // the client itself
          ...shared.A.ids.private,
        ]
      : [w, shared.A, shared.B].flatMap((world) => hiddenFrom(world, user.id)),
  );
  const leaked = [...hidden].filter((id) => text.includes(id));
  const technician = role === 'assigned' || role === 'unassigned';
  const priced = technician && text ? prices(JSON.parse(text)) : [];
  if (leaked.length > 0 || priced.length > 0) {
    counts.leaks += 1;
    problems.push(`${where}: leaked ${[...leaked, ...priced].join(', ')} in ${text.slice(0, 300)}`);
  }
  if (ok && kind === 'own') {
    const standing = standingIn(w, user.id);
    const listed = standing === 'owner' ? row.listed : standing === 'assigned' ? row.listedByAssigned : undefined;
    const missing = (listed?.(w) ?? []).filter((id) => !text.includes(id));
    if (missing.length > 0) problems.push(`${where}: ${missing.join(', ')} missing from ${text.slice(0, 300)}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has exactly one row per endpoint of the router', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(70);
    expect(
      Object.keys(TABLE).filter((key) => !ENDPOINTS.includes(key)),
      'rows for endpoints the router no longer has',
    ).toEqual([]);
  });

  it.each(ENDPOINTS)(
    '%s',
    async (endpoint) => {
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
    },
    600_000,
  );
});

/**
 * Two more callers: a manager of A who, half-way through the test, is removed from A or made a
 * technician there. Every endpoint is first called as that manager (each write with an
 * Idempotency-Key, on a world of its own), then every request is sent again as it was, the writes
 * with their keys: a replay too must answer as the person's access stands now. Removed, every
 * business endpoint answers 404 as for any workspace not theirs; made a technician, nothing the
 * technician may not do succeeds. Neither finds a record of A they may no longer see, nor a price.
 */
describe('callers whose access ends during the test', () => {
  const CHANGES = {
    'a member removed during the test': 'removed',
    'a member demoted to technician during the test': 'demoted',
  } as const;

  it.each(Object.keys(CHANGES))(
    '%s, replaying its earlier requests',
    async (caller) => {
      const change = CHANGES[caller as keyof typeof CHANGES];
      const person = await createUser(t, { name: `Matrix ${change}` });
      await addMember(t, teams.A.workspaceId, person, 'manager', teams.A.owner);
      const headersOf = (key: string | null) => ({
        'x-workspace': teams.A.workspaceId,
        ...(key ? { 'Idempotency-Key': key } : {}),
      });

      interface Sent {
        endpoint: string;
        row: Row;
        w: World;
        send: () => Response | Promise<Response>;
      }
      const sent: Sent[] = [];
      for (const endpoint of ENDPOINTS) {
        const row = TABLE[endpoint];
        if (!row) continue;
        const [method, path] = endpoint.split(' ') as [string, string];
        const write = method !== 'GET';
        const w = write ? await buildWorld(t, teams.A) : shared.A;
        const cell: Cell = { role: 'manager', kind: 'own', user: person, w, workspaceId: teams.A.workspaceId };
        const params = (await row.params?.(cell)) ?? {};
        const url =
          path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? SAMPLE_ID) +
          (row.query ? `?${new URLSearchParams(row.query(cell))}` : '');
        const headers = headersOf(write ? randomUUID() : null);
        const body = row.body?.(cell);
        const fields = row.upload?.(cell);
        const send = () =>
          fields
            ? t.upload(
                person.cookie,
                { bytes: png, name: 'matrix.png', type: 'image/png' },
                fields,
                headers,
                url,
                row.uploadField,
              )
            : t.request(url, { method, cookie: person.cookie, body, headers });
        const first = await send();
        await first.arrayBuffer();
        sent.push({ endpoint, row, w, send });
      }

      if (change === 'removed') {
        const removed = await t.request(`/api/workspaces/${teams.A.workspaceId}/members/${person.id}`, {
          method: 'DELETE',
          cookie: teams.A.owner.cookie,
        });
        expect(removed.status).toBe(204);
      } else {
        const demoted = await t.request(`/api/workspaces/${teams.A.workspaceId}/members/${person.id}`, {
          method: 'PATCH',
          cookie: teams.A.owner.cookie,
          body: { role: 'technician' },
        });
        expect(demoted.status).toBe(200);
      }

      const problems: string[] = [];
      for (const { endpoint, row, w, send } of sent) {
        const response = await send();
        const isJson = (response.headers.get('content-type') ?? '').includes('json');
        const text = isJson ? await response.text() : (await response.arrayBuffer(), '');
        const ok = response.status >= 200 && response.status < 300;
        if (change === 'removed') {
          // The admin's "own" cell is a signed-in person who is no member of A naming A.
          const expected = row.expect.admin[0];
          if (expected === 404 && response.status !== 404) {
            problems.push(`${endpoint}: expected 404, got ${response.status} ${text.slice(0, 200)}`);
          }
        } else if (ok && row.expect.unassigned[0] >= 400) {
          problems.push(`${endpoint}: a technician got ${response.status} ${text.slice(0, 200)}`);
        }
        const seesAs = change === 'removed' ? person.id : w.team.unassigned.id;
        const hidden = [w, shared.A].flatMap((world) => hiddenFrom(world, seesAs));
        const leaked = hidden.filter((id) => text.includes(id));
        const priced = change === 'demoted' && text ? prices(JSON.parse(text)) : [];
        if (leaked.length > 0 || priced.length > 0) {
          problems.push(`${endpoint}: leaked ${[...leaked, ...priced].join(', ')} in ${text.slice(0, 200)}`);
        }
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );
});
