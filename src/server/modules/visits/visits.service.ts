import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { parseCents } from '../../../shared/money';
import type { Page } from '../../../shared/schemas/common';
import {
  VISIT_MESSAGES,
  type addVisitTaskInput,
  type addVisitUserInput,
  type createVisitInput,
  type listVisitsQuery,
  type myVisitsQuery,
  type MyVisitsDto,
  type taskOptionsQuery,
  type updateVisitInput,
  type updateVisitTaskInput,
  type UpcomingVisitDto,
  type VisitCandidateDto,
  type VisitDetailDto,
  type VisitInvoiceDto,
  type VisitListItemDto,
  type VisitPersonDto,
  type VisitTaskDto,
  type VisitTaskOptionDto,
} from '../../../shared/schemas/visits';
import { authorize, insertWithClientId, memberOf, policy, requireVisible, type Member } from '../../access';
import type { Database, Executor } from '../../db/client';
import {
  invoices,
  invoiceVisits,
  profiles,
  properties,
  propertyTasks,
  tasks,
  users,
  visits,
  visitTasks,
  visitUsers,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { badRequest, conflict, notFound, staleVersion } from '../../errors';
import { containsPattern, counted, theCount, toPage, windowTotal } from '../../db/sql';
import { INVOICE_MESSAGES } from '../../../shared/schemas/invoices';
import { amounts, centsOf, shownStatus, subtotalSql } from '../invoices/invoice-sql';

// Visits, their people and their tasks (spec §2 Visits, §3, §4) inside a workspace (issue 24).
// Every query is scoped with access.ts: owners and managers see every visit of the workspace,
// a technician the visits they are on; any other is 'Visit not found'. A technician starts,
// completes and ticks; never changes prices, people or the schedule, never deletes.

type CreateVisitData = z.output<typeof createVisitInput>;
type UpdateVisitData = z.output<typeof updateVisitInput>;
type ListVisitsData = z.output<typeof listVisitsQuery>;
type MyVisitsData = z.output<typeof myVisitsQuery>;
type TaskOptionsData = z.output<typeof taskOptionsQuery>;
type AddVisitTaskData = z.output<typeof addVisitTaskInput>;
type UpdateVisitTaskData = z.output<typeof updateVisitTaskInput>;
type AddVisitUserData = z.output<typeof addVisitUserInput>;

const propertyColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
};

/** The visit's people as one JSON array (lead first), so a list stays one query. */
const peopleJson = sql<VisitPersonDto[]>`coalesce((
  select json_agg(json_build_object(
    'userId', ${visitUsers.userId}, 'email', ${users.email},
    'displayName', ${profiles.displayName}, 'role', ${visitUsers.role}
  ) order by ${visitUsers.role} desc, ${users.email})
  from ${visitUsers}
  join ${users} on ${users.id} = ${visitUsers.userId}
  left join ${profiles} on ${profiles.userId} = ${users.id}
  where ${visitUsers.visitId} = ${visits.id}
), '[]'::json)`;

/** The columns of a `VisitListItemDto` (with `toListItem`): the visits list, a series' occurrences and the details. */
const listItemColumns = {
  id: visits.id,
  propertyId: visits.propertyId,
  scheduledAt: visits.scheduledAt,
  startedAt: visits.startedAt,
  completedAt: visits.completedAt,
  status: visits.status,
  version: visits.version,
  seriesId: visits.seriesId,
  property: propertyColumns,
  people: peopleJson,
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** `%` and `_` typed by the user are literal characters, not wildcards. */

// ── visits ──

export async function listVisits(db: Executor, member: Member, query: ListVisitsData): Promise<Page<VisitListItemDto>> {
  const conditions: SQL[] = [policy.visit.scope(member)];
  if (query.status) conditions.push(eq(visits.status, query.status));
  if (query.propertyId) conditions.push(eq(visits.propertyId, query.propertyId));
  // Issue 18, the calendar: a window [from, to) and the visits one person is on.
  if (query.from && query.to) conditions.push(gte(visits.scheduledAt, query.from), lt(visits.scheduledAt, query.to));
  if (query.userId) {
    conditions.push(
      sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.userId} = ${query.userId})`,
    );
  }
  // Issue 25: the visits list answers 'what's next' (Upcoming, soonest first) apart from the past.
  if (query.when === 'upcoming') conditions.push(gte(visits.scheduledAt, startOfToday(member)));
  if (query.when === 'past') conditions.push(lt(visits.scheduledAt, startOfToday(member)));
  const soonestFirst = query.when ? query.when === 'upcoming' : query.from !== undefined;
  const order = soonestFirst ? [asc(visits.scheduledAt), asc(visits.id)] : [desc(visits.scheduledAt), desc(visits.id)];
  const rows = await db
    .select({ ...listItemColumns, total: windowTotal() })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const countAll = () =>
    db
      .select(counted)
      .from(visits)
      .where(and(...conditions))
      .then(theCount);
  return toPage(rows, query, countAll, toListItem);
}

/** SQL: the instant today began in the member's workspace's time zone (workspaces.time_zone). */
function startOfToday(member: Member): SQL {
  const zone = sql`(select ${workspaces.timeZone} from ${workspaces} where ${workspaces.id} = ${member.workspaceId})`;
  return sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
}

/** The occurrences of a series the member can see, oldest first (issue 18; a series has at most 500 at once). */
export async function listSeriesVisits(db: Executor, member: Member, seriesId: string): Promise<VisitListItemDto[]> {
  const rows = await db
    .select(listItemColumns)
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(eq(visits.seriesId, seriesId), policy.visit.scope(member)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(1000);
  return rows.map(toListItem);
}

/** SQL on `visits`: the member is on the visit (lead or assistant), as the dashboard and Today list them. */
const onTheVisit = (member: Member) =>
  sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.userId} = ${member.id})`;

/** spec §7: visits the member is assigned to in the workspace, from now on, soonest first. */
export async function listUpcomingVisits(db: Executor, member: Member, limit: number): Promise<UpcomingVisitDto[]> {
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
      role: visitUsers.role,
      property: propertyColumns,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, member.id)))
    .where(and(policy.visit.scope(member), gte(visits.scheduledAt, sql`now()`)))
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
 * Issue 17, the Today view: the member's own visits (lead or assistant) scheduled in
 * [from, to), and any still in progress from before `from`; cancelled ones left out. Each
 * with its tasks, in the same three queries whatever their number.
 */
export async function listMyVisits(db: Executor, member: Member, query: MyVisitsData): Promise<MyVisitsDto> {
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

/**
 * The details of the visible visits matching `where`, soonest first: one query for the visits
 * (property, people), one for all their tasks, one for the invoices of those the member may see
 * invoices of. A technician sees no price.
 */
async function visitDetails(db: Executor, member: Member, where: SQL, limit: number): Promise<VisitDetailDto[]> {
  const rows = await db
    .select({ ...listItemColumns, createdAt: visits.createdAt })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(where, policy.visit.scope(member)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const seeInvoices = policy.workspace.can(member).seeInvoices;
  const details = rows.map(({ createdAt, ...listed }) => {
    const item = toListItem(listed);
    return {
      ...item,
      createdAt: createdAt.toISOString(),
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
  for (const task of taskRows) byId.get(task.visitId)?.tasks.push(task);

  // Technicians do not see invoices, not even their amounts (issue 14).
  if (seeInvoices) {
    const invoiceRows = await db
      .select({
        visitId: invoiceVisits.visitId,
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        status: shownStatus,
        subtotal: subtotalSql,
        taxRateBps: invoices.taxRateBps,
        dueDate: invoices.dueDate,
      })
      .from(invoiceVisits)
      .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
      .where(and(inArray(invoiceVisits.visitId, [...byId.keys()]), policy.invoice.scope(member)))
      .orderBy(desc(invoices.createdAt));
    for (const { visitId, subtotal, taxRateBps, ...invoice } of invoiceRows) {
      byId.get(visitId)?.invoices.push({ ...invoice, total: amounts(centsOf(subtotal), taxRateBps).total });
    }
  }
  return details;
}

/** 400 unless every id is a member of the member's workspace. */
async function requireMembers(db: Executor, member: Member, userIds: string[]) {
  if (userIds.length === 0) return;
  const found = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), inArray(workspaceMembers.userId, userIds)));
  if (found.length !== new Set(userIds).size) {
    throw badRequest(VISIT_MESSAGES.notLinkedToProperty, { assigneeIds: VISIT_MESSAGES.notLinkedToProperty });
  }
}

/**
 * spec §7: the visit, then its people (the creator as lead unless others are chosen: issue 24,
 * 'Assign to'), then the property's active tasks, all or nothing.
 */
export async function createVisit(db: Database, member: Member, input: CreateVisitData): Promise<VisitDetailDto> {
  authorize(policy.workspace.can(member).scheduleVisits, VISIT_MESSAGES.fieldOnly);
  await requireVisible(db, 'property', member, input.propertyId);
  const assignees = input.assigneeIds ?? [member.id];
  await requireMembers(db, member, assignees);
  const visitId = await db.transaction(async (tx) =>
    // Issue 17: a visit made offline keeps the id the phone gave it (access.ts insertWithClientId).
    insertWithClientId(
      tx,
      input.id,
      async (id) => {
        const [made] = await insertVisits(tx, {
          workspaceId: member.workspaceId,
          propertyId: input.propertyId,
          visits: [{ id, scheduledAt: input.scheduledAt, status: input.status }],
          assigneeIds: assignees,
          tasks: input.addPropertyTasks ? 'property' : [],
        });
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
 * property's custom price, else the copied default price (issue 24: copy, never follow).
 * Occurrences of a series that already exist (same series and occurrence instant) are skipped,
 * so two horizon jobs cannot make one twice. Returns the ids of the visits made.
 */
export async function insertVisits(
  tx: Executor,
  input: {
    workspaceId: string;
    propertyId: string;
    visits: {
      /** A client-made id (issue 17). */
      id?: string;
      scheduledAt: Date;
      status?: VisitListItemDto['status'];
      seriesId?: string;
      occurrenceAt?: Date;
    }[];
    assigneeIds: string[];
    tasks: 'property' | string[];
  },
): Promise<string[]> {
  if (input.visits.length === 0) return [];
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
  if (input.tasks !== 'property' && input.tasks.length === 0) return ids;
  const idList = sql`unnest(${sql.param(ids)}::uuid[])`;
  if (input.tasks === 'property') {
    await tx.execute(sql`
      insert into ${visitTasks} (workspace_id, visit_id, task_id, name, description, estimated_duration_minutes, price, status)
      select ${input.workspaceId}, made.id, ${propertyTasks.taskId}, ${propertyTasks.name}, ${propertyTasks.description},
        ${propertyTasks.estimatedDurationMinutes}, coalesce(${propertyTasks.customPrice}, ${propertyTasks.defaultPrice}), 'pending'
      from ${idList} as made(id)
      cross join ${propertyTasks}
      where ${propertyTasks.propertyId} = ${input.propertyId} and ${propertyTasks.isActive}
      order by made.id, lower(${propertyTasks.name})`);
  } else {
    await tx.execute(sql`
      insert into ${visitTasks} (workspace_id, visit_id, task_id, name, description, estimated_duration_minutes, price, status)
      select ${input.workspaceId}, made.id, ${tasks.id}, ${tasks.name}, ${tasks.description}, ${tasks.estimatedDurationMinutes},
        coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice}), 'pending'
      from ${idList} as made(id)
      cross join ${tasks}
      left join ${propertyTasks} on ${propertyTasks.taskId} = ${tasks.id}
        and ${propertyTasks.propertyId} = ${input.propertyId} and ${propertyTasks.isActive}
      where ${tasks.id} = any(${sql.param(input.tasks)}::uuid[]) and ${tasks.deletedAt} is null
        and ${tasks.workspaceId} = ${input.workspaceId}
      order by made.id, lower(${tasks.name})`);
  }
  return ids;
}

/** Replaces who is on a visit: `assigneeIds`, the first as lead. Inside the caller's transaction. */
async function replacePeople(tx: Executor, member: Member, visitId: string, assigneeIds: string[]) {
  await tx.delete(visitUsers).where(eq(visitUsers.visitId, visitId));
  if (assigneeIds.length === 0) return;
  await tx.insert(visitUsers).values(
    assigneeIds.map((userId, index) => ({
      visitId,
      userId,
      workspaceId: member.workspaceId,
      role: index === 0 ? ('lead' as const) : ('assistant' as const),
    })),
  );
}

/**
 * spec §4: any status may be chosen; in_progress stamps started_at once, completed stamps
 * completed_at. A technician changes the status only (issue 24); the schedule, the property and
 * the people are the office's.
 */
export async function updateVisit(
  db: Database,
  member: Member,
  id: string,
  input: UpdateVisitData,
): Promise<VisitDetailDto> {
  const visit = await requireVisit(db, member, id);
  // Issue 17: every change bumps the version; a write naming an older one changes nothing (409).
  // Checked first, so a phone that missed a change (a completion, say) gets the visit as it is now.
  const stale = async () => staleVersion(VISIT_MESSAGES.changedBySomeoneElse, await getVisit(db, member, id));
  if (input.version !== undefined && input.version !== visit.version) throw await stale();
  const can = policy.visit.can(member, visit);
  const reschedules = input.propertyId !== undefined || input.scheduledAt !== undefined;
  if (reschedules) policy.visit.requireChange(member, visit, 'edit', VISIT_MESSAGES.fieldOnly);
  authorize(can.managePeople || input.assigneeIds === undefined, VISIT_MESSAGES.onlyLeadManagesPeople);
  if (input.status) policy.visit.requireChange(member, visit, { status: input.status }, VISIT_MESSAGES.fieldOnly);
  if (input.propertyId && input.propertyId !== visit.propertyId) {
    await requireVisible(db, 'property', member, input.propertyId);
    const invoice = await activeInvoiceOf(db, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoiceCannotMove(invoice));
  }
  if (input.assigneeIds) await requireMembers(db, member, input.assigneeIds);

  const changes: Partial<Record<keyof typeof visits.$inferInsert, unknown>> = {};
  if (input.propertyId) changes.propertyId = input.propertyId;
  if (input.scheduledAt) changes.scheduledAt = input.scheduledAt;
  if (input.status) {
    changes.status = input.status;
    if (input.status === 'in_progress') changes.startedAt = sql`coalesce(${visits.startedAt}, now())`;
    // Leaving completed clears the stamp, as for visit tasks, so a time never contradicts the status.
    changes.completedAt =
      input.status === 'completed'
        ? sql`case when ${visits.status} = 'completed' then coalesce(${visits.completedAt}, now()) else now() end`
        : null;
  }
  if (Object.keys(changes).length > 0 || input.assigneeIds) {
    changes.version = sql`${visits.version} + 1`;
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(visits)
        .set(changes as Partial<typeof visits.$inferInsert>)
        .where(and(eq(visits.id, id), input.version === undefined ? undefined : eq(visits.version, input.version)))
        .returning({ id: visits.id });
      if (rows.length > 0 && input.assigneeIds) await replacePeople(tx, member, id, input.assigneeIds);
      return rows;
    });
    if (updated.length === 0 && input.version !== undefined) throw await stale();
  }
  return getVisit(db, member, id);
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
    const invoice = await activeInvoiceOf(tx, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoice(invoice));
    await tx.delete(visits).where(eq(visits.id, id));
  });
}

/** The number of the invoice (not cancelled) the visit is on, if any. */
async function activeInvoiceOf(db: Executor, visitId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoiceVisits)
    .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
    .where(and(eq(invoiceVisits.visitId, visitId), eq(invoiceVisits.active, true)))
    .limit(1);
  return row?.invoiceNumber ?? null;
}

// ── visit tasks ──

/** Adds a copy of a template of the workspace's catalogue (issue 24), priced as on the property. */
export async function addVisitTask(
  db: Executor,
  member: Member,
  visitId: string,
  input: AddVisitTaskData,
): Promise<VisitTaskDto> {
  const visit = await requireVisit(db, member, visitId);
  policy.visit.requireChange(member, visit, 'manageTasks', VISIT_MESSAGES.fieldOnly);
  const [task] = await db
    .select({
      name: tasks.name,
      description: tasks.description,
      estimatedDurationMinutes: tasks.estimatedDurationMinutes,
      price: sql<string | null>`coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice})`,
    })
    .from(tasks)
    .leftJoin(
      propertyTasks,
      and(
        eq(propertyTasks.taskId, tasks.id),
        eq(propertyTasks.propertyId, visit.propertyId),
        eq(propertyTasks.isActive, true),
      ),
    )
    .where(and(eq(tasks.id, input.taskId), policy.task.scope(member)));
  if (!task) throw notFound('Task not found');
  // The unique index on (visit_id, task_id) settles two adds racing each other.
  const [row] = await db
    .insert(visitTasks)
    .values({
      workspaceId: member.workspaceId,
      visitId,
      taskId: input.taskId,
      name: task.name,
      description: task.description,
      estimatedDurationMinutes: task.estimatedDurationMinutes,
      price: input.price ?? (task.price === null ? null : toCents(task.price)),
      status: 'pending',
    })
    .onConflictDoNothing({ target: [visitTasks.visitId, visitTasks.taskId] })
    .returning({ id: visitTasks.id });
  if (!row) throw conflict(VISIT_MESSAGES.taskAlreadyOnVisit);
  return getVisitTask(db, member, visitId, row.id);
}

/** spec §4: completed stamps completed_at; leaving completed clears it. A technician ticks, never prices. */
export async function updateVisitTask(
  db: Executor,
  member: Member,
  visitId: string,
  visitTaskId: string,
  input: UpdateVisitTaskData,
): Promise<VisitTaskDto> {
  const visit = await requireVisit(db, member, visitId);
  if (input.price !== undefined) policy.visit.requireChange(member, visit, 'changePrice', VISIT_MESSAGES.noPrices);
  if (input.status !== undefined || input.notes !== undefined) {
    policy.visit.requireChange(member, visit, 'tickTasks', VISIT_MESSAGES.fieldOnly);
  }
  const changes: Partial<Record<keyof typeof visitTasks.$inferInsert, unknown>> = {};
  if (input.status) {
    changes.status = input.status;
    changes.completedAt =
      input.status === 'completed'
        ? sql`case when ${visitTasks.status} = 'completed' then coalesce(${visitTasks.completedAt}, now()) else now() end`
        : null;
  }
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.price !== undefined) changes.price = input.price;
  const where = and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId));
  // Issue 17: every change bumps the version; a write naming an older one changes nothing (409).
  const stale = (current: VisitTaskDto) => staleVersion(VISIT_MESSAGES.changedBySomeoneElse, current);
  if (Object.keys(changes).length > 0) {
    changes.version = sql`${visitTasks.version} + 1`;
    const updated = await db
      .update(visitTasks)
      .set(changes as Partial<typeof visitTasks.$inferInsert>)
      .where(and(where, input.version === undefined ? undefined : eq(visitTasks.version, input.version)))
      .returning({ id: visitTasks.id });
    if (updated.length === 0) {
      // Not there (404), or there at another version (409 with it as it is now).
      if (input.version !== undefined) throw stale(await getVisitTask(db, member, visitId, visitTaskId));
      throw notFound(VISIT_MESSAGES.taskNotFound);
    }
  } else if (input.version !== undefined) {
    const current = await getVisitTask(db, member, visitId, visitTaskId);
    if (current.version !== input.version) throw stale(current);
    return current;
  }
  return getVisitTask(db, member, visitId, visitTaskId);
}

export async function removeVisitTask(db: Executor, member: Member, visitId: string, visitTaskId: string) {
  const visit = await requireVisit(db, member, visitId);
  policy.visit.requireChange(member, visit, 'manageTasks', VISIT_MESSAGES.fieldOnly);
  const deleted = await db
    .delete(visitTasks)
    .where(and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId)))
    .returning({ id: visitTasks.id });
  if (deleted.length === 0) throw notFound(VISIT_MESSAGES.taskNotFound);
}

/** Templates that can be added to the visit: the property's active tasks, or the workspace's whole catalogue. */
export async function listTaskOptions(
  db: Executor,
  member: Member,
  visitId: string,
  query: TaskOptionsData,
): Promise<Page<VisitTaskOptionDto>> {
  const visit = await requireVisit(db, member, visitId);
  const conditions: SQL[] = [policy.task.scope(member)];
  if (query.scope === 'property') conditions.push(sql`${propertyTasks.id} is not null`);
  if (query.q) conditions.push(ilike(tasks.name, containsPattern(query.q)));
  const onVisitProperty = and(
    eq(propertyTasks.taskId, tasks.id),
    eq(propertyTasks.propertyId, visit.propertyId),
    eq(propertyTasks.isActive, true),
  );
  const rows = await db
    .select({
      taskId: tasks.id,
      name: tasks.name,
      description: tasks.description,
      estimatedDurationMinutes: tasks.estimatedDurationMinutes,
      price: sql<string | null>`coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice})`,
      onProperty: sql<boolean>`${propertyTasks.id} is not null`,
      onVisit: sql<boolean>`exists (select 1 from ${visitTasks} where ${visitTasks.visitId} = ${visitId} and ${visitTasks.taskId} = ${tasks.id})`,
      total: windowTotal(),
    })
    .from(tasks)
    .leftJoin(propertyTasks, onVisitProperty)
    .where(and(...conditions))
    .orderBy(asc(tasks.name), asc(tasks.id))
    .limit(query.limit)
    .offset(query.offset);
  const countAll = () =>
    db
      .select(counted)
      .from(tasks)
      .leftJoin(propertyTasks, onVisitProperty)
      .where(and(...conditions))
      .then(theCount);
  const seePrices = policy.visit.can(member, visit).seePrices;
  return toPage(rows, query, countAll, ({ price, ...row }) => ({
    ...row,
    price: price === null || !seePrices ? null : toCents(price),
  }));
}

// ── people on a visit ──

/** Members of the workspace who are not on the visit yet (issue 24: anyone in the workspace may be assigned). */
export async function listVisitCandidates(
  db: Executor,
  member: Member,
  visitId: string,
  query: { limit: number; offset: number },
): Promise<Page<VisitCandidateDto>> {
  const visit = await requireVisit(db, member, visitId);
  authorize(policy.visit.can(member, visit).managePeople, VISIT_MESSAGES.onlyLeadManagesPeople);
  const candidate = and(
    eq(workspaceMembers.workspaceId, member.workspaceId),
    sql`not exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${workspaceMembers.userId})`,
  );
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      displayName: profiles.displayName,
      workspaceRole: workspaceMembers.role,
      total: windowTotal(),
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(candidate)
    .orderBy(asc(users.email))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => db.$count(workspaceMembers, candidate),
    (row) => row,
  );
}

export async function addVisitUser(
  db: Executor,
  member: Member,
  visitId: string,
  input: AddVisitUserData,
): Promise<VisitPersonDto> {
  const visit = await requireVisit(db, member, visitId);
  authorize(policy.visit.can(member, visit).managePeople, VISIT_MESSAGES.onlyLeadManagesPeople);
  const [person] = await db
    .select({ userId: users.id, email: users.email, displayName: profiles.displayName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, input.userId), memberOf(member, users.id)));
  if (!person) throw badRequest(VISIT_MESSAGES.notLinkedToProperty, { userId: VISIT_MESSAGES.notLinkedToProperty });
  const inserted = await db
    .insert(visitUsers)
    .values({ visitId, userId: input.userId, workspaceId: member.workspaceId, role: 'assistant' })
    .onConflictDoNothing()
    .returning({ id: visitUsers.id });
  if (inserted.length === 0) throw conflict(VISIT_MESSAGES.alreadyOnVisit);
  return { ...person, role: 'assistant' };
}

export async function removeVisitUser(db: Executor, member: Member, visitId: string, userId: string): Promise<void> {
  const visit = await requireVisit(db, member, visitId);
  authorize(policy.visit.can(member, visit).managePeople, VISIT_MESSAGES.onlyLeadManagesPeople);
  const [row] = await db
    .select({ id: visitUsers.id, role: visitUsers.role })
    .from(visitUsers)
    .where(and(eq(visitUsers.visitId, visitId), eq(visitUsers.userId, userId)));
  if (!row) throw notFound(VISIT_MESSAGES.personNotFound);
  if (row.role === 'lead') throw badRequest(VISIT_MESSAGES.leadCannotBeRemoved);
  await db.delete(visitUsers).where(eq(visitUsers.id, row.id));
}

// ── helpers ──

/** The visit if the member can see it; 'Visit not found' otherwise. */
async function requireVisit(db: Executor, member: Member, id: string) {
  const [visit] = await db
    .select({ id: visits.id, propertyId: visits.propertyId, status: visits.status, version: visits.version })
    .from(visits)
    .where(and(eq(visits.id, id), policy.visit.scope(member)));
  if (!visit) throw notFound(VISIT_MESSAGES.notFound);
  return visit;
}

/** A visit's tasks, their own copies (issue 24); no price for whoever may not see prices. */
function selectVisitTasks(db: Executor, member: Member, where: SQL): Promise<VisitTaskDto[]> {
  const seePrices = policy.workspace.can(member).seePrices;
  return db
    .select({
      id: visitTasks.id,
      visitId: visitTasks.visitId,
      taskId: visitTasks.taskId,
      name: visitTasks.name,
      description: visitTasks.description,
      estimatedDurationMinutes: visitTasks.estimatedDurationMinutes,
      price: visitTasks.price,
      status: visitTasks.status,
      notes: visitTasks.notes,
      completedAt: visitTasks.completedAt,
      version: visitTasks.version,
    })
    .from(visitTasks)
    .where(where)
    .orderBy(asc(visitTasks.createdAt), asc(visitTasks.name), asc(visitTasks.id))
    .then((rows) =>
      rows.map((row) => ({ ...row, price: seePrices ? row.price : null, completedAt: iso(row.completedAt) })),
    );
}

async function getVisitTask(db: Executor, member: Member, visitId: string, visitTaskId: string): Promise<VisitTaskDto> {
  const [row] = await selectVisitTasks(
    db,
    member,
    and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId))!,
  );
  if (!row) throw notFound(VISIT_MESSAGES.taskNotFound);
  return row;
}

function toListItem(row: {
  id: string;
  propertyId: string;
  scheduledAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  status: VisitListItemDto['status'];
  version: number;
  seriesId: string | null;
  property: VisitListItemDto['property'];
  people: VisitPersonDto[];
}): VisitListItemDto {
  return {
    ...row,
    scheduledAt: row.scheduledAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  };
}

/** numeric values computed in SQL arrive as strings; money is integer cents in TypeScript. */
const toCents = (value: string | number) => parseCents(String(value));
