import { and, asc, eq, ilike, isNull, or, sql, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import {
  TASK_MESSAGES,
  type assignTaskInput,
  type TaskAssignmentDto,
  type TaskDto,
  type TaskInput,
} from '../../../shared/schemas/tasks';
import { editableTask, PROPERTY_NOT_FOUND, taskCan, visibleProperty, visibleTask } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { properties, propertyTasks, tasks } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { containsPattern, toPage, windowTotal } from '../../db/sql';

// ARCHITECTURE.md: the templates form one shared catalogue; the creator and admins edit or delete.

const taskColumns = {
  id: tasks.id,
  name: tasks.name,
  description: tasks.description,
  estimatedDurationMinutes: tasks.estimatedDurationMinutes,
  defaultPrice: tasks.defaultPrice,
  createdBy: tasks.createdBy,
  createdAt: tasks.createdAt,
};

const toTaskDto = (actor: Actor, row: Omit<TaskDto, 'createdAt' | 'can'> & { createdAt: Date }): TaskDto => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  can: taskCan(actor, row.createdBy),
});

/** Alphabetical as a person reads it: the database's collation (C here) would put 'Zinc' before 'apple'. */
export const byName = [asc(sql`lower(${tasks.name})`), asc(tasks.name), asc(tasks.id)];

/** `GET /api/tasks`: not deleted, ordered by name (spec §7), searched by name or description. */
export async function listTasks(db: Executor, actor: Actor, input: PageQuery & { q?: string }): Promise<Page<TaskDto>> {
  const search = input.q
    ? or(ilike(tasks.name, containsPattern(input.q)), ilike(tasks.description, containsPattern(input.q)))
    : undefined;
  const where = and(visibleTask(), search);
  const rows = await db
    .select({ ...taskColumns, total: windowTotal() })
    .from(tasks)
    .where(where)
    .orderBy(...byName)
    .limit(input.limit)
    .offset(input.offset);
  return toPage(
    rows,
    input,
    () => db.$count(tasks, where),
    (row) => toTaskDto(actor, row),
  );
}

export async function getTask(db: Executor, actor: Actor, id: string): Promise<TaskDto> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .where(and(eq(tasks.id, id), visibleTask()));
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return toTaskDto(actor, row);
}

export async function createTask(db: Executor, actor: Actor, input: TaskInput): Promise<TaskDto> {
  const [row] = await db
    .insert(tasks)
    .values({ ...input, createdBy: actor.id })
    .returning({ id: tasks.id });
  if (!row) throw new Error('insert returned nothing');
  return getTask(db, actor, row.id);
}

/** 404 when the template is not there, 403 when the actor may not change it. */
async function requireEditable(db: Executor, actor: Actor, id: string) {
  const task = await getTask(db, actor, id);
  if (!task.can.edit) throw forbidden(TASK_MESSAGES.creatorOnly);
  return task;
}

export async function updateTask(db: Executor, actor: Actor, id: string, input: TaskInput): Promise<TaskDto> {
  await requireEditable(db, actor, id);
  await db
    .update(tasks)
    .set(input)
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt), editableTask(actor)));
  return getTask(db, actor, id);
}

/** spec §4: soft delete. */
export async function removeTask(db: Executor, actor: Actor, id: string): Promise<void> {
  await requireEditable(db, actor, id);
  await db
    .update(tasks)
    .set({ deletedAt: new Date() })
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt), editableTask(actor)));
}

/**
 * `GET /api/tasks/:id/properties`: the properties the actor can see, newest first, each
 * saying whether this template is one of its active tasks; one query.
 */
export async function listTaskAssignments(
  db: Executor,
  actor: Actor,
  id: string,
  input: PageQuery & { q?: string },
): Promise<Page<TaskAssignmentDto>> {
  await getTask(db, actor, id);
  const search = input.q
    ? or(ilike(properties.name, containsPattern(input.q)), ilike(properties.address, containsPattern(input.q)))
    : undefined;
  const rows = await db
    .select({
      propertyId: properties.id,
      name: properties.name,
      address: properties.address,
      assigned: sql<boolean>`coalesce(${propertyTasks.isActive}, false)`,
      customPrice: propertyTasks.customPrice,
      total: windowTotal(),
    })
    .from(properties)
    .leftJoin(propertyTasks, and(eq(propertyTasks.propertyId, properties.id), eq(propertyTasks.taskId, id)))
    .where(and(visibleProperty(actor), search))
    .orderBy(sql`${properties.createdAt} desc`, sql`${properties.id} desc`)
    .limit(input.limit)
    .offset(input.offset);
  return toPage(
    rows,
    input,
    () => db.$count(properties, and(visibleProperty(actor), search)),
    (row) => ({ ...row, assigned: Boolean(row.assigned) }),
  );
}

/**
 * `POST /api/tasks/:id/assign`: adds the template to several properties at once (a removed
 * one comes back active). Every property must be visible to the actor, else nothing changes.
 */
export async function assignTask(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof assignTaskInput>,
): Promise<{ assigned: number }> {
  await getTask(db, actor, id);
  const propertyIds = [...new Set(input.propertyIds)];
  return db.transaction(async (tx) => {
    const visible = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(inArray(properties.id, propertyIds), visibleProperty(actor)));
    if (visible.length !== propertyIds.length) throw notFound(PROPERTY_NOT_FOUND);
    const rows = await tx
      .insert(propertyTasks)
      .values(propertyIds.map((propertyId) => ({ propertyId, taskId: id, customPrice: input.customPrice })))
      .onConflictDoUpdate({
        target: [propertyTasks.propertyId, propertyTasks.taskId],
        set: { isActive: true, customPrice: sql`excluded.custom_price` },
        setWhere: eq(propertyTasks.isActive, false),
      })
      .returning({ id: propertyTasks.id });
    return { assigned: rows.length };
  });
}
