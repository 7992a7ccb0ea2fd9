import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { VisitStatus, WorkspaceRole } from '../../shared/constants';
import { ATTACHABLE_NOT_FOUND } from '../../shared/schemas/attachables';
import { NOTE_MESSAGES } from '../../shared/messages/notes';
import { SERIES_MESSAGES } from '../../shared/messages/series';
import { VISIT_MESSAGES } from '../../shared/messages/visits';
import { INVOICE_MESSAGES } from '../../shared/messages/invoices';
import { NOTIFICATION_MESSAGES } from '../../shared/schemas/notifications';
import { PORTAL_MESSAGES } from '../../shared/messages/portal';
import { ROUTE_MESSAGES } from '../../shared/schemas/routes';
import type { ClientCan } from '../../shared/schemas/clients';
import type { InvoiceCan } from '../../shared/schemas/invoices';
import { QUOTE_MESSAGES, type QuoteCan } from '../../shared/schemas/quotes';
import type { QuoteStatus } from '../../shared/constants';
import type { PropertyCan } from '../../shared/schemas/properties';
import type { TaskCan } from '../../shared/schemas/tasks';
import type { VisitCan } from '../../shared/schemas/visits';
import type { WorkspaceCan } from '../../shared/schemas/workspaces';
import { WORKSPACE_MESSAGES } from '../../shared/messages/workspaces';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import type { RowOf } from '../db/shapes';
import {
  clients,
  invoices,
  notes,
  photos,
  profiles,
  properties,
  quotes,
  secondaryProfiles,
  staffNotifications,
  tasks,
  visitRequests,
  visits,
  visitSeries,
  visitTasks,
  visitUsers,
} from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { isPortalClient, manages, type Member, type PortalClient, type Viewer } from './member';

// Who may see and do what (ARCHITECTURE.md "Workspaces: who may do what"), in one place.
//
// `policy` has one entry per kind of record: the SQL scope every list and read is built on
// ("not yours" and "not there" are the same 404, and a list cannot leak a row), and the `can`
// answers detail responses carry (403 when a visible record may not be changed). Photos and
// notes are visible as what they hang on: derived from the entries, in both forms (one record,
// and the condition a list needs).

export const PROPERTY_NOT_FOUND = 'Property not found or access denied';

/** A uuid value or a column (or any SQL) holding one. */
export type IdRef = string | SQL | AnyPgColumn;

/** A completed visit is locked against field changes until the office reopens it. */
const visitLocked = (visit: { status: VisitStatus }) => visit.status === 'completed';

/** 403 with `message` unless `allowed`: the record is visible, the action is not the member's. */
export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

// ── the policy table ────────────────────────────────────────────────────────

/**
 * SQL on `visit_users` joined to a visit id: the member is on the visit (lead or assistant). The
 * workspace lets a technician's visits come from `visit_users_user_workspace_idx` alone.
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
        // Kept with the visit when its property is deleted: no lookup per row.
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
        // A completed visit is locked until the office reopens it (back to in_progress).
        reopen: office && !open,
        // Complete with evidence missing, giving a reason.
        completeAnyway: office && open,
        // A failed finding becomes work on a later visit (any state of this one).
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
     * make it; then 409 'This visit is completed. Reopen it to make changes.' while it is locked.
     * A completed visit's tasks keep their prices open to the office (billing comes
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

  /** A visit's report: whoever sees the visit reads it; the office sends it to the client. */
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
   * Clients: owners and managers only. A technician reads no client record; the visits
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
      // A client in the portal reads its invoices and changes nothing.
      const office = !isPortalClient(viewer) && manages(viewer);
      const { storedStatus } = invoice;
      // Paid and void invoices are settled: voiding is the way out of one.
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
        correctPayments: office && policy.invoice.correctsPayments(viewer as Member),
      };
    },
    /** Refunds and corrections of payments: owners only (money already received). */
    correctsPayments: (member: Member): boolean => member.workspaceRole === 'owner',
    /**
     * Before a change (an edit, a delete, a payment): 409 with why when the invoice's state
     * forbids it. Who may change invoices at all is the scope's (404 otherwise).
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

  /**
   * Quotes, and every amount on them: owners and managers only (a technician gets 404 on every
   * one). A sent version is frozen: an edit makes the next one; an approved, declined, converted or
   * cancelled quote changes no more.
   */
  quote: {
    notFound: QUOTE_MESSAGES.notFound,
    table: quotes,
    scope: (member: Member): SQL => (manages(member) ? eq(quotes.workspaceId, member.workspaceId) : sql`false`),
    /** The statuses a quote may still be edited, sent and approved in. */
    open: (status: QuoteStatus) => status === 'draft' || status === 'sent' || status === 'expired',
    can(member: Member, quote: { status: QuoteStatus; version: number; sentVersion: number | null }): QuoteCan {
      const office = manages(member);
      const open = policy.quote.open(quote.status);
      return {
        edit: office && open,
        // A version not yet sent (the first, or the next one after an edit); an expired one is renewed by an edit.
        send: office && open && quote.version !== quote.sentVersion,
        cancel: office && open,
        // Only a quote never sent is deleted; a sent one is cancelled and stays on record.
        delete: office && quote.status === 'draft' && quote.sentVersion === null,
        approveInPerson: office && (quote.status === 'sent' || quote.status === 'draft') && quote.sentVersion !== null,
      };
    },
    /** 409 with why unless the quote is open to an edit or a send. */
    requireOpen(quote: { status: QuoteStatus }, message: (status: string) => string): void {
      if (!policy.quote.open(quote.status)) throw conflict(message(quote.status));
    },
  },

  /** What the client may do with the version the portal shows: answer it while it is the open one. */
  portalQuote: {
    can: (open: boolean) => ({ approve: open, decline: open }),
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

  /** The bell: a staff member's own notifications, in the workspace they are in now; nobody else's. */
  staffNotification: {
    notFound: NOTIFICATION_MESSAGES.notFound,
    table: staffNotifications,
    scope: (member: Member): SQL =>
      and(eq(staffNotifications.userId, member.id), eq(staffNotifications.workspaceId, member.workspaceId))!,
  },

  /** Clients' visit requests, read and handled by owners and managers. */
  visitRequest: {
    notFound: PORTAL_MESSAGES.requestNotFound,
    table: visitRequests,
    scope: (member: Member): SQL => (manages(member) ? eq(visitRequests.workspaceId, member.workspaceId) : sql`false`),
    can: (member: Member) => ({ handle: manages(member) }),
  },

  /**
   * What a client sees in the portal: its own properties (not deleted), their visits,
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
    /** The client's own quotes, once a version was sent (never a draft never sent). */
    quote: (client: PortalClient): SQL =>
      and(
        eq(quotes.workspaceId, client.workspaceId),
        eq(quotes.clientId, client.clientId),
        sql`${quotes.sentVersion} is not null`,
      )!,
  },

  /**
   * Routes of a day: the office plans anyone's day and puts unassigned visits on routes; a
   * technician plans only their own day (403 for anyone else's), with the visits they are on.
   */
  route: {
    /** The days `requested` names, or (left out) the office's team / the technician's own; 403 otherwise. */
    days(member: Member, requested: readonly string[] | undefined): { userIds: string[] | 'team' } {
      if (manages(member)) return { userIds: requested ? [...new Set(requested)] : 'team' };
      authorize(!requested || requested.every((userId) => userId === member.id), ROUTE_MESSAGES.ownDayOnly);
      return { userIds: [member.id] };
    },
    /** Unassigned visits go on routes only when the office plans. */
    assignsTray: (member: Member) => manages(member),
  },

  /** The team: owners change anyone; managers anyone but owners; technicians nobody. */
  member: {
    can(
      member: Member,
      target: { userId: string; role: WorkspaceRole; invitedMe: boolean },
    ): { changeRole: boolean; remove: boolean } {
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

/** Every kind the policy can look a record up by (the photo and note attachables among them). */
export type Kind = Exclude<
  keyof typeof policy,
  'workspace' | 'member' | 'visitReport' | 'portal' | 'portalQuote' | 'route'
>;

/** What `requireRecord` reads of a record: columns of its table (or SQL on it). */
type Columns = Record<string, AnyPgColumn | SQL | SQL.Aliased>;

/**
 * The one find-then-authorise. The record of `kind` with `id` that the member may see, else 404
 * with that kind's message (not there and not theirs are the same answer); `columns` are what is
 * read of it (its id unless told), `where` narrows it further (still 404), `lock` holds the row
 * until the transaction ends (`FOR UPDATE` to change it, `FOR SHARE` to change what hangs on it),
 * and `need` then answers 403 with its message unless the row allows the change.
 */
export async function requireRecord<C extends Columns = { id: AnyPgColumn }>(
  db: Executor,
  member: Member,
  kind: Kind,
  id: string,
  options: {
    columns?: C;
    where?: SQL;
    lock?: 'update' | 'share';
    need?: { allows: (row: RowOf<C>) => boolean; message: string };
  } = {},
): Promise<RowOf<C>> {
  const entry = policy[kind];
  const table = entry.table as unknown as PgTable & { id: AnyPgColumn };
  const query = db
    .select(options.columns ?? { id: table.id })
    .from(table)
    .where(and(eq(table.id, id), entry.scope(member), options.where));
  const [row] = (options.lock ? await query.for(options.lock) : await query) as RowOf<C>[];
  if (!row) throw notFound(entry.notFound);
  if (options.need) authorize(options.need.allows(row), options.need.message);
  return row;
}

// ── attached rows: visible as what they hang on (spec §3) ───────────────────

/** The types that belong to a business: a photo or note on one is in its workspace. */
export const BUSINESS_ATTACHABLE_TYPES = ['property', 'task', 'visit', 'invoice', 'client'] as const;

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

/** The ids of a business type's records the member may see, as a subquery (computed once per list). */
export function visibleIds(member: Member, type: (typeof BUSINESS_ATTACHABLE_TYPES)[number] | 'photo'): SQL {
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
export const PHOTO_TYPES = BUSINESS_ATTACHABLE_TYPES;
export const NOTE_TYPES = [...BUSINESS_ATTACHABLE_TYPES, 'photo'] as const;
