import { and, asc, eq, getTableColumns, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SERIES_HORIZON_DAYS, SERIES_MESSAGES } from '../../../shared/messages/series';
import type { createSeriesInput, previewSeriesInput, updateSeriesInput } from '../../../shared/schemas/series';
import { VISIT_MESSAGES, type VisitListItemDto } from '../../../shared/schemas/visits';
import { describeRule } from '../../../shared/series-words';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { invoiceVisits, properties, tasks, visits, visitSeries, workspaceMembers, workspaces } from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { badRequest, notFound } from '../../errors';
import { insertVisits, requireMembers, toVisitListItem, visitListItemColumns } from '../visits';
import {
  checkRule,
  countBefore,
  endBefore,
  firstOccurrences,
  occurrencesBetween,
  withCountReduced,
} from './recurrence';

// Visit series. Occurrences are ordinary visits with `seriesId` and `occurrenceAt`
// (the rule's instant), made from the start up to now + 90 days; the horizon job
// (jobs/series-horizon.ts) makes the rest day by day. A series edit never touches an
// occurrence that is completed, in progress or on an active invoice.

type CreateSeriesData = z.output<typeof createSeriesInput>;
type UpdateSeriesData = z.output<typeof updateSeriesInput>;
type PreviewSeriesData = z.output<typeof previewSeriesInput>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const horizonFrom = (now: Date) => new Date(now.getTime() + SERIES_HORIZON_DAYS * DAY_MS);

/**
 * Every write to series and their occurrences holds this transaction-level advisory lock, so
 * the horizon job of several server copies and the edits of people never interleave.
 */
export const lockSeries = (tx: Executor) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('rounds:visit-series'))`);

type SeriesRow = typeof visitSeries.$inferSelect;

/** SQL on `visits`: a series edit leaves it alone (completed, in progress, or on an active invoice). */
const protectedVisit: SQL = sql`(${visits.status} in ('completed', 'in_progress') or exists (
  select 1 from ${invoiceVisits} where ${invoiceVisits.visitId} = ${visits.id} and ${invoiceVisits.active}))`;

/** Makes the series' occurrences whose instants are in [from, before) that do not exist yet. */
export async function makeOccurrences(tx: Executor, series: SeriesRow, from: Date, before: Date): Promise<number> {
  const instants = occurrencesBetween(series, from, before);
  // Whoever is assigned and still in the workspace is on every occurrence.
  const stillMembers = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, series.workspaceId), inArray(workspaceMembers.userId, series.assigneeIds)),
    );
  const members = new Set(stillMembers.map((row) => row.userId));
  const ids = await insertVisits(tx, {
    workspaceId: series.workspaceId,
    propertyId: series.propertyId,
    visits: instants.map((instant) => ({
      scheduledAt: instant,
      seriesId: series.id,
      occurrenceAt: instant,
      anytime: series.anytime,
    })),
    assigneeIds: series.assigneeIds.filter((id) => members.has(id)),
    tasks: series.taskIds,
  });
  return ids.length;
}

// ── reading ──

export async function getSeries(db: Executor, member: Member, id: string) {
  const [row] = await db
    .select({
      series: visitSeries,
      locale: workspaces.locale,
      property: propertySummary,
    })
    .from(visitSeries)
    .innerJoin(properties, eq(properties.id, visitSeries.propertyId))
    .innerJoin(workspaces, eq(workspaces.id, visitSeries.workspaceId))
    .where(and(eq(visitSeries.id, id), policy.series.scope(member), isNull(properties.deletedAt)));
  if (!row) throw notFound(SERIES_MESSAGES.notFound);
  const { series, property, locale } = row;
  const taskRows =
    series.taskIds.length === 0
      ? []
      : await db
          .select({ id: tasks.id, name: tasks.name })
          .from(tasks)
          .where(and(inArray(tasks.id, series.taskIds), policy.task.scope(member)))
          .orderBy(asc(tasks.name));
  return {
    id: series.id,
    propertyId: series.propertyId,
    property,
    startsAt: series.startsAt.toISOString(),
    timeZone: series.timeZone,
    rrule: series.rrule,
    description: describeRule(series.rrule, series.timeZone, locale),
    taskIds: series.taskIds,
    tasks: taskRows,
    assigneeIds: series.assigneeIds,
    anytime: series.anytime,
    generatedUntil: series.generatedUntil ? series.generatedUntil.toISOString() : null,
    createdAt: series.createdAt.toISOString(),
    can: policy.series.can(member),
  };
}

async function withVisits(db: Executor, member: Member, id: string) {
  return { series: await getSeries(db, member, id), occurrences: await listSeriesVisits(db, member, id) };
}

/**
 * `POST /api/visit-series/preview`: the first `count` instants, checked exactly like create, and
 * the rule in words with its last day as the business (`locale`) writes days.
 */
export function previewSeries(input: PreviewSeriesData, locale: string, now = new Date()) {
  const rrule = checkRule(input, { madeBefore: horizonFrom(now) });
  const rule = { ...input, rrule };
  return {
    occurrences: firstOccurrences(rule, input.count).map((date) => date.toISOString()),
    description: describeRule(rrule, input.timeZone, locale),
  };
}

// ── writing ──

export async function createSeries(db: Database, member: Member, input: CreateSeriesData, now = new Date()) {
  const horizon = horizonFrom(now);
  const rrule = checkRule(input, { madeBefore: horizon });
  // createVisit's rule: owners and managers schedule, on a property of the workspace.
  authorize(policy.workspace.can(member).scheduleVisits, VISIT_MESSAGES.fieldOnly);
  await requireRecord(db, member, 'property', input.propertyId);
  const taskIds = await requireTasks(db, member, input.taskIds);
  const assigneeIds = await requireAssignees(db, member, input.assigneeIds ?? [member.id]);
  const id = await db.transaction(async (tx) => {
    await lockSeries(tx);
    const [series] = await tx
      .insert(visitSeries)
      .values({
        workspaceId: member.workspaceId,
        propertyId: input.propertyId,
        startsAt: input.startsAt,
        timeZone: input.timeZone,
        rrule,
        taskIds,
        assigneeIds,
        anytime: input.anytime,
        createdBy: member.id,
        generatedUntil: horizon,
      })
      .returning();
    if (!series) throw new Error('series insert returned nothing');
    await makeOccurrences(tx, series, series.startsAt, horizon);
    return series.id;
  });
  return withVisits(db, member, id);
}

/**
 * `PATCH /api/visit-series/:id?from=`. Without `from`, or when `from` is the first occurrence,
 * the series itself changes. With a later `from`, the series is split: the old one ends just
 * before that occurrence (UNTIL), and a new series, starting at it, carries the change (with
 * the COUNT that was left). Either way the scheduled occurrences in scope are deleted and made
 * again from the rule; those completed, in progress or invoiced stay as they are (after a split
 * they belong to the new series, so none is made twice).
 */
export async function updateSeries(
  db: Database,
  member: Member,
  id: string,
  fromVisitId: string | undefined,
  input: UpdateSeriesData,
  now = new Date(),
) {
  const resultId = await db.transaction(async (tx) => {
    await lockSeries(tx);
    const old = await requireSeries(tx, member, id);
    const splitAt = fromVisitId ? await requireOccurrence(tx, member, old, fromVisitId) : null;
    const before = splitAt ? countBefore(old, splitAt) : 0;
    const taskIds = input.taskIds ? await requireTasks(tx, member, input.taskIds) : old.taskIds;
    const assigneeIds = input.assigneeIds ? await requireAssignees(tx, member, input.assigneeIds) : old.assigneeIds;
    const horizon = laterOf(horizonFrom(now), old.generatedUntil);
    const anytime = input.anytime ?? old.anytime;

    if (!splitAt || before === 0) {
      const changed = {
        startsAt: input.startsAt ?? old.startsAt,
        timeZone: input.timeZone ?? old.timeZone,
        rrule: input.rrule ?? old.rrule,
      };
      const rrule = checkRule(changed, { madeBefore: horizon });
      const [series] = await tx
        .update(visitSeries)
        .set({ ...changed, rrule, taskIds, assigneeIds, anytime, generatedUntil: horizon, updatedAt: new Date() })
        .where(eq(visitSeries.id, id))
        .returning();
      await tx.delete(visits).where(and(eq(visits.seriesId, id), sql`not ${protectedVisit}`));
      await makeOccurrences(tx, series!, series!.startsAt, horizon);
      return id;
    }

    const changed = {
      startsAt: input.startsAt ?? splitAt,
      timeZone: input.timeZone ?? old.timeZone,
      rrule: input.rrule ?? withCountReduced(old.rrule, before),
    };
    const rrule = checkRule(changed, { madeBefore: horizon });
    await tx
      .update(visitSeries)
      .set({ rrule: endBefore(old.rrule, splitAt), updatedAt: new Date() })
      .where(eq(visitSeries.id, id));
    const [next] = await tx
      .insert(visitSeries)
      .values({
        workspaceId: old.workspaceId,
        propertyId: old.propertyId,
        ...changed,
        rrule,
        taskIds,
        assigneeIds,
        anytime,
        createdBy: old.createdBy ?? member.id,
        generatedUntil: horizon,
      })
      .returning();
    const following = and(eq(visits.seriesId, id), gte(visits.occurrenceAt, splitAt));
    await tx.delete(visits).where(and(following, sql`not ${protectedVisit}`));
    await tx.update(visits).set({ seriesId: next!.id }).where(following);
    await makeOccurrences(tx, next!, next!.startsAt, horizon);
    return next!.id;
  });
  return withVisits(db, member, resultId);
}

/**
 * `DELETE /api/visit-series/:id?from=`: the whole series (or, with a later `from`, that
 * occurrence and the following: the series then ends before it). Scheduled occurrences in
 * scope are deleted; completed, in-progress and invoiced ones stay (a deleted series leaves
 * them as plain visits).
 */
export async function removeSeries(db: Database, member: Member, id: string, fromVisitId: string | undefined) {
  await db.transaction(async (tx) => {
    await lockSeries(tx);
    const old = await requireSeries(tx, member, id);
    const splitAt = fromVisitId ? await requireOccurrence(tx, member, old, fromVisitId) : null;
    if (!splitAt || countBefore(old, splitAt) === 0) {
      await tx.delete(visits).where(and(eq(visits.seriesId, id), sql`not ${protectedVisit}`));
      await tx.delete(visitSeries).where(eq(visitSeries.id, id));
      return;
    }
    await tx
      .update(visitSeries)
      .set({ rrule: endBefore(old.rrule, splitAt), updatedAt: new Date() })
      .where(eq(visitSeries.id, id));
    await tx
      .delete(visits)
      .where(and(eq(visits.seriesId, id), gte(visits.occurrenceAt, splitAt), sql`not ${protectedVisit}`));
  });
}

// ── helpers ──

async function requireSeries(tx: Executor, member: Member, id: string): Promise<SeriesRow> {
  return requireRecord(tx, member, 'series', id, {
    columns: getTableColumns(visitSeries),
    where: sql`exists (select 1 from ${properties} where ${properties.id} = ${visitSeries.propertyId}
      and ${properties.deletedAt} is null)`,
    lock: 'update',
  });
}

/** The rule instant of `?from=`: a visible occurrence of this series, else 'Visit not found'. */
async function requireOccurrence(tx: Executor, member: Member, series: SeriesRow, visitId: string): Promise<Date> {
  const [visit] = await tx
    .select({ occurrenceAt: visits.occurrenceAt })
    .from(visits)
    .where(and(eq(visits.id, visitId), eq(visits.seriesId, series.id), policy.visit.scope(member)));
  if (!visit?.occurrenceAt) throw notFound(VISIT_MESSAGES.notFound);
  return visit.occurrenceAt;
}

/** The workspace's task templates to copy, each once; one that is not there (or is deleted) is a 400. */
async function requireTasks(db: Executor, member: Member, taskIds: string[]): Promise<string[]> {
  const unique = [...new Set(taskIds)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(inArray(tasks.id, unique), policy.task.scope(member)));
  if (found.length !== unique.length) throw badRequest('Task not found', { taskIds: 'Task not found' });
  return unique;
}

/** 'Assign to': members of the workspace only, each once, the first the lead (400 otherwise, as for a visit). */
async function requireAssignees(db: Executor, member: Member, userIds: string[]): Promise<string[]> {
  await requireMembers(db, member, userIds);
  return userIds;
}

const laterOf = (a: Date, b: Date | null) => (b && b > a ? b : a);

/** The occurrences of a series the member can see, oldest first (a series has at most 500 at once). */
async function listSeriesVisits(db: Executor, member: Member, seriesId: string): Promise<VisitListItemDto[]> {
  const rows = await db
    .select(visitListItemColumns)
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(eq(visits.seriesId, seriesId), policy.visit.scope(member)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(1000);
  return rows.map(toVisitListItem);
}
