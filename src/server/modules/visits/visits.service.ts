import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '../../../shared/schemas/common';
import {
  VISIT_MESSAGES,
  type createVisitInput,
  type listVisitsQuery,
  type myVisitsQuery,
  type updateVisitInput,
  type VisitDetailDto,
  type VisitInvoiceDto,
  type VisitListItemDto,
  type VisitTaskDto,
} from '../../../shared/schemas/visits';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { insertWithClientId } from '../../access/client-ids';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { properties, users, visits, visitTasks, visitUsers } from '../../db/schema';
import { copyTemplatesToVisits } from '../../db/template-copy';
import { propertySummary } from '../../db/shapes';
import { conflict, evidenceMissing, notFound, staleVersion } from '../../errors';
import { missingOnVisit } from './visit-evidence';
import { aRow, countUpTo, plausibleInstant, toPage } from '../../db/sql';
import { startOfToday, startOfTomorrow } from '../../db/workspace-time';
import { completedAtFor } from './completed-at';
import { INVOICE_MESSAGES } from '../../../shared/schemas/invoices';
import { isStale, updateVersioned } from '../../db/versioned';
import { activeInvoiceOf, invoicesOfVisits, notOnAnInvoice } from '../invoices';
import { replacePeople, requireMembers } from './visit-people.service';
import { noticeVisitChange, noticeVisitDeleted, noticeVisitMade, visitStateForChange } from './visit-notices';
import { iso, listItemColumns, requireVisit, selectVisitTasks, toListItem } from './visit-rows';

// Visits (spec §2 Visits, §3, §4) inside a workspace.
// Every query is scoped with access/policy.ts: owners and managers see every visit of the workspace,
// a technician the visits they are on; any other is 'Visit not found'. A technician starts,
// completes and ticks; never changes prices, people or the schedule, never deletes.
// Their tasks and people are in visit-tasks.service.ts and visit-people.service.ts.

type CreateVisitData = z.output<typeof createVisitInput>;
type UpdateVisitData = z.output<typeof updateVisitInput>;
type ListVisitsData = z.output<typeof listVisitsQuery>;
type MyVisitsData = z.output<typeof myVisitsQuery>;

export async function listVisits(db: Executor, member: Member, query: ListVisitsData): Promise<Page<VisitListItemDto>> {
  const conditions: SQL[] = [policy.visit.scope(member)];
  if (query.status) conditions.push(eq(visits.status, query.status));
  if (query.propertyId) conditions.push(eq(visits.propertyId, query.propertyId));
  // A client's visits, on the client's page; who a property belongs to is the office's.
  if (query.clientId) {
    authorize(policy.workspace.can(member).manageClients, WORKSPACE_MESSAGES.ownersAndManagersOnly);
    conditions.push(
      sql`exists (select 1 from ${properties} where ${properties.id} = ${visits.propertyId} and ${properties.clientId} = ${query.clientId})`,
    );
  }
  // The calendar: a window [from, to) and the visits one person is on.
  if (query.from && query.to) conditions.push(gte(visits.scheduledAt, query.from), lt(visits.scheduledAt, query.to));
  if (query.userId) {
    conditions.push(
      sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.userId} = ${query.userId})`,
    );
  }
  // The visits list answers 'what's next' (Upcoming, soonest first) apart from the past.
  const today = startOfToday(member.workspaceId);
  if (query.when === 'upcoming') conditions.push(gte(visits.scheduledAt, today));
  if (query.when === 'past') conditions.push(lt(visits.scheduledAt, today));
  // The dashboard's 'Today' number: the visits of the workspace's day.
  if (query.when === 'today')
    conditions.push(gte(visits.scheduledAt, today), lt(visits.scheduledAt, startOfTomorrow(member.workspaceId)));
  // The dashboard's 'Unbilled' number: completed and on no invoice that stands. Billing
  // is the office's to know (a technician asking is refused, not shown an empty list).
  if (query.unbilled) {
    authorize(policy.workspace.can(member).seeInvoices, VISIT_MESSAGES.unbilledOfficeOnly);
    conditions.push(eq(visits.status, 'completed'), notOnAnInvoice);
  }
  const soonestFirst = query.when ? query.when !== 'past' : query.from !== undefined;
  const order = soonestFirst ? [asc(visits.scheduledAt), asc(visits.id)] : [desc(visits.scheduledAt), desc(visits.id)];
  const rows = await db
    .select(listItemColumns)
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const countUp = () =>
    countUpTo(
      db,
      db
        .select(aRow)
        .from(visits)
        .where(and(...conditions))
        .orderBy(...order),
    );
  return toPage(rows, query, countUp, toListItem);
}

/** SQL on `visits`: the member is on the visit (lead or assistant), as the dashboard and Today list them. */
const onTheVisit = (member: Member) =>
  sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.userId} = ${member.id})`;

/**
 * spec §7: visits the member is assigned to in the workspace, from now on, soonest first;
 * only those still to be done (no completed or cancelled one).
 */
export async function listUpcomingVisits(db: Executor, member: Member, limit: number) {
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
      role: visitUsers.role,
      property: propertySummary,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, member.id)))
    .where(
      and(
        policy.visit.scope(member),
        gte(visits.scheduledAt, sql`now()`),
        inArray(visits.status, ['scheduled', 'in_progress']),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, scheduledAt: row.scheduledAt.toISOString() }));
}

export async function getVisit(db: Executor, member: Member, id: string): Promise<VisitDetailDto> {
  const [detail] = await visitDetails(db, member, eq(visits.id, id), 1);
  if (!detail) throw notFound(VISIT_MESSAGES.notFound);
  return detail;
}

/** `GET /api/visits/mine` answers at most this many visits (a week of one worker's rounds is far fewer). */
export const MY_VISITS_MAX = 200;

/**
 * The Today view: the member's own visits (lead or assistant) scheduled in
 * [from, to), and any still in progress from before `from`; cancelled ones left out. Each
 * with its tasks, in the same three queries whatever their number.
 */
export async function listMyVisits(db: Executor, member: Member, query: MyVisitsData) {
  const where = and(
    onTheVisit(member),
    ne(visits.status, 'cancelled'),
    or(
      and(gte(visits.scheduledAt, query.from), lt(visits.scheduledAt, query.to)),
      and(eq(visits.status, 'in_progress'), lt(visits.scheduledAt, query.from)),
    ),
  )!;
  return { items: await visitDetails(db, member, where, MY_VISITS_MAX) };
}

/** What a visit's details add for proof of visit (needs `properties` in the query). */
const proofColumns = {
  requireSignature: properties.requireSignature,
  signerName: visits.signerName,
  signedAt: visits.signedAt,
  overrideReason: visits.overrideReason,
  reopenedAt: visits.reopenedAt,
  reopenedBy: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${visits.reopenedBy})`,
  reportSentAt: visits.reportSentAt,
};

/** Time on site in whole minutes, once both ends are known. */
const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000)) : null;

/**
 * The details of the visible visits matching `where`, soonest first: one query for the visits
 * (property, people), one for all their tasks, one for the invoices of those the member may see
 * invoices of. A technician sees no price.
 */
async function visitDetails(db: Executor, member: Member, where: SQL, limit: number): Promise<VisitDetailDto[]> {
  const rows = await db
    .select({ ...listItemColumns, ...proofColumns, createdAt: visits.createdAt })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(where, policy.visit.scope(member)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const seeInvoices = policy.workspace.can(member).seeInvoices;
  const details = rows.map((row) => {
    const {
      createdAt,
      requireSignature,
      signerName,
      signedAt,
      overrideReason,
      reopenedAt,
      reopenedBy,
      reportSentAt,
      ...listed
    } = row;
    const item = toListItem(listed);
    return {
      ...item,
      createdAt: createdAt.toISOString(),
      requireSignature,
      signature:
        signerName && signedAt
          ? { signerName, signedAt: signedAt.toISOString(), url: `/api/visits/${item.id}/signature` }
          : null,
      overrideReason,
      reopenedAt: iso(reopenedAt),
      reopenedBy,
      reportSentAt: iso(reportSentAt),
      estimatedMinutes: 0,
      actualMinutes: minutesBetween(listed.startedAt, listed.completedAt),
      tasks: [] as VisitTaskDto[],
      invoices: [] as VisitInvoiceDto[],
      myRole: item.people.find((person) => person.userId === member.id)?.role ?? null,
      can: policy.visit.can(member, listed),
    } satisfies VisitDetailDto;
  });
  const byId = new Map(details.map((detail) => [detail.id, detail]));
  const taskRows = await selectVisitTasks(
    db,
    member,
    inArray(
      visitTasks.visitId,
      details.map((detail) => detail.id),
    ),
  );
  for (const task of taskRows) {
    const detail = byId.get(task.visitId);
    if (!detail) continue;
    detail.tasks.push(task);
    detail.estimatedMinutes += task.estimatedDurationMinutes ?? 0;
  }

  // Technicians do not see invoices, not even their amounts.
  if (seeInvoices) {
    for (const { visitId, ...invoice } of await invoicesOfVisits(db, member, [...byId.keys()])) {
      byId.get(visitId)?.invoices.push(invoice);
    }
  }
  return details;
}

/**
 * spec §7: the visit, then its people (the creator as lead unless others are chosen,
 * 'Assign to'), then the property's active tasks, all or nothing.
 */
export async function createVisit(db: Database, member: Member, input: CreateVisitData): Promise<VisitDetailDto> {
  authorize(policy.workspace.can(member).scheduleVisits, VISIT_MESSAGES.fieldOnly);
  await requireRecord(db, member, 'property', input.propertyId);
  const assignees = input.assigneeIds ?? [member.id];
  await requireMembers(db, member, assignees);
  const visitId = await db.transaction(async (tx) =>
    // A visit made offline keeps the id the phone gave it (access/client-ids.ts insertWithClientId).
    insertWithClientId(
      tx,
      input.id,
      async (id) => {
        const [made] = await insertVisits(tx, {
          workspaceId: member.workspaceId,
          propertyId: input.propertyId,
          visits: [{ id, scheduledAt: input.scheduledAt, status: input.status, anytime: input.anytime }],
          assigneeIds: assignees,
          tasks: input.addPropertyTasks ? 'property' : [],
          completion: { member, overrideReason: input.overrideReason },
        });
        // The client hears of it, and the people put on it.
        if (made) await noticeVisitMade(tx, member, made);
        return made;
      },
      { kind: 'visit', member },
      VISIT_MESSAGES.alreadyExists,
    ),
  );
  return getVisit(db, member, visitId);
}

/**
 * Inserts visits of one property with their people and their tasks, inside the caller's
 * transaction: the one way a visit is made (createVisit, and the occurrences of a series).
 * `assigneeIds` are on every visit, the first as lead. `tasks` is 'property' (copies of the
 * property's active tasks) or task templates of the workspace to copy; each is priced at the
 * property's custom price, else the copied default price (copy, never follow).
 * Occurrences of a series that already exist (same series and occurrence instant) are skipped,
 * so two horizon jobs cannot make one twice. Returns the ids of the visits made.
 */
export async function insertVisits(
  tx: Executor,
  input: {
    workspaceId: string;
    propertyId: string;
    visits: {
      /** A client-made id. */
      id?: string;
      scheduledAt: Date;
      status?: VisitListItemDto['status'];
      seriesId?: string;
      occurrenceAt?: Date;
      anytime?: boolean;
    }[];
    assigneeIds: string[];
    tasks: 'property' | string[];
    /**
     * Who makes visits that are completed from the start, and their 'Complete anyway' reason:
     * such visits pass the completion gate like any other completion, once their tasks are in.
     */
    completion?: { member: Member; overrideReason?: string };
  },
): Promise<string[]> {
  if (input.visits.length === 0) return [];
  // A property deleted meanwhile hands its mark to the new visits; `for share` waits
  // for a deletion under way (removeProperty marks the visits it finds once this commits).
  const [property] = await tx
    .select({ deletedAt: properties.deletedAt })
    .from(properties)
    .where(eq(properties.id, input.propertyId))
    .for('share');
  const made = await tx
    .insert(visits)
    .values(
      input.visits.map((visit) => {
        const status = visit.status ?? 'scheduled';
        return {
          ...(visit.id ? { id: visit.id } : {}),
          workspaceId: input.workspaceId,
          propertyId: input.propertyId,
          scheduledAt: visit.scheduledAt,
          status,
          startedAt: status === 'in_progress' ? new Date() : null,
          completedAt: status === 'completed' ? new Date() : null,
          seriesId: visit.seriesId ?? null,
          occurrenceAt: visit.occurrenceAt ?? null,
          anytime: visit.anytime ?? false,
          propertyDeletedAt: property?.deletedAt ?? null,
        };
      }),
    )
    // An occurrence made already (series_id, occurrence_at) or a client-made id in use: skipped.
    .onConflictDoNothing()
    .returning({ id: visits.id });
  const ids = made.map((row) => row.id);
  if (ids.length === 0) return ids;
  if (input.assigneeIds.length > 0) {
    await tx.insert(visitUsers).values(
      ids.flatMap((visitId) =>
        input.assigneeIds.map((userId, index) => ({
          visitId,
          userId,
          workspaceId: input.workspaceId,
          role: index === 0 ? ('lead' as const) : ('assistant' as const),
        })),
      ),
    );
  }
  await copyTemplatesToVisits(tx, {
    workspaceId: input.workspaceId,
    propertyId: input.propertyId,
    visitIds: ids,
    templates: input.tasks,
  });
  await gateMadeCompleted(tx, ids, input.completion);
  return ids;
}

/**
 * A visit made as completed (the visit form, the API, an import) passes the same gate as one
 * completed later: its tasks and the property's signature rule are read after they are copied,
 * inside the transaction that makes it, so a refusal makes nothing.
 */
async function gateMadeCompleted(
  tx: Executor,
  ids: string[],
  completion: { member: Member; overrideReason?: string } | undefined,
) {
  const completed = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(inArray(visits.id, ids), eq(visits.status, 'completed')));
  if (completed.length === 0) return;
  // Only people complete visits; a job that made one completed would skip the gate.
  if (!completion) throw new Error('A visit made as completed needs the person who completes it');
  for (const visit of completed) {
    // The visit is being made, so it is open: what may be done to it is what may be done to an open one.
    const reason = await passCompletionGate(
      tx,
      completion.member,
      visit.id,
      { status: 'in_progress' },
      completion.overrideReason,
    );
    if (reason !== null) await tx.update(visits).set({ overrideReason: reason }).where(eq(visits.id, visit.id));
  }
}

/**
 * spec §4: any status may be chosen; in_progress stamps started_at once, completed stamps
 * completed_at. A technician changes the status only; the schedule, the property and
 * the people are the office's.
 */
export async function updateVisit(
  db: Database,
  member: Member,
  id: string,
  input: UpdateVisitData,
): Promise<VisitDetailDto> {
  const visit = await requireVisit(db, member, id);
  // Every change bumps the version; a write naming an older one changes nothing (409).
  // Checked first, so a phone that missed a change (a completion, say) gets the visit as it is now.
  const stale = async () => staleVersion(VISIT_MESSAGES.changedBySomeoneElse, await getVisit(db, member, id));
  if (isStale(input.version, visit.version)) throw await stale();
  const can = policy.visit.can(member, visit);
  const reschedules = input.propertyId !== undefined || input.scheduledAt !== undefined || input.anytime !== undefined;
  if (reschedules) policy.visit.requireChange(member, visit, 'edit', VISIT_MESSAGES.fieldOnly);
  authorize(can.managePeople || input.assigneeIds === undefined, VISIT_MESSAGES.onlyLeadManagesPeople);
  if (input.status) policy.visit.requireChange(member, visit, { status: input.status }, VISIT_MESSAGES.fieldOnly);
  if (input.propertyId && input.propertyId !== visit.propertyId) {
    await requireRecord(db, member, 'property', input.propertyId);
    const invoice = await activeInvoiceOf(db, member, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoiceCannotMove(invoice));
  }
  if (input.assigneeIds) await requireMembers(db, member, input.assigneeIds);

  const changes: Partial<Record<keyof typeof visits.$inferInsert, unknown>> = {};
  if (input.propertyId) changes.propertyId = input.propertyId;
  if (input.scheduledAt) changes.scheduledAt = input.scheduledAt;
  if (input.anytime !== undefined) changes.anytime = input.anytime;
  if (input.status) {
    // A change made offline keeps the time it was made, when plausible.
    const stamp = plausibleInstant(input.at, sql`${visits.createdAt}`);
    changes.status = input.status;
    if (input.status === 'in_progress') changes.startedAt = sql`coalesce(${visits.startedAt}, ${stamp})`;
    changes.completedAt = completedAtFor(input.status, visits, stamp);
  }
  const outcome = await db.transaction(async (tx) => {
    // The visit as it was, under the row's lock, for who hears of the change.
    const before = await visitStateForChange(tx, id);
    if (input.status === 'completed' || (input.status && visit.status === 'completed')) {
      await gateCompletion(tx, member, id, input, changes);
    }
    const written = await updateVersioned(
      tx,
      visits,
      eq(visits.id, id),
      Object.keys(changes).length > 0 || input.assigneeIds ? changes : null,
      input.version,
    );
    if (written === 'written' && input.assigneeIds) await replacePeople(tx, member, id, input.assigneeIds);
    if (written === 'written' && before) await noticeVisitChange(tx, member, id, before);
    return written;
  });
  if (outcome === 'missing') throw notFound(VISIT_MESSAGES.notFound);
  if (outcome === 'stale') throw await stale();
  return getVisit(db, member, id);
}

/**
 * The completion gate, inside the transaction that changes the status: the visit row is
 * locked (a tick or an evidence photo holds it FOR SHARE), then completing it is refused with 409
 * and what is missing unless an owner or manager gives a reason ('Complete anyway', kept on the
 * visit). Leaving completed is a reopening, recorded with who did it.
 */
async function gateCompletion(
  tx: Executor,
  member: Member,
  id: string,
  input: UpdateVisitData,
  changes: Partial<Record<keyof typeof visits.$inferInsert, unknown>>,
) {
  const [current] = await tx.select({ status: visits.status }).from(visits).where(eq(visits.id, id)).for('update');
  if (!current) return;
  if (input.status !== 'completed') {
    if (current.status === 'completed') Object.assign(changes, { reopenedAt: new Date(), reopenedBy: member.id });
    return;
  }
  if (current.status === 'completed') return;
  changes.overrideReason = await passCompletionGate(tx, member, id, current, input.overrideReason);
}

/**
 * The one completion gate, whichever way a visit becomes completed (a change of status, or a
 * visit made completed): run inside that transaction after the visit row is locked or made.
 * With a reason ('Complete anyway') the owner's or manager's reason is returned to keep on the
 * visit (a technician gets 403); without, 409 with what is missing, else null.
 */
async function passCompletionGate(
  tx: Executor,
  member: Member,
  id: string,
  current: { status: VisitListItemDto['status'] },
  overrideReason: string | undefined,
): Promise<string | null> {
  if (overrideReason !== undefined) {
    authorize(policy.visit.can(member, current).completeAnyway, VISIT_MESSAGES.overrideOfficeOnly);
    return overrideReason;
  }
  const missing = await missingOnVisit(tx, member, id);
  if (missing.length > 0) throw evidenceMissing(VISIT_MESSAGES.evidenceMissing, missing);
  return null;
}

/**
 * spec §4: visits are really deleted (their people and tasks go with them), except one on an
 * invoice that is not cancelled: 409 naming it. The visit row is locked first, as invoices
 * lock the visits they claim, so the two cannot cross.
 */
export async function removeVisit(db: Database, member: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .select({ id: visits.id, status: visits.status })
      .from(visits)
      .where(and(eq(visits.id, id), policy.visit.scope(member)))
      .for('update');
    if (!visit) throw notFound(VISIT_MESSAGES.notFound);
    authorize(policy.visit.can(member, visit).delete, VISIT_MESSAGES.fieldOnly);
    const invoice = await activeInvoiceOf(tx, member, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoice(invoice));
    await noticeVisitDeleted(tx, member, id);
    await tx.delete(visits).where(eq(visits.id, id));
  });
}
