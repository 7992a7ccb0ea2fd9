import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NoteAttachableType, VisitStatus, WorkspaceRole } from '../shared/constants';
import { ATTACHABLE_NOT_FOUND } from '../shared/schemas/attachables';
import { NOTE_MESSAGES } from '../shared/messages/notes';
import { SERIES_MESSAGES } from '../shared/messages/series';
import { VISIT_MESSAGES } from '../shared/messages/visits';
import { INVOICE_MESSAGES } from '../shared/messages/invoices';
import { NOTIFICATION_MESSAGES } from '../shared/schemas/notifications';
import { PORTAL_MESSAGES } from '../shared/messages/portal';
import type { ClientCan } from '../shared/schemas/clients';
import type { InvoiceCan } from '../shared/schemas/invoices';
import type { PropertyCan } from '../shared/schemas/properties';
import type { TaskCan } from '../shared/schemas/tasks';
import type { VisitCan } from '../shared/schemas/visits';
import type { MemberDto, WorkspaceCan } from '../shared/schemas/workspaces';
import { WORKSPACE_MESSAGES } from '../shared/messages/workspaces';
import type { Actor } from './auth/actor';
import type { Executor } from './db/client';
import { preparedPerHandle } from './db/sql';
import {
  clients,
  invoices,
  notes,
  photos,
  portalSessions,
  profiles,
  properties,
  secondaryProfiles,
  staffNotifications,
  tasks,
  users,
  visitRequests,
  visits,
  visitSeries,
  visitTasks,
  visitUsers,
  workspaceInvitations,
  workspaceMembers,
} from './db/schema';
import { AppError, conflict, forbidden, notFound } from './errors';

// Who may see and do what (ARCHITECTURE.md "Workspaces: who may do what"), in one place.
//
// A request acts as a `Member`: a signed-in user inside their current workspace, with their role
// there. Only this file makes one (`resolveMember`), so a service that reads or writes business
// data cannot be called without the workspace having been checked (tests/lint/policy.test.ts).
// `policy` has one entry per kind of record: the SQL scope every list and read is built on
// ("not yours" and "not there" are the same 404, and a list cannot leak a row), and the `can`
// answers detail responses carry (403 when a visible record may not be changed). Photos and
// notes are visible as what they hang on: derived from the entries, in both forms (one record,
// and the condition a list needs).

export const PROPERTY_NOT_FOUND = 'Property not found or access denied';

declare const memberBrand: unique symbol;

/** The signed-in user inside their current workspace; made by `resolveMember` only. */
export interface Member extends Actor {
  readonly workspaceId: string;
  readonly workspaceRole: WorkspaceRole;
  readonly [memberBrand]: true;
}

declare const portalBrand: unique symbol;

/**
 * Issue 28: a client in the portal, limited to that client's own records: made by
 * `resolvePortalClient` only (a portal session's cookie, or a signed-in account whose verified
 * e-mail is the client's). Not a Member: no staff route accepts one.
 */
export interface PortalClient {
  readonly workspaceId: string;
  readonly clientId: string;
  readonly [portalBrand]: true;
}

/**
 * The client an outbox message is addressed to (its row names them), reading what the portal
 * would show them: the visit report a message attaches is the client's view of it.
 */
export const messageRecipient = (to: { workspaceId: string; clientId: string }): PortalClient =>
  ({ workspaceId: to.workspaceId, clientId: to.clientId }) as PortalClient;

/** Who reads a record the portal shows too (a visit's report, an invoice's PDF, a photo). */
export type Viewer = Member | PortalClient;
export const isPortalClient = (viewer: Viewer): viewer is PortalClient => 'clientId' in viewer;

/** A uuid value or a column (or any SQL) holding one. */
type IdRef = string | SQL | AnyPgColumn;

/** Owners and managers run the business (the office); technicians work in the field. */
const manages = (member: Member) => member.workspaceRole !== 'technician';

/** Issue 25: a completed visit is locked against field changes until the office reopens it. */
const visitLocked = (visit: { status: VisitStatus }) => visit.status === 'completed';

/**
 * The request's workspace: the one `requested` names (the `X-Workspace` header), else the user's
 * default, else the first they joined. One query. `requested` that is not one of theirs:
 * `{ member: null, refused: true }` (404 for business routes; `/api/me` falls back instead).
 */
export async function resolveMember(
  db: Executor,
  actor: Actor,
  requested: string | null,
): Promise<{ member: Member | null; refused: boolean }> {
  // uuids are case-insensitive (PostgreSQL prints them in lower case).
  const wanted = requested && UUID.test(requested) ? requested.toLowerCase() : null;
  const [row] = await memberQuery(db).execute({ userId: actor.id, wanted });
  const refused = requested !== null && row?.workspaceId !== wanted;
  if (!row) return { member: null, refused };
  return { member: asMember(actor, row.workspaceId, row.role), refused };
}

/**
 * The membership query of every business request (issue 29 step 4), built and prepared once per
 * database or transaction handle instead of once per request: the same statement, the same rows.
 */
function prepareMemberQuery(db: Executor) {
  return db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, sql.placeholder('userId')))
    .orderBy(
      sql`${workspaceMembers.workspaceId} = ${sql.placeholder('wanted')} desc nulls last`,
      sql`${workspaceMembers.workspaceId} = ${users.defaultWorkspaceId} desc nulls last`,
      workspaceMembers.createdAt,
    )
    .limit(1)
    .prepare('member_of_request');
}

const memberQuery = preparedPerHandle(prepareMemberQuery);

/** A Member for a workspace the caller has just checked (its creation, the series job): access.ts only. */
function asMember(actor: Actor, workspaceId: string, workspaceRole: WorkspaceRole): Member {
  return { ...actor, workspaceId, workspaceRole } as Member;
}

/**
 * Issue 28: the portal's client of a request. A portal session (by its cookie token's sha256)
 * that is neither revoked nor expired, of a client that still exists; else a signed-in account
 * whose VERIFIED e-mail is a client's (case-insensitive): the client of `requested` (the
 * `X-Workspace` header) when there is one, else the one added first. Null for anyone else.
 */
export async function resolvePortalClient(
  db: Executor,
  from: {
    sessionTokenHash: string | null;
    actor: Actor | null;
    requested?: string | null;
    seen?: { ipAddress: string | null; userAgent: string | null };
  },
): Promise<PortalClient | null> {
  if (from.sessionTokenHash) {
    const [row] = await db
      .select({ workspaceId: clients.workspaceId, clientId: clients.id })
      .from(portalSessions)
      .innerJoin(clients, eq(clients.id, portalSessions.clientId))
      .where(
        and(
          eq(portalSessions.tokenHash, from.sessionTokenHash),
          isNull(portalSessions.revokedAt),
          sql`${portalSessions.expiresAt} > now()`,
        ),
      );
    if (row) return row as PortalClient;
  }
  const actor = from.actor;
  if (!actor?.emailVerified) return null;
  const wanted = from.requested && UUID.test(from.requested) ? from.requested.toLowerCase() : null;
  // The account's way in is a portal session of its own (user_id set): listed with the client's
  // sign-ins, and once revoked ('Revoke portal access', or leaving the business) it stays shut.
  const [row] = await db
    .select({ workspaceId: clients.workspaceId, clientId: clients.id, signIn: portalSessions.id })
    .from(clients)
    .leftJoin(portalSessions, and(eq(portalSessions.clientId, clients.id), eq(portalSessions.userId, actor.id)))
    .where(and(sql`lower(btrim(${clients.email})) = lower(${actor.email})`, isNull(portalSessions.revokedAt)))
    .orderBy(sql`${clients.workspaceId} = ${wanted} desc nulls last`, clients.createdAt, clients.id)
    .limit(1);
  if (!row) return null;
  if (!row.signIn) {
    await db
      .insert(portalSessions)
      .values({
        workspaceId: row.workspaceId,
        clientId: row.clientId,
        userId: actor.id,
        // Never a cookie's hash: the account's own session is its way in, not a token.
        tokenHash: `account:${randomUUID()}`,
        ipAddress: from.seen?.ipAddress ?? null,
        userAgent: from.seen?.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date('9999-12-31T00:00:00Z'),
      })
      .onConflictDoNothing();
  }
  return { workspaceId: row.workspaceId, clientId: row.clientId } as PortalClient;
}

/**
 * Leaving a business (removed, or a new role) shuts the portal way in of the person's own
 * address too: every client of the workspace with that address gets a revoked account session
 * for them (so the portal does not open one again). A fresh portal link still works.
 */
export async function shutAccountPortal(tx: Executor, workspaceId: string, userId: string): Promise<void> {
  await tx.execute(sql`insert into ${portalSessions} (workspace_id, client_id, user_id, token_hash, expires_at, revoked_at)
    select ${clients.workspaceId}, ${clients.id}, ${users.id}, 'account:' || gen_random_uuid(), '9999-12-31T00:00:00Z', now()
    from ${clients} join ${users} on lower(btrim(${clients.email})) = lower(${users.email})
    where ${clients.workspaceId} = ${workspaceId} and ${users.id} = ${userId}
    on conflict (client_id, user_id) where user_id is not null do update set revoked_at = coalesce(${portalSessions.revokedAt}, now())`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 403 with `message` unless `allowed`: the record is visible, the action is not the member's. */
export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

// ── the policy table ────────────────────────────────────────────────────────

/**
 * SQL on `visit_users` joined to a visit id: the member is on the visit (lead or assistant). The
 * workspace lets a technician's visits come from `visit_users_user_workspace_idx` alone (issue 29).
 */
const onVisit = (member: Member, visitId: IdRef): SQL =>
  sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${member.id}
    and ${visitUsers.workspaceId} = ${member.workspaceId})`;

/** SQL: a technician's properties are those of the visits they are on. */
const onVisitAt = (member: Member, propertyId: IdRef): SQL =>
  sql`exists (select 1 from ${visitUsers} join ${visits} on ${visits.id} = ${visitUsers.visitId}
    where ${visitUsers.userId} = ${member.id} and ${visits.propertyId} = ${propertyId}
      and ${visits.workspaceId} = ${member.workspaceId})`;

export const policy = {
  workspace: {
    can(member: Member): WorkspaceCan {
      const office = manages(member);
      return {
        manageSettings: office,
        manageMembers: office,
        appointOwners: member.workspaceRole === 'owner',
        manageProperties: office,
        manageCatalogue: office,
        scheduleVisits: office,
        seePrices: office,
        seeInvoices: office,
        manageClients: office,
        seeTimeReport: office,
        sendReports: office,
        deleteWorkspace: member.workspaceRole === 'owner',
      };
    },
  },

  /** Owners and managers: every property of the workspace; technicians: the properties of their visits. */
  property: {
    notFound: PROPERTY_NOT_FOUND,
    table: properties,
    scope: (member: Member): SQL =>
      and(
        eq(properties.workspaceId, member.workspaceId),
        isNull(properties.deletedAt),
        manages(member) ? undefined : onVisitAt(member, properties.id),
      )!,
    can(member: Member): PropertyCan {
      const office = manages(member);
      return {
        edit: office,
        delete: office,
        manageTasks: office,
        scheduleVisit: office,
        seeInvoices: office,
        seePrices: office,
        manageClient: office,
      };
    },
  },

  /** The workspace's catalogue: every member reads it; owners and managers change it; prices are the office's. */
  task: {
    notFound: ATTACHABLE_NOT_FOUND.task,
    table: tasks,
    scope: (member: Member): SQL => and(eq(tasks.workspaceId, member.workspaceId), isNull(tasks.deletedAt))!,
    can(member: Member): TaskCan {
      const office = manages(member);
      return { edit: office, delete: office, seePrices: office };
    },
  },

  /** Owners and managers: every visit; technicians: the visits they are on. Never one of a deleted property. */
  visit: {
    notFound: ATTACHABLE_NOT_FOUND.visit,
    table: visits,
    scope: (member: Member): SQL =>
      and(
        eq(visits.workspaceId, member.workspaceId),
        manages(member) ? undefined : onVisit(member, visits.id),
        // Kept with the visit when its property is deleted (issue 29): no lookup per row.
        isNull(visits.propertyDeletedAt),
      )!,
    can(member: Member, visit: { status: VisitStatus }): VisitCan {
      const office = manages(member);
      const open = !visitLocked(visit);
      return {
        // The field: start, complete and tick tasks. The office: everything else.
        changeStatus: open || office,
        tickTasks: open,
        edit: office && open,
        delete: office,
        manageTasks: office && open,
        managePeople: office,
        // Issue 25: a completed visit is locked until the office reopens it (back to in_progress).
        reopen: office && !open,
        // Issue 27: complete with evidence missing, giving a reason.
        completeAnyway: office && open,
        // Issue 27: a failed finding becomes work on a later visit (any state of this one).
        addFollowUp: office,
        createInvoice: office,
        seeInvoices: office,
        seePrices: office,
      };
    },
    /** The field starts and completes a visit (`changeStatus`); the office may set any status. */
    statusAllowed: (member: Member, status: VisitStatus): boolean =>
      manages(member) || status === 'in_progress' || status === 'completed',
    /**
     * Before a change to a visit or its tasks: 403 with `message` unless the member's role may
     * make it; then 409 'This visit is completed. Reopen it to make changes.' while it is locked
     * (issue 25). A completed visit's tasks keep their prices open to the office (billing comes
     * after completion; invoices freeze their own lines); only the office takes it out of completed.
     */
    requireChange(
      member: Member,
      visit: { status: VisitStatus },
      change: 'tickTasks' | 'manageTasks' | 'edit' | 'changePrice' | { status: VisitStatus },
      message: string,
    ): void {
      const office = manages(member);
      if (typeof change === 'object') {
        authorize(policy.visit.statusAllowed(member, change.status), message);
        // Leaving completed reopens the visit (spec §4: the office may choose any status).
        if (visitLocked(visit) && change.status !== 'completed') authorize(office, VISIT_MESSAGES.onlyOfficeReopens);
        return;
      }
      if (change === 'changePrice') return authorize(office, message);
      authorize(change === 'tickTasks' || office, message);
      if (visitLocked(visit)) throw conflict(VISIT_MESSAGES.locked);
    },
  },

  /** Issue 27, a visit's report: whoever sees the visit reads it; the office sends it to the client. */
  visitReport: {
    can: (viewer: Viewer) => ({ send: !isPortalClient(viewer) && manages(viewer) }),
    /** Of the client, a technician sees the name and phone only (docs/api.md); the office and the client all of it. */
    seesClientAddress: (viewer: Viewer) => isPortalClient(viewer) || manages(viewer),
    /** The client reads the staff's names, never their e-mail addresses (the portal, and the report mailed to it). */
    showsStaffEmails: (viewer: Viewer) => !isPortalClient(viewer),
  },

  /** Visit series: owners and managers only (a technician works the visits). */
  series: {
    notFound: SERIES_MESSAGES.notFound,
    table: visitSeries,
    scope: (member: Member): SQL => (manages(member) ? eq(visitSeries.workspaceId, member.workspaceId) : sql`false`),
    can: (member: Member) => ({ edit: manages(member), delete: manages(member) }),
  },

  /**
   * Clients (issue 26): owners and managers only. A technician reads no client record; the visits
   * they are on carry the client's name and phone (visit-rows.ts), and nothing else of it.
   */
  client: {
    notFound: ATTACHABLE_NOT_FOUND.client,
    table: clients,
    scope: (member: Member): SQL => (manages(member) ? eq(clients.workspaceId, member.workspaceId) : sql`false`),
    can: (member: Member): ClientCan => ({ edit: manages(member), delete: manages(member) }),
  },

  /** Invoices, and every amount: owners and managers only. */
  invoice: {
    notFound: ATTACHABLE_NOT_FOUND.invoice,
    table: invoices,
    scope: (member: Member): SQL => (manages(member) ? eq(invoices.workspaceId, member.workspaceId) : sql`false`),
    can(viewer: Viewer, invoice: { storedStatus: string; amountPaid: number; balanceDue: number }): InvoiceCan {
      // Issue 28: a client in the portal reads its invoices and changes nothing.
      const office = !isPortalClient(viewer) && manages(viewer);
      const { storedStatus } = invoice;
      // Issue 26: paid and void invoices are settled: voiding is the way out of one.
      const settled = storedStatus === 'paid' || storedStatus === 'void';
      const payable = ['draft', 'sent', 'overdue'].includes(storedStatus);
      return {
        edit: office && !settled,
        // Money received stays on record: an invoice with payments is voided, not deleted.
        delete: office && !settled && invoice.amountPaid === 0,
        // spec §4: offered while draft or sent (a sent one past its due date shows as overdue)
        markPaid: office && payable,
        send: office && storedStatus !== 'cancelled' && storedStatus !== 'void',
        recordPayment: office && payable && invoice.balanceDue > 0,
        void: office && storedStatus !== 'void',
      };
    },
    /**
     * Before a change (an edit, a delete, a payment): 409 with why when the invoice's state
     * forbids it (issue 26). Who may change invoices at all is the scope's (404 otherwise).
     */
    requireChange(
      invoice: { status: string; amountPaid: number },
      change: 'edit' | 'delete' | 'pay' | { status: string },
    ): void {
      if (invoice.status === 'void') {
        throw conflict(change === 'pay' ? INVOICE_MESSAGES.voidCannotTakePayment : INVOICE_MESSAGES.voidLocked);
      }
      if (change === 'pay') {
        if (invoice.status === 'cancelled') throw conflict(INVOICE_MESSAGES.cancelledCannotTakePayment);
        return;
      }
      if (invoice.status === 'paid') throw conflict(INVOICE_MESSAGES.paidLocked);
      if (change === 'delete' && invoice.amountPaid > 0) throw conflict(INVOICE_MESSAGES.hasPaymentsCannotDelete);
      if (typeof change === 'object' && invoice.amountPaid > 0 && change.status !== invoice.status) {
        if (change.status !== 'paid') throw conflict(INVOICE_MESSAGES.hasPaymentsStatus);
      }
    },
  },

  /** A person's own profile (personal, in no workspace). */
  profile: {
    notFound: ATTACHABLE_NOT_FOUND.profile,
    table: profiles,
    scope: (member: Actor): SQL => eq(profiles.userId, member.id),
  },

  /** Secondary profiles: their owner's only (spec §6; admins get no exception). */
  secondaryProfile: {
    notFound: ATTACHABLE_NOT_FOUND.secondary_profile,
    table: secondaryProfiles,
    scope: (member: Actor): SQL => eq(secondaryProfiles.userId, member.id),
  },

  /** Photos: as what they hang on; only their uploader changes one (spec §6). */
  photo: {
    notFound: ATTACHABLE_NOT_FOUND.photo,
    table: photos,
    scope: (member: Member): SQL =>
      visibleAttached(
        member,
        {
          workspace: photos.workspaceId,
          type: photos.attachableType,
          id: photos.attachableId,
          author: photos.uploadedBy,
        },
        PHOTO_TYPES,
      ),
    can: (member: Member, uploadedBy: string) => ({ edit: uploadedBy === member.id, delete: uploadedBy === member.id }),
  },

  /** Notes: as what they hang on; only their author changes one (spec §6). */
  note: {
    notFound: NOTE_MESSAGES.notFound,
    table: notes,
    scope: (member: Member): SQL =>
      visibleAttached(
        member,
        { workspace: notes.workspaceId, type: notes.attachableType, id: notes.attachableId, author: notes.createdBy },
        NOTE_TYPES,
      ),
    can: (member: Member, createdBy: string) => ({ edit: createdBy === member.id, delete: createdBy === member.id }),
  },

  /** Issue 28, the bell: a staff member's own notifications, in the workspace they are in now; nobody else's. */
  staffNotification: {
    notFound: NOTIFICATION_MESSAGES.notFound,
    table: staffNotifications,
    scope: (member: Member): SQL =>
      and(eq(staffNotifications.userId, member.id), eq(staffNotifications.workspaceId, member.workspaceId))!,
  },

  /** Issue 28: clients' visit requests, read and handled by owners and managers. */
  visitRequest: {
    notFound: PORTAL_MESSAGES.requestNotFound,
    table: visitRequests,
    scope: (member: Member): SQL => (manages(member) ? eq(visitRequests.workspaceId, member.workspaceId) : sql`false`),
    can: (member: Member) => ({ handle: manages(member) }),
  },

  /**
   * Issue 28: what a client sees in the portal: its own properties (not deleted), their visits,
   * the before/after photos and the shared notes of those visits, their invoices once no longer
   * drafts, and its own requests. Anything else is 404, as for staff.
   */
  portal: {
    /** The scope of `kind` for whoever reads it: the staff entry's for a member, the portal's for a client. */
    scopeFor(kind: 'visit' | 'photo' | 'note' | 'invoice', viewer: Viewer): SQL {
      if (isPortalClient(viewer)) return policy.portal[kind](viewer);
      return policy[kind].scope(viewer);
    },
    property: (client: PortalClient): SQL =>
      and(
        eq(properties.workspaceId, client.workspaceId),
        eq(properties.clientId, client.clientId),
        isNull(properties.deletedAt),
      )!,
    visit: (client: PortalClient): SQL =>
      and(
        eq(visits.workspaceId, client.workspaceId),
        sql`exists (select 1 from ${properties} where ${properties.id} = ${visits.propertyId}
          and ${properties.clientId} = ${client.clientId} and ${properties.deletedAt} is null)`,
      )!,
    /** The report's photos: a before or after photo of a task of one of the client's visits. */
    photo: (client: PortalClient): SQL =>
      and(
        eq(photos.workspaceId, client.workspaceId),
        sql`${photos.tag} in ('before', 'after')`,
        sql`exists (select 1 from ${visitTasks} join ${visits} on ${visits.id} = ${visitTasks.visitId}
          join ${properties} on ${properties.id} = ${visits.propertyId}
          where ${visitTasks.id} = ${photos.visitTaskId} and ${visits.workspaceId} = ${client.workspaceId}
            and ${properties.clientId} = ${client.clientId} and ${properties.deletedAt} is null)`,
      )!,
    /** The notes on the client's visits that staff shared with the client. */
    note: (client: PortalClient): SQL =>
      and(
        eq(notes.workspaceId, client.workspaceId),
        eq(notes.attachableType, 'visit'),
        eq(notes.shareWithClient, true),
        sql`exists (select 1 from ${visits} join ${properties} on ${properties.id} = ${visits.propertyId}
          where ${visits.id} = ${notes.attachableId} and ${properties.clientId} = ${client.clientId}
            and ${properties.deletedAt} is null)`,
      )!,
    invoice: (client: PortalClient): SQL =>
      and(
        eq(invoices.workspaceId, client.workspaceId),
        sql`${invoices.status} <> 'draft'`,
        sql`exists (select 1 from ${properties} where ${properties.id} = ${invoices.propertyId}
          and ${properties.clientId} = ${client.clientId} and ${properties.deletedAt} is null)`,
      )!,
    request: (client: PortalClient): SQL =>
      and(eq(visitRequests.workspaceId, client.workspaceId), eq(visitRequests.clientId, client.clientId))!,
  },

  /** The team: owners change anyone; managers anyone but owners; technicians nobody. */
  member: {
    can(member: Member, target: { userId: string; role: WorkspaceRole; invitedMe: boolean }): MemberDto['can'] {
      const self = target.userId === member.id;
      const mayTouch =
        manages(member) && !target.invitedMe && (member.workspaceRole === 'owner' || target.role !== 'owner');
      // One's own role too (an owner stepping down while another stays; keepAnOwner guards the last).
      return { changeRole: mayTouch, remove: self || mayTouch };
    },
    /** Who may give a role: owners any, managers manager and technician. */
    mayGrant: (member: Member, role: WorkspaceRole) =>
      manages(member) && (role !== 'owner' || member.workspaceRole === 'owner'),
    /** Why a change to `target` that `can` refused is refused, in the words that fit. */
    refusal(member: Member, target: { role: WorkspaceRole }): string {
      if (!manages(member)) return WORKSPACE_MESSAGES.ownersAndManagersOnly;
      if (target.role === 'owner' && member.workspaceRole !== 'owner') return WORKSPACE_MESSAGES.ownersOnly;
      return WORKSPACE_MESSAGES.inviterProtected;
    },
  },
} as const;

/** How much a role may do, to compare two: an owner does all a manager does, a manager all a technician does. */
const ROLE_RANK: Record<WorkspaceRole, number> = { technician: 0, manager: 1, owner: 2 };

/**
 * An idempotent replay (a write sent again with its `Idempotency-Key`) answers with the first
 * answer only while its user still has the access that answer was made under: a member of the
 * same workspace with a role at least as strong. Removed: 404 as for any workspace not theirs;
 * demoted: 403. A request made in no workspace (personal routes) has nothing to re-check.
 */
export async function requireReplayAllowed(
  db: Executor,
  actor: Actor,
  first: { workspaceId: string | null; role: WorkspaceRole | null },
): Promise<void> {
  if (!first.workspaceId || !first.role) return;
  const { member, refused } = await resolveMember(db, actor, first.workspaceId);
  if (!member || refused) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (ROLE_RANK[member.workspaceRole] < ROLE_RANK[first.role]) {
    throw forbidden(WORKSPACE_MESSAGES.roleChangedSinceRequest);
  }
}

/** Every kind the policy can look a record up by (the photo and note attachables among them). */
type Kind = Exclude<keyof typeof policy, 'workspace' | 'member' | 'visitReport' | 'portal'>;

/**
 * The one fetch-or-404: `id` is a record of `kind` the member may see, else 404 with that kind's
 * message. Services read the record's details themselves, on the same scope.
 */
export async function requireVisible(db: Executor, kind: Kind, member: Member, id: string): Promise<void> {
  const entry = policy[kind];
  const result = await db.execute(
    sql`select 1 as found from ${entry.table} where ${entry.table.id} = ${id} and ${entry.scope(member as Member)}`,
  );
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw notFound(entry.notFound);
}

// ── attachables: what photos and notes hang on (spec §3) ────────────────────

/** The policy entry each attachable type is seen through. */
const ATTACHABLE_KIND = {
  property: 'property',
  task: 'task',
  visit: 'visit',
  invoice: 'invoice',
  client: 'client',
  profile: 'profile',
  secondary_profile: 'secondaryProfile',
  photo: 'photo',
} as const satisfies Record<NoteAttachableType, Kind>;

/** The types that belong to a business: a photo or note on one is in its workspace. */
export const BUSINESS_ATTACHABLE_TYPES = ['property', 'task', 'visit', 'invoice', 'client'] as const;
const isBusinessType = (type: NoteAttachableType) => (BUSINESS_ATTACHABLE_TYPES as readonly string[]).includes(type);

/** SQL: the member may see the record of `type` with id `id` (a value or a column). */
export function visibleAttachable(member: Member, type: NoteAttachableType, id: IdRef): SQL {
  const entry = policy[ATTACHABLE_KIND[type]];
  return sql`exists (select 1 from ${entry.table} where ${entry.table.id} = ${id} and ${entry.scope(member)})`;
}

/**
 * SQL on an attached row (a photo or a note): the member may see it. A personal one (no workspace:
 * standalone, on a profile) is its author's; a business one is in the member's workspace, and
 * seen by owners and managers whatever it hangs on ("see all in the workspace") and by a
 * technician when they see what it hangs on.
 */
function visibleAttached(
  member: Member,
  columns: { workspace: AnyPgColumn; type: AnyPgColumn; id: AnyPgColumn; author: AnyPgColumn },
  types: readonly ((typeof BUSINESS_ATTACHABLE_TYPES)[number] | 'photo')[],
): SQL {
  const personal = sql`(${columns.workspace} is null and ${columns.author} = ${member.id})`;
  return sql`(${personal} or ${inTheWorkspace(member, columns, types)})`;
}

/**
 * SQL: an attached row of the member's workspace that they may see: all of them for owners and
 * managers; for a technician, those on a record they see (the workspace plus their assignment set).
 */
function inTheWorkspace(
  member: Member,
  columns: { workspace: AnyPgColumn; type: AnyPgColumn; id: AnyPgColumn },
  types: readonly ((typeof BUSINESS_ATTACHABLE_TYPES)[number] | 'photo')[],
): SQL {
  const inWorkspace = sql`${columns.workspace} = ${member.workspaceId}`;
  if (manages(member)) return inWorkspace;
  const byType = types.map(
    (type) => sql`(${columns.type} = ${type} and ${columns.id} = any(array(${visibleIds(member, type)})))`,
  );
  return sql`(${inWorkspace} and (${sql.join(byType, sql` or `)}))`;
}

/**
 * Issue 29, the notes and photos lists: `policy.note/photo.scope` as branches, each one indexed
 * condition read in the list's order or from the records it names. The personal rows
 * (`…_personal_idx`); the workspace's rows: for owners and managers all of them
 * (`…_workspace_created_idx`), for a technician one branch per type of record, the rows on the
 * records of their assignment set (`…_attachable_idx`, from the ids computed once as an array).
 * An `or` of the conditions made PostgreSQL read every visible row and sort them.
 * - `newest(n)`: the row is among the newest `n` of some branch that pass `filter`; a list
 *   ordered newest first whose page ends at row `n` finds all its rows there.
 * - `rows`: every branch's rows that pass `filter`, for `countUpTo`.
 */
export function attachedList(kind: 'note' | 'photo', member: Member, filter: SQL | undefined) {
  const table = kind === 'note' ? notes : photos;
  const author = kind === 'note' ? notes.createdBy : photos.uploadedBy;
  const inWorkspace = sql`${table.workspaceId} = ${member.workspaceId}`;
  const business = manages(member)
    ? [inWorkspace]
    : (kind === 'note' ? NOTE_TYPES : PHOTO_TYPES).map(
        (type) =>
          sql`${inWorkspace} and ${table.attachableType} = ${type} and ${table.attachableId} = any(array(${visibleIds(member, type)}))`,
      );
  const branches = [...business, sql`${table.workspaceId} is null and ${author} = ${member.id}`];
  const branch = (select: SQL, where: SQL, newest?: number) =>
    sql`(select ${select} from ${table} where ${and(where, filter)}${
      newest === undefined ? sql`` : sql` order by ${table.createdAt} desc, ${table.id} desc limit ${newest}`
    })`;
  return {
    newest: (n: number): SQL =>
      sql`${table.id} = any(array(${sql.join(
        branches.map((where) => branch(sql`${table.id}`, where, n)),
        sql` union all `,
      )}))`,
    rows: sql.join(
      branches.map((where) => branch(sql`1`, where)),
      sql` union all `,
    ),
  };
}

/** The ids of a business type's records the member may see, as a subquery (computed once per list). */
function visibleIds(member: Member, type: (typeof BUSINESS_ATTACHABLE_TYPES)[number] | 'photo'): SQL {
  if (type === 'photo') {
    // The photos a note hangs on, under another name (the outer query may read photos itself).
    const inner = alias(photos, 'visible_photos');
    const scope = visibleAttached(
      member,
      { workspace: inner.workspaceId, type: inner.attachableType, id: inner.attachableId, author: inner.uploadedBy },
      PHOTO_TYPES,
    );
    return sql`select ${inner.id} from ${photos} as ${sql.identifier('visible_photos')} where ${scope}`;
  }
  const entry = policy[type];
  return sql`select ${entry.table.id} from ${entry.table} where ${entry.scope(member)}`;
}
const PHOTO_TYPES = BUSINESS_ATTACHABLE_TYPES;
const NOTE_TYPES = [...BUSINESS_ATTACHABLE_TYPES, 'photo'] as const;

/**
 * Before attaching a photo or note: the record must be one the member may see (404 with that
 * record's own message otherwise). Answers the workspace the new row belongs to: the member's
 * for a business record, the photo's for a note on a photo, none for a personal one.
 */
export async function attachmentWorkspace(
  db: Executor,
  member: Member,
  type: NoteAttachableType,
  id: string | null,
): Promise<string | null> {
  if (id === null) return null;
  const entry = policy[ATTACHABLE_KIND[type]];
  const result = await db.execute(
    sql`select ${type === 'photo' ? photos.workspaceId : sql`null`} as workspace_id
      from ${entry.table} where ${entry.table.id} = ${id} and ${entry.scope(member)}`,
  );
  const [row] = (result as unknown as { rows: { workspace_id: string | null }[] }).rows;
  if (!row) throw notFound(ATTACHABLE_NOT_FOUND[type]);
  if (type === 'photo') return row.workspace_id;
  return isBusinessType(type) ? member.workspaceId : null;
}

/**
 * `column` is one of the ids `ids` (a subquery) gives. The set is computed once, as an array,
 * and the rows are then found by their primary key. `column in (subquery)` let PostgreSQL pick
 * a nested loop over the whole id set for every row when it misjudged the set's size: 31 s for
 * the bench's biggest account on GET /api/notes, against 0.18 s this way (bench/README.md).
 */
export function idAmong(column: AnyPgColumn, ids: SQL): SQL {
  return sql`${column} = any(array(${ids}))`;
}

// ── team rules ──────────────────────────────────────────────────────────────

/** SQL: `userId` is a member of the member's workspace (assignees, the people of a visit). */
export const memberOf = (member: Member, userId: IdRef): SQL =>
  sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${member.workspaceId}
    and ${workspaceMembers.userId} = ${userId})`;

/**
 * SQL on `workspace_invitations`: the invitation still stands. It dies with its inviter's right to
 * give that role there (issue 23): no longer an owner or manager, no longer an owner for an
 * owner's invitation, or their account gone.
 */
export function liveInvitation(): SQL {
  return sql`(${workspaceInvitations.invitedBy} is not null and exists (
    select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceInvitations.workspaceId}
      and ${workspaceMembers.userId} = ${workspaceInvitations.invitedBy}
      and (${workspaceMembers.role} = 'owner' or (${workspaceMembers.role} = 'manager' and ${workspaceInvitations.role} <> 'owner'))))`;
}

/**
 * 409 when taking `target` out of the owners (a new role, or `null`: leaving) would leave the
 * workspace without one. Call inside the transaction that changes it, the workspace row locked.
 */
export async function keepAnOwner(
  tx: Executor,
  workspaceId: string,
  target: { userId: string; role: WorkspaceRole },
  newRole: WorkspaceRole | null,
): Promise<void> {
  if (target.role !== 'owner' || newRole === 'owner') return;
  const [row] = await tx
    .select({ owners: sql<number>`cast(count(*) as integer)` })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        sql`${workspaceMembers.userId} <> ${target.userId}`,
      ),
    );
  if ((row?.owners ?? 0) === 0) throw conflict(WORKSPACE_MESSAGES.lastOwner);
}

// ── client-made ids (issue 17) ─────────────────────────────────────────────

/**
 * Makes a record under the id a phone gave it: `insert(id)` answers undefined when that id is
 * taken. Only whoever can see the row holding it is told so (409 `alreadyExists`, their own
 * replay); for anyone else the record is made under a fresh server-made id, exactly as if the
 * id had been free, so the answer never depends on a row the caller cannot see (issue 23).
 */
export async function insertWithClientId<T>(
  db: Executor,
  clientId: string | undefined,
  insert: (id: string | undefined) => Promise<T | undefined>,
  holder: { kind: Kind; member: Member },
  alreadyExists: string,
): Promise<T> {
  const made = await insert(clientId);
  if (made !== undefined) return made;
  if (!clientId || (await seesId(db, holder, clientId))) throw conflict(alreadyExists);
  const fresh = await insert(undefined);
  if (fresh === undefined) throw conflict(alreadyExists); // a server-made id is never taken
  return fresh;
}

async function seesId(db: Executor, holder: { kind: Kind; member: Member }, id: string): Promise<boolean> {
  try {
    await requireVisible(db, holder.kind, holder.member, id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}
