import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TIME_REPORT_DAYS } from '../../../shared/constants';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import {
  TASK_MESSAGES,
  type assignTaskInput,
  type TimeReportItemDto,
  type TaskInput,
} from '../../../shared/schemas/tasks';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import { properties, propertyTasks, tasks, visits, visitTasks } from '../../db/schema';
import { copyTemplateToProperties } from '../../db/template-copy';
import { notFound } from '../../errors';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';

// Each workspace has its own catalogue of task templates. Every member reads it;
// owners and managers change it; a technician sees no price. A template is copied onto a
// property or a visit when it is put there, so changing or deleting it changes neither.

const taskColumns = {
  id: tasks.id,
  name: tasks.name,
  description: tasks.description,
  estimatedDurationMinutes: tasks.estimatedDurationMinutes,
  defaultPrice: tasks.defaultPrice,
  requirements: tasks.requirements,
  createdBy: tasks.createdBy,
  createdAt: tasks.createdAt,
};

function toTaskDto(member: Member, row: Pick<typeof tasks.$inferSelect, keyof typeof taskColumns>) {
  const can = policy.task.can(member);
  return {
    ...row,
    defaultPrice: can.seePrices ? row.defaultPrice : null,
    createdAt: row.createdAt.toISOString(),
    can,
  };
}

/** Alphabetical as a person reads it: the database's collation (C here) would put 'Zinc' before 'apple'. */
const byName = [asc(sql`lower(${tasks.name})`), asc(tasks.name), asc(tasks.id)];

/** `GET /api/tasks`: the workspace's templates, not deleted, by name (spec §7), searched by name or description. */
export async function listTasks(db: Executor, member: Member, input: PageQuery & { q?: string }) {
  const search = input.q
    ? or(ilike(tasks.name, containsPattern(input.q)), ilike(tasks.description, containsPattern(input.q)))
    : undefined;
  const where = and(policy.task.scope(member), search);
  const rows = await db
    .select(taskColumns)
    .from(tasks)
    .where(where)
    .orderBy(...byName)
    .limit(input.limit)
    .offset(input.offset);
  return toPage(
    rows,
    input,
    () => countUpTo(db, db.select(aRow).from(tasks).where(where)),
    (row) => toTaskDto(member, row),
  );
}

export async function getTask(db: Executor, member: Member, id: string) {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.id, id), policy.task.scope(member)));
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return toTaskDto(member, row);
}

export async function createTask(db: Executor, member: Member, input: TaskInput) {
  authorize(policy.workspace.can(member).manageCatalogue, TASK_MESSAGES.creatorOnly);
  const [row] = await db
    .insert(tasks)
    .values({ ...input, workspaceId: member.workspaceId, createdBy: member.id })
    .returning({ id: tasks.id });
  if (!row) throw new Error('insert returned nothing');
  return getTask(db, member, row.id);
}

/** 404 when the template is not there, 403 when the member may not change it. */
const requireEditable = (db: Executor, member: Member, id: string) =>
  requireRecord(db, member, 'task', id, {
    need: { allows: () => policy.task.can(member).edit, message: TASK_MESSAGES.creatorOnly },
  });

export async function updateTask(db: Executor, member: Member, id: string, input: TaskInput) {
  await requireEditable(db, member, id);
  await db
    .update(tasks)
    .set(input)
    .where(and(eq(tasks.id, id), policy.task.scope(member)));
  return getTask(db, member, id);
}

/** spec §4: soft delete. The copies on properties and visits stay as they are. */
export async function removeTask(db: Executor, member: Member, id: string): Promise<void> {
  await requireEditable(db, member, id);
  await db
    .update(tasks)
    .set({ deletedAt: new Date() })
    .where(and(eq(tasks.id, id), policy.task.scope(member)));
}

/**
 * `GET /api/tasks/:id/properties`: the properties the member can see, newest first, each
 * saying whether this template is one of its active tasks; one query.
 */
export async function listTaskAssignments(db: Executor, member: Member, id: string, input: PageQuery & { q?: string }) {
  await getTask(db, member, id);
  const search = input.q
    ? or(ilike(properties.name, containsPattern(input.q)), ilike(properties.address, containsPattern(input.q)))
    : undefined;
  const where = and(policy.property.scope(member), search);
  const rows = await db
    .select({
      propertyId: properties.id,
      name: properties.name,
      address: properties.address,
      assigned: sql<boolean>`coalesce(${propertyTasks.isActive}, false)`,
      customPrice: propertyTasks.customPrice,
    })
    .from(properties)
    .leftJoin(propertyTasks, and(eq(propertyTasks.propertyId, properties.id), eq(propertyTasks.taskId, id)))
    .where(where)
    .orderBy(sql`${properties.createdAt} desc`, sql`${properties.id} desc`)
    .limit(input.limit)
    .offset(input.offset);
  const seePrices = policy.task.can(member).seePrices;
  return toPage(
    rows,
    input,
    () => countUpTo(db, db.select(aRow).from(properties).where(where)),
    (row) => ({ ...row, assigned: Boolean(row.assigned), customPrice: seePrices ? row.customPrice : null }),
  );
}

/**
 * `POST /api/tasks/:id/assign`: puts a copy of the template on several properties at once (a
 * removed one comes back active, copied afresh). Every property must be visible, else nothing changes.
 */
export async function assignTask(
  db: Executor,
  member: Member,
  id: string,
  input: z.output<typeof assignTaskInput>,
): Promise<{ assigned: number }> {
  await getTask(db, member, id);
  authorize(policy.property.can(member).manageTasks, TASK_MESSAGES.creatorOnly);
  const propertyIds = [...new Set(input.propertyIds)];
  return db.transaction(async (tx) => {
    const visible = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(inArray(properties.id, propertyIds), policy.property.scope(member)));
    if (visible.length !== propertyIds.length) throw notFound(policy.property.notFound);
    const made = await copyTemplateToProperties(tx, {
      workspaceId: member.workspaceId,
      template: eq(tasks.id, id),
      propertyIds,
      customPrice: input.customPrice,
    });
    if (!made) throw notFound(TASK_MESSAGES.notFound);
    return { assigned: made.length };
  });
}

/**
 * `GET /api/tasks/time-report`: per template, the median time its visit tasks took
 * over the last 90 days against its current estimate; owners and managers. One query. A task's
 * actual minutes run from the later of its visit's start and the task completed before it on
 * that visit, to its completion (never below 0: a phone's clock may be off). Only visits that were
 * started, and tasks completed in the window (the one before may be older).
 */
export async function timeReport(db: Executor, member: Member, page: PageQuery): Promise<Page<TimeReportItemDto>> {
  authorize(policy.workspace.can(member).seeTimeReport, TASK_MESSAGES.timeReportOfficeOnly);
  const measured = sql`select ${visitTasks.taskId} as task_id, ${visitTasks.completedAt} as completed_at,
      greatest(0, extract(epoch from ${visitTasks.completedAt} - greatest(${visits.startedAt},
        lag(${visitTasks.completedAt}) over (partition by ${visitTasks.visitId} order by ${visitTasks.completedAt}, ${visitTasks.id})
      )) / 60) as minutes
    from ${visitTasks} join ${visits} on ${visits.id} = ${visitTasks.visitId}
    where ${visitTasks.workspaceId} = ${member.workspaceId} and ${policy.visit.scope(member)}
      and ${visits.startedAt} is not null and ${visitTasks.status} = 'completed' and ${visitTasks.completedAt} is not null`;
  const report = sql`select ${tasks.id} as task_id, ${tasks.name} as name,
      ${tasks.estimatedDurationMinutes} as estimated_minutes,
      cast(count(*) as integer) as measured,
      cast(round(cast(percentile_cont(0.5) within group (order by measured.minutes) as numeric), 1) as double precision)
        as median_minutes
    from (${measured}) as measured join ${tasks} on ${tasks.id} = measured.task_id
    where measured.completed_at >= now() - make_interval(days => ${TIME_REPORT_DAYS}) and ${policy.task.scope(member)}
    group by ${tasks.id}`;
  const rows = rowsOf<TimeReportRow>(
    await db.execute(sql`select report.* from (${report}) as report
      order by lower(report.name), report.name, report.task_id limit ${page.limit} offset ${page.offset}`),
  );
  return toPage(
    rows,
    page,
    () => countUpTo(db, report),
    (row) => ({
      taskId: row.task_id,
      name: row.name,
      estimatedMinutes: row.estimated_minutes,
      measured: row.measured,
      medianMinutes: Number(row.median_minutes),
    }),
  );
}

interface TimeReportRow {
  task_id: string;
  name: string;
  estimated_minutes: number | null;
  measured: number;
  median_minutes: number;
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
