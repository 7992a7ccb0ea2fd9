import { eq, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal } from '../../shared/money';
import type { Executor } from './client';
import { propertyTasks, tasks, visitTasks } from './schema';
import { templateCopy } from './shapes';

// Copy, never follow (ARCHITECTURE.md): a property task and a visit task copy their template's
// name, description, duration, price and requirements when they are made, and every path that
// makes one goes through these two functions (visit creation, series occurrences, adding a task
// to a property or a visit, follow-ups).

/**
 * Puts the template that `template` (a condition on `tasks`) names on each property of
 * `propertyIds`, copied. A property that has it active keeps its copy; one whose copy was removed
 * gets it back active, copied afresh, with the new custom price. One statement, so two adds
 * cannot make two rows. Answers the ids made or brought back, or null when no template matches.
 */
export async function copyTemplateToProperties(
  tx: Executor,
  input: { workspaceId: string; template: SQL; propertyIds: string[]; customPrice: number | null | undefined },
): Promise<string[] | null> {
  const [template] = await tx
    .select({ taskId: tasks.id, ...templateCopy })
    .from(tasks)
    .where(input.template)
    .limit(1);
  if (!template) return null;
  if (input.propertyIds.length === 0) return [];
  const copy = { ...template, customPrice: input.customPrice ?? null, isActive: true };
  const rows = await tx
    .insert(propertyTasks)
    .values(input.propertyIds.map((propertyId) => ({ propertyId, workspaceId: input.workspaceId, ...copy })))
    .onConflictDoUpdate({
      target: [propertyTasks.propertyId, propertyTasks.taskId],
      set: {
        isActive: true,
        customPrice: sql`excluded.custom_price`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        estimatedDurationMinutes: sql`excluded.estimated_duration_minutes`,
        defaultPrice: sql`excluded.default_price`,
        requirements: sql`excluded.requirements`,
      },
      setWhere: eq(propertyTasks.isActive, false),
    })
    .returning({ id: propertyTasks.id });
  return rows.map((row) => row.id);
}

/**
 * Puts copies of templates on each visit of `visitIds` (visits of `propertyId`). Each copy is
 * the property's active copy of the template when it has one (its words, its price: the custom
 * one, else the default it copied), else the template itself. `templates`: 'property' for every
 * task on the property's list; or template ids of the workspace's catalogue (deleted ones are
 * left out). A template already on a visit stays as it is (one per visit). `price` (cents)
 * replaces the copied price; `notes` and `followUpOf` are set on every copy made. Answers the
 * visit tasks made (each visit's made in name order, case-folded).
 */
export async function copyTemplatesToVisits(
  tx: Executor,
  input: {
    workspaceId: string;
    propertyId: string;
    visitIds: string[];
    templates: 'property' | string[];
    price?: number | null;
    notes?: string;
    followUpOf?: string;
  },
): Promise<{ id: string; visitId: string }[]> {
  if (input.visitIds.length === 0 || (input.templates !== 'property' && input.templates.length === 0)) return [];
  const fromProperty = (column: SQL, template: SQL) =>
    sql`case when ${propertyTasks.id} is null then ${template} else ${column} end`;
  const price =
    input.price === undefined || input.price === null
      ? fromProperty(
          sql`coalesce(${propertyTasks.customPrice}, ${propertyTasks.defaultPrice})`,
          sql`${tasks.defaultPrice}`,
        )
      : sql`cast(${centsToDecimal(input.price)} as numeric)`;
  const which =
    input.templates === 'property'
      ? sql`${propertyTasks.id} is not null`
      : sql`${tasks.id} = any(${sql.param(input.templates)}::uuid[]) and ${tasks.deletedAt} is null
          and ${tasks.workspaceId} = ${input.workspaceId}`;
  const result = await tx.execute(sql`
    insert into ${visitTasks} (workspace_id, visit_id, task_id, name, description, estimated_duration_minutes, price,
      requirements, status, notes, follow_up_of)
    select ${input.workspaceId}, made.id, ${tasks.id},
      ${fromProperty(sql`${propertyTasks.name}`, sql`${tasks.name}`)},
      ${fromProperty(sql`${propertyTasks.description}`, sql`${tasks.description}`)},
      ${fromProperty(sql`${propertyTasks.estimatedDurationMinutes}`, sql`${tasks.estimatedDurationMinutes}`)},
      ${price},
      ${fromProperty(sql`${propertyTasks.requirements}`, sql`${tasks.requirements}`)},
      'pending', ${input.notes ?? null}, cast(${input.followUpOf ?? null} as uuid)
    from unnest(${sql.param(input.visitIds)}::uuid[]) as made(id)
    cross join ${tasks}
    left join ${propertyTasks} on ${propertyTasks.taskId} = ${tasks.id}
      and ${propertyTasks.propertyId} = ${input.propertyId} and ${propertyTasks.isActive}
    where ${which}
    order by made.id, lower(${fromProperty(sql`${propertyTasks.name}`, sql`${tasks.name}`)})
    on conflict (visit_id, task_id) do nothing
    returning id, visit_id`);
  return (result as unknown as { rows: { id: string; visit_id: string }[] }).rows.map((row) => ({
    id: row.id,
    visitId: row.visit_id,
  }));
}
