import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
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
import {
  actorLink,
  assignedToVisit,
  leadsVisit,
  managedProperty,
  PROPERTY_NOT_FOUND,
  visibleProperty,
  visibleVisit,
  visitCan,
} from '../../access';
import { isAdmin, type Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import {
  invoices,
  invoiceVisits,
  profiles,
  properties,
  propertyTasks,
  tasks,
  userProperties,
  users,
  visits,
  visitTasks,
  visitUsers,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../errors';
import { containsPattern, counted, theCount, toPage, windowTotal } from '../../db/sql';
import { INVOICE_MESSAGES } from '../../../shared/schemas/invoices';
import { amounts, centsOf, shownStatus, subtotalSql } from '../invoices/invoice-sql';

// Visits, their people and their tasks (spec §2 Visits, §3, §4). Every query is
// scoped with access.ts: a visit of a property the actor cannot see is 'Visit not found'.

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

export async function listVisits(db: Executor, actor: Actor, query: ListVisitsData): Promise<Page<VisitListItemDto>> {
  const conditions: SQL[] = [visibleProperty(actor)];
  if (query.status) conditions.push(eq(visits.status, query.status));
  if (query.propertyId) conditions.push(eq(visits.propertyId, query.propertyId));
  // Issue 18, the calendar: a window [from, to) and the visits one person is on.
  if (query.from && query.to) conditions.push(gte(visits.scheduledAt, query.from), lt(visits.scheduledAt, query.to));
  if (query.userId) {
    conditions.push(
      sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visits.id} and ${visitUsers.userId} = ${query.userId})`,
    );
  }
  const order = query.from ? [asc(visits.scheduledAt), asc(visits.id)] : [desc(visits.scheduledAt), desc(visits.id)];
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
      .innerJoin(properties, eq(properties.id, visits.propertyId))
      .where(and(...conditions))
      .then(theCount);
  return toPage(rows, query, countAll, toListItem);
}

/** The occurrences of a series the actor can see, oldest first (issue 18; a series has at most 500 at once). */
export async function listSeriesVisits(db: Executor, actor: Actor, seriesId: string): Promise<VisitListItemDto[]> {
  const rows = await db
    .select(listItemColumns)
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(eq(visits.seriesId, seriesId), visibleProperty(actor)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(1000);
  return rows.map(toListItem);
}

/** spec §7: visits the actor is assigned to, from now on, soonest first. */
export async function listUpcomingVisits(db: Executor, actor: Actor, limit: number): Promise<UpcomingVisitDto[]> {
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
    .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, actor.id)))
    .where(and(visibleProperty(actor), gte(visits.scheduledAt, sql`now()`)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, scheduledAt: row.scheduledAt.toISOString() }));
}

export async function getVisit(db: Executor, actor: Actor, id: string): Promise<VisitDetailDto> {
  const [detail] = await visitDetails(db, actor, eq(visits.id, id), 1);
  if (!detail) throw notFound(VISIT_MESSAGES.notFound);
  return detail;
}

/** `GET /api/visits/mine` answers at most this many visits (a week of one worker's rounds is far fewer). */
export const MY_VISITS_MAX = 200;

/**
 * Issue 17, the Today view: the actor's own visits (lead or assistant) scheduled in
 * [from, to), and any still in progress from before `from`; cancelled ones left out. Each
 * with its tasks, in the same three queries whatever their number.
 */
export async function listMyVisits(db: Executor, actor: Actor, query: MyVisitsData): Promise<MyVisitsDto> {
  const where = and(
    assignedToVisit(actor),
    ne(visits.status, 'cancelled'),
    or(
      and(gte(visits.scheduledAt, query.from), lt(visits.scheduledAt, query.to)),
      and(eq(visits.status, 'in_progress'), lt(visits.scheduledAt, query.from)),
    ),
  )!;
  return { items: await visitDetails(db, actor, where, MY_VISITS_MAX) };
}

/**
 * The details of the visible visits matching `where`, soonest first: one query for the visits
 * (property, people, the actor's link), one for all their tasks, one for the invoices of
 * those the actor may see invoices of.
 */
async function visitDetails(db: Executor, actor: Actor, where: SQL, limit: number): Promise<VisitDetailDto[]> {
  const rows = await db
    .select({
      ...listItemColumns,
      createdAt: visits.createdAt,
      propertyLink: userProperties.role,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .leftJoin(userProperties, actorLink(actor))
    .where(and(where, visibleProperty(actor)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const details = rows.map(({ createdAt, propertyLink, ...listed }) => {
    const item = toListItem(listed);
    const myRole = item.people.find((person) => person.userId === actor.id)?.role ?? null;
    const can = visitCan(actor, { propertyLink, visitRole: myRole });
    return {
      ...item,
      createdAt: createdAt.toISOString(),
      tasks: [] as VisitTaskDto[],
      invoices: [] as VisitInvoiceDto[],
      myRole,
      can,
    } satisfies VisitDetailDto;
  });
  const byId = new Map(details.map((detail) => [detail.id, detail]));
  const taskRows = await selectVisitTasks(
    db,
    inArray(
      visitTasks.visitId,
      details.map((detail) => detail.id),
    ),
  );
  for (const task of taskRows) byId.get(task.visitId)?.tasks.push(task);

  // Technicians do not see invoices, not even their amounts (issue 14).
  const invoiced = details.filter((detail) => detail.can.seeInvoices).map((detail) => detail.id);
  if (invoiced.length > 0) {
    const invoiceRows = await db
      .select({
        visitId: invoiceVisits.visitId,
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        status: shownStatus,
        subtotal: subtotalSql,
        dueDate: invoices.dueDate,
      })
      .from(invoiceVisits)
      .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
      .where(inArray(invoiceVisits.visitId, invoiced))
      .orderBy(desc(invoices.createdAt));
    for (const { visitId, subtotal, ...invoice } of invoiceRows) {
      byId.get(visitId)?.invoices.push({ ...invoice, total: amounts(centsOf(subtotal)).total });
    }
  }
  return details;
}

/** spec §7: the visit, then its lead, then the property's active tasks, all or nothing. */
export async function createVisit(db: Database, actor: Actor, input: CreateVisitData): Promise<VisitDetailDto> {
  await requireVisibleProperty(db, actor, input.propertyId);
  const visitId = await db.transaction(async (tx) => {
    // Issue 17: a visit made offline keeps the id the phone gave it; an id in use is a conflict.
    const [id] = await insertVisits(tx, {
      propertyId: input.propertyId,
      visits: [{ id: input.id, scheduledAt: input.scheduledAt, status: input.status }],
      leadId: actor.id,
      tasks: input.addPropertyTasks ? 'property' : [],
    });
    if (!id) throw conflict(VISIT_MESSAGES.alreadyExists);
    return id;
  });
  return getVisit(db, actor, visitId);
}

/**
 * Inserts visits of one property with their lead and their tasks, inside the caller's
 * transaction: the one way a visit is made (createVisit, and the occurrences of a series).
 * `tasks` is 'property' (the property's active tasks) or the task templates to copy; each is
 * priced at the property's custom price, else the template's default price. Occurrences of a
 * series that already exist (same series and occurrence instant) are skipped, so two horizon
 * jobs cannot make one twice. Returns the ids of the visits made.
 */
export async function insertVisits(
  tx: Executor,
  input: {
    propertyId: string;
    visits: {
      /** A client-made id (issue 17). */
      id?: string;
      scheduledAt: Date;
      status?: VisitListItemDto['status'];
      seriesId?: string;
      occurrenceAt?: Date;
    }[];
    leadId: string | null;
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
  // spec §6: the creator is the visit's lead.
  if (input.leadId) {
    await tx
      .insert(visitUsers)
      .values(ids.map((visitId) => ({ visitId, userId: input.leadId!, role: 'lead' as const })));
  }
  if (input.tasks !== 'property' && input.tasks.length === 0) return ids;
  const idList = sql`unnest(${sql.param(ids)}::uuid[])`;
  if (input.tasks === 'property') {
    await tx.execute(sql`
      insert into ${visitTasks} (visit_id, task_id, price, status)
      select made.id, ${propertyTasks.taskId}, coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice}), 'pending'
      from ${idList} as made(id)
      cross join ${propertyTasks}
      join ${tasks} on ${tasks.id} = ${propertyTasks.taskId}
      where ${propertyTasks.propertyId} = ${input.propertyId}
        and ${propertyTasks.isActive} and ${tasks.deletedAt} is null
      order by made.id, ${tasks.name}`);
  } else {
    await tx.execute(sql`
      insert into ${visitTasks} (visit_id, task_id, price, status)
      select made.id, ${tasks.id}, coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice}), 'pending'
      from ${idList} as made(id)
      cross join ${tasks}
      left join ${propertyTasks} on ${propertyTasks.taskId} = ${tasks.id}
        and ${propertyTasks.propertyId} = ${input.propertyId} and ${propertyTasks.isActive}
      where ${tasks.id} = any(${sql.param(input.tasks)}::uuid[]) and ${tasks.deletedAt} is null
      order by made.id, ${tasks.name}`);
  }
  return ids;
}

/** spec §4: any status may be chosen; in_progress stamps started_at once, completed stamps completed_at. */
export async function updateVisit(
  db: Executor,
  actor: Actor,
  id: string,
  input: UpdateVisitData,
): Promise<VisitDetailDto> {
  const visit = await requireVisit(db, actor, id);
  if (input.propertyId && input.propertyId !== visit.propertyId) {
    await requireVisibleProperty(db, actor, input.propertyId);
    await requireManagesBoth(db, actor, visit.propertyId, input.propertyId);
    await requirePeopleSeeProperty(db, id, input.propertyId);
    const invoice = await activeInvoiceOf(db, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoiceCannotMove(invoice));
  }
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
  // Issue 17: every change bumps the version; a write naming an older one changes nothing (409).
  const stale = async () => staleVersion(VISIT_MESSAGES.changedBySomeoneElse, await getVisit(db, actor, id));
  if (Object.keys(changes).length > 0) {
    changes.version = sql`${visits.version} + 1`;
    const updated = await db
      .update(visits)
      .set(changes as Partial<typeof visits.$inferInsert>)
      .where(and(eq(visits.id, id), input.version === undefined ? undefined : eq(visits.version, input.version)))
      .returning({ id: visits.id });
    if (updated.length === 0 && input.version !== undefined) throw await stale();
  } else if (input.version !== undefined && input.version !== visit.version) {
    throw await stale();
  }
  return getVisit(db, actor, id);
}

/**
 * spec §4: visits are really deleted (their people and tasks go with them), except one on an
 * invoice that is not cancelled: 409 naming it. The visit row is locked first, as invoices
 * lock the visits they claim, so the two cannot cross.
 */
export async function removeVisit(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.id, id), visibleVisit(actor)))
      .for('update');
    if (!visit) throw notFound(VISIT_MESSAGES.notFound);
    const invoice = await activeInvoiceOf(tx, id);
    if (invoice) throw conflict(INVOICE_MESSAGES.visitOnInvoice(invoice));
    await tx.delete(visits).where(eq(visits.id, id));
  });
}

/** The number of the invoice (not cancelled) the visit is on, if any. */
export async function activeInvoiceOf(db: Executor, visitId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoiceVisits)
    .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
    .where(and(eq(invoiceVisits.visitId, visitId), eq(invoiceVisits.active, true)))
    .limit(1);
  return row?.invoiceNumber ?? null;
}

// ── visit tasks ──

export async function addVisitTask(
  db: Executor,
  actor: Actor,
  visitId: string,
  input: AddVisitTaskData,
): Promise<VisitTaskDto> {
  const visit = await requireVisit(db, actor, visitId);
  const [task] = await db
    .select({ id: tasks.id, price: sql<number | null>`coalesce(${propertyTasks.customPrice}, ${tasks.defaultPrice})` })
    .from(tasks)
    .leftJoin(
      propertyTasks,
      and(
        eq(propertyTasks.taskId, tasks.id),
        eq(propertyTasks.propertyId, visit.propertyId),
        eq(propertyTasks.isActive, true),
      ),
    )
    .where(and(eq(tasks.id, input.taskId), isNull(tasks.deletedAt)));
  if (!task) throw notFound('Task not found');
  // The unique index on (visit_id, task_id) settles two adds racing each other.
  const [row] = await db
    .insert(visitTasks)
    .values({
      visitId,
      taskId: input.taskId,
      price: input.price ?? (task.price === null ? null : toCents(task.price)),
      status: 'pending',
    })
    .onConflictDoNothing({ target: [visitTasks.visitId, visitTasks.taskId] })
    .returning({ id: visitTasks.id });
  if (!row) throw conflict(VISIT_MESSAGES.taskAlreadyOnVisit);
  return getVisitTask(db, visitId, row.id);
}

/** spec §4: completed stamps completed_at; leaving completed clears it. */
export async function updateVisitTask(
  db: Executor,
  actor: Actor,
  visitId: string,
  visitTaskId: string,
  input: UpdateVisitTaskData,
): Promise<VisitTaskDto> {
  await requireVisit(db, actor, visitId);
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
      if (input.version !== undefined) throw stale(await getVisitTask(db, visitId, visitTaskId));
      throw notFound(VISIT_MESSAGES.taskNotFound);
    }
  } else if (input.version !== undefined) {
    const current = await getVisitTask(db, visitId, visitTaskId);
    if (current.version !== input.version) throw stale(current);
    return current;
  }
  return getVisitTask(db, visitId, visitTaskId);
}

export async function removeVisitTask(db: Executor, actor: Actor, visitId: string, visitTaskId: string) {
  await requireVisit(db, actor, visitId);
  const deleted = await db
    .delete(visitTasks)
    .where(and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId)))
    .returning({ id: visitTasks.id });
  if (deleted.length === 0) throw notFound(VISIT_MESSAGES.taskNotFound);
}

/** Templates that can be added to the visit: the property's active tasks, or the whole catalogue. */
export async function listTaskOptions(
  db: Executor,
  actor: Actor,
  visitId: string,
  query: TaskOptionsData,
): Promise<Page<VisitTaskOptionDto>> {
  const visit = await requireVisit(db, actor, visitId);
  const conditions: SQL[] = [isNull(tasks.deletedAt)];
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
  return toPage(rows, query, countAll, ({ price, ...row }) => ({
    ...row,
    price: price === null ? null : toCents(price),
  }));
}

// ── people on a visit ──

/** People linked to the property who are not on the visit yet (spec §6: only they may be assigned). */
export async function listVisitCandidates(
  db: Executor,
  actor: Actor,
  visitId: string,
  query: { limit: number; offset: number },
): Promise<Page<VisitCandidateDto>> {
  const visit = await requireVisit(db, actor, visitId);
  const candidate = and(
    eq(userProperties.propertyId, visit.propertyId),
    sql`not exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${userProperties.userId})`,
  );
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      displayName: profiles.displayName,
      propertyRole: userProperties.role,
      total: windowTotal(),
    })
    .from(userProperties)
    .innerJoin(users, eq(users.id, userProperties.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(candidate)
    .orderBy(asc(users.email))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => db.$count(userProperties, candidate),
    (row) => row,
  );
}

export async function addVisitUser(
  db: Executor,
  actor: Actor,
  visitId: string,
  input: AddVisitUserData,
): Promise<VisitPersonDto> {
  const visit = await requireVisit(db, actor, visitId);
  await requirePeopleManager(db, actor, visitId);
  const [person] = await db
    .select({ userId: users.id, email: users.email, displayName: profiles.displayName })
    .from(userProperties)
    .innerJoin(users, eq(users.id, userProperties.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(userProperties.propertyId, visit.propertyId), eq(userProperties.userId, input.userId)));
  if (!person) throw badRequest(VISIT_MESSAGES.notLinkedToProperty, { userId: VISIT_MESSAGES.notLinkedToProperty });
  const inserted = await db
    .insert(visitUsers)
    .values({ visitId, userId: input.userId, role: 'assistant' })
    .onConflictDoNothing()
    .returning({ id: visitUsers.id });
  if (inserted.length === 0) throw conflict(VISIT_MESSAGES.alreadyOnVisit);
  return { ...person, role: 'assistant' };
}

export async function removeVisitUser(db: Executor, actor: Actor, visitId: string, userId: string): Promise<void> {
  await requireVisit(db, actor, visitId);
  await requirePeopleManager(db, actor, visitId);
  const [row] = await db
    .select({ id: visitUsers.id, role: visitUsers.role })
    .from(visitUsers)
    .where(and(eq(visitUsers.visitId, visitId), eq(visitUsers.userId, userId)));
  if (!row) throw notFound(VISIT_MESSAGES.personNotFound);
  if (row.role === 'lead') throw badRequest(VISIT_MESSAGES.leadCannotBeRemoved);
  await db.delete(visitUsers).where(eq(visitUsers.id, row.id));
}

// ── helpers ──

/** The visit if the actor can see its property; 'Visit not found' otherwise. */
async function requireVisit(db: Executor, actor: Actor, id: string) {
  const [visit] = await db
    .select({ id: visits.id, propertyId: visits.propertyId, status: visits.status, version: visits.version })
    .from(visits)
    .where(and(eq(visits.id, id), visibleVisit(actor)));
  if (!visit) throw notFound(VISIT_MESSAGES.notFound);
  return visit;
}

export async function requireVisibleProperty(db: Executor, actor: Actor, propertyId: string) {
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), visibleProperty(actor)));
  if (!property) throw notFound(PROPERTY_NOT_FOUND);
}

/**
 * Issue 15: moving a visit to another property is for whoever manages both (a technician once
 * moved a visit to a property of their own, out of its owner's sight).
 */
async function requireManagesBoth(db: Executor, actor: Actor, from: string, to: string) {
  const managed = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(inArray(properties.id, [from, to]), managedProperty(actor)));
  if (managed.length < 2) throw forbidden(VISIT_MESSAGES.onlyManagersMoveVisits);
}

/** spec §6 / issue 5 item 10: a visit moves only to a property everyone on it can see. */
async function requirePeopleSeeProperty(db: Executor, visitId: string, propertyId: string) {
  const [outsider] = await db
    .select({ userId: visitUsers.userId })
    .from(visitUsers)
    .innerJoin(users, eq(users.id, visitUsers.userId))
    .where(
      and(
        eq(visitUsers.visitId, visitId),
        sql`${users.role} <> 'admin'`,
        sql`not exists (select 1 from ${userProperties} where ${userProperties.propertyId} = ${propertyId} and ${userProperties.userId} = ${visitUsers.userId})`,
      ),
    )
    .limit(1);
  if (outsider) {
    throw badRequest(VISIT_MESSAGES.peopleNotLinkedToProperty, {
      propertyId: VISIT_MESSAGES.peopleNotLinkedToProperty,
    });
  }
}

/** The lead (or an admin) decides who else is on the visit. */
async function requirePeopleManager(db: Executor, actor: Actor, visitId: string) {
  if (isAdmin(actor)) return;
  const [lead] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.id, visitId), leadsVisit(actor, visits.id)));
  if (!lead) throw forbidden(VISIT_MESSAGES.onlyLeadManagesPeople);
}

function selectVisitTasks(db: Executor, where: SQL): Promise<VisitTaskDto[]> {
  return db
    .select({
      id: visitTasks.id,
      visitId: visitTasks.visitId,
      taskId: visitTasks.taskId,
      name: tasks.name,
      description: tasks.description,
      estimatedDurationMinutes: tasks.estimatedDurationMinutes,
      price: visitTasks.price,
      status: visitTasks.status,
      notes: visitTasks.notes,
      completedAt: visitTasks.completedAt,
      version: visitTasks.version,
    })
    .from(visitTasks)
    .innerJoin(tasks, eq(tasks.id, visitTasks.taskId))
    .where(where)
    .orderBy(asc(visitTasks.createdAt), asc(tasks.name), asc(visitTasks.id))
    .then((rows) => rows.map((row) => ({ ...row, completedAt: iso(row.completedAt) })));
}

async function getVisitTask(db: Executor, visitId: string, visitTaskId: string): Promise<VisitTaskDto> {
  const [row] = await selectVisitTasks(db, and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId))!);
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
