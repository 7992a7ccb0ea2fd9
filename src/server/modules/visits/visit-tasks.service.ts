import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  VISIT_MESSAGES,
  type addVisitTaskInput,
  type taskOptionsQuery,
  type updateVisitTaskInput,
  type VisitTaskDto,
} from '../../../shared/schemas/visits';
import type { Member } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import { propertyTasks, tasks, visits, visitTasks } from '../../db/schema';
import { copyTemplatesToVisits } from '../../db/template-copy';
import { conflict, notFound, staleVersion } from '../../errors';
import { aRow, containsPattern, countUpTo, plausibleInstant, toPage } from '../../db/sql';
import { completedAtFor } from './completed-at';
import { updateVersioned } from '../../db/versioned';
import { getVisitTask, requireVisit, toCents } from './visit-rows';

// A visit's tasks (spec §2 Visits, §3 visit_tasks, §4): copies of the workspace's templates.
// The visit is found through access/policy.ts first ('Visit not found'); a technician on it
// ticks and writes notes, never prices, adds or removes; a completed visit is locked.

type TaskOptionsData = z.output<typeof taskOptionsQuery>;
type AddVisitTaskData = z.output<typeof addVisitTaskInput>;
type UpdateVisitTaskData = z.output<typeof updateVisitTaskInput>;

/** Adds a copy of a template of the workspace's catalogue, priced as on the property. */
export async function addVisitTask(
  db: Executor,
  member: Member,
  visitId: string,
  input: AddVisitTaskData,
): Promise<VisitTaskDto> {
  return db.transaction(async (tx) => {
    const visit = await requireVisit(tx, member, visitId, { forChange: true });
    policy.visit.requireChange(member, visit, 'manageTasks', VISIT_MESSAGES.fieldOnly);
    await requireRecord(tx, member, 'task', input.taskId);
    // The unique index on (visit_id, task_id) settles two adds racing each other.
    const [row] = await copyTemplatesToVisits(tx, {
      workspaceId: member.workspaceId,
      propertyId: visit.propertyId,
      visitIds: [visitId],
      templates: [input.taskId],
      price: input.price,
    });
    if (!row) throw conflict(VISIT_MESSAGES.taskAlreadyOnVisit);
    return getVisitTask(tx, member, visitId, row.id);
  });
}

/** spec §4: completed stamps completed_at; leaving completed clears it. A technician ticks, never prices. */
export async function updateVisitTask(
  db: Executor,
  member: Member,
  visitId: string,
  visitTaskId: string,
  input: UpdateVisitTaskData,
): Promise<VisitTaskDto> {
  return db.transaction(async (tx) => {
    const visit = await requireVisit(tx, member, visitId, { forChange: true });
    if (input.price !== undefined) policy.visit.requireChange(member, visit, 'changePrice', VISIT_MESSAGES.noPrices);
    const notes = input.notes !== undefined ? input.notes : input.note;
    const evidence = input.reading !== undefined || input.result !== undefined;
    if (input.status !== undefined || notes !== undefined || evidence) {
      policy.visit.requireChange(member, visit, 'tickTasks', VISIT_MESSAGES.fieldOnly);
    }
    const changes: Partial<Record<keyof typeof visitTasks.$inferInsert, unknown>> = {};
    if (input.status) {
      changes.status = input.status;
      // A tick made offline keeps its time, when plausible (not before the visit was made).
      const visitMade = sql`(select ${visits.createdAt} from ${visits} where ${visits.id} = ${visitTasks.visitId})`;
      changes.completedAt = completedAtFor(input.status, visitTasks, plausibleInstant(input.at, visitMade));
    }
    if (notes !== undefined) changes.notes = notes;
    // Evidence: a reading out of range is kept (and flagged in the answer).
    if (input.reading !== undefined) changes.reading = input.reading;
    if (input.result !== undefined) changes.result = input.result;
    if (input.price !== undefined) changes.price = input.price;
    // Every change bumps the version; a write naming an older one changes nothing (409
    // with the task as it is now).
    const outcome = await updateVersioned(
      tx,
      visitTasks,
      and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId))!,
      Object.keys(changes).length > 0 ? changes : null,
      input.version,
    );
    if (outcome === 'missing') throw notFound(VISIT_MESSAGES.taskNotFound);
    if (outcome === 'stale') {
      throw staleVersion(VISIT_MESSAGES.changedBySomeoneElse, await getVisitTask(tx, member, visitId, visitTaskId));
    }
    return getVisitTask(tx, member, visitId, visitTaskId);
  });
}

export async function removeVisitTask(db: Executor, member: Member, visitId: string, visitTaskId: string) {
  return db.transaction(async (tx) => {
    const visit = await requireVisit(tx, member, visitId, { forChange: true });
    policy.visit.requireChange(member, visit, 'manageTasks', VISIT_MESSAGES.fieldOnly);
    const deleted = await tx
      .delete(visitTasks)
      .where(and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId)))
      .returning({ id: visitTasks.id });
    if (deleted.length === 0) throw notFound(VISIT_MESSAGES.taskNotFound);
  });
}

/** Templates that can be added to the visit: the property's active tasks, or the workspace's whole catalogue. */
export async function listTaskOptions(db: Executor, member: Member, visitId: string, query: TaskOptionsData) {
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
    })
    .from(tasks)
    .leftJoin(propertyTasks, onVisitProperty)
    .where(and(...conditions))
    .orderBy(asc(tasks.name), asc(tasks.id))
    .limit(query.limit)
    .offset(query.offset);
  const countUp = () =>
    countUpTo(
      db,
      db
        .select(aRow)
        .from(tasks)
        .leftJoin(propertyTasks, onVisitProperty)
        .where(and(...conditions)),
    );
  const seePrices = policy.visit.can(member, visit).seePrices;
  return toPage(rows, query, countUp, ({ price, ...row }) => ({
    ...row,
    price: price === null || !seePrices ? null : toCents(price),
  }));
}
