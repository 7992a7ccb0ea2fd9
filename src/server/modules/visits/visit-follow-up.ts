import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { readingOutOfRange, readingRequirement } from '../../../shared/evidence';
import { VISIT_MESSAGES, type FollowUpData } from '../../../shared/schemas/visits';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { visits, visitTasks, visitUsers } from '../../db/schema';
import { copyTemplatesToVisits } from '../../db/template-copy';
import { dayIn, nextWorkingDayAtTimeOf } from '../../db/workspace-time';
import { conflict, notFound } from '../../errors';
import { requireVisit } from './visit-rows';
import { requireMembers } from './visit-people.service';
import { insertVisits } from './visits.service';

// 'Add follow-up': a failed inspection or an out-of-range reading becomes a task on
// the property's next scheduled visit, or on a new visit: when and with whom the office chooses,
// else the next working day at the visit's time with the same people. The new task links back to
// the finding (follow_up_of) and its note says what was found. Owners and managers only.

type Finding = {
  id: string;
  taskId: string;
  name: string;
  description: string | null;
  estimatedDurationMinutes: number | null;
  price: number | null;
  requirements: (typeof visitTasks.$inferSelect)['requirements'];
  reading: number | null;
  result: (typeof visitTasks.$inferSelect)['result'];
  day: string;
};

/** `POST /api/visits/:id/tasks/:taskId/follow-up`: 201 with the visit and the task that follows the finding up. */
export async function addFollowUp(
  db: Executor,
  member: Member,
  visitId: string,
  visitTaskId: string,
  input: FollowUpData,
) {
  return db.transaction(async (tx) => {
    const visit = await requireVisit(tx, member, visitId);
    authorize(policy.visit.can(member, visit).addFollowUp, VISIT_MESSAGES.followUpOfficeOnly);
    const finding = await findingOf(tx, member, visitId, visitTaskId);
    const note = followUpNote(finding);
    if (input.target === 'next') {
      const next = await nextScheduledVisit(tx, member, visit);
      if (!next) throw conflict(VISIT_MESSAGES.noNextVisit);
      return { visitId: next, visitTaskId: await putOnVisit(tx, member, next, visit.propertyId, finding, note) };
    }
    const assigneeIds = input.assigneeIds ?? (await peopleOf(tx, visitId));
    if (input.assigneeIds) await requireMembers(tx, member, input.assigneeIds);
    const scheduledAt = input.scheduledAt ?? (await nextWorkingDayAt(tx, member, visitId));
    const [made] = await insertVisits(tx, {
      workspaceId: member.workspaceId,
      propertyId: visit.propertyId,
      visits: [{ scheduledAt, status: 'scheduled' }],
      assigneeIds,
      tasks: [],
    });
    if (!made) throw new Error('insert returned nothing');
    return { visitId: made, visitTaskId: await putOnVisit(tx, member, made, visit.propertyId, finding, note) };
  });
}

/** Who is on the visit, the lead first. */
async function peopleOf(tx: Executor, visitId: string): Promise<string[]> {
  const people = await tx
    .select({ userId: visitUsers.userId })
    .from(visitUsers)
    .where(eq(visitUsers.visitId, visitId))
    .orderBy(desc(visitUsers.role), asc(visitUsers.createdAt));
  return people.map((person) => person.userId);
}

/** The next working day (Mon–Fri) in the workspace at the visit's time there. */
async function nextWorkingDayAt(tx: Executor, member: Member, visitId: string): Promise<Date> {
  const [when] = await tx
    .select({ at: sql<string | Date>`${nextWorkingDayAtTimeOf(member.workspaceId, sql`${visits.scheduledAt}`)}` })
    .from(visits)
    .where(eq(visits.id, visitId));
  if (!when) throw notFound(VISIT_MESSAGES.notFound);
  return new Date(when.at);
}

/** The visit task with its finding: a 'fail' result or a reading out of range, else 409. */
async function findingOf(tx: Executor, member: Member, visitId: string, visitTaskId: string): Promise<Finding> {
  const [row] = await tx
    .select({
      id: visitTasks.id,
      taskId: visitTasks.taskId,
      name: visitTasks.name,
      description: visitTasks.description,
      estimatedDurationMinutes: visitTasks.estimatedDurationMinutes,
      price: visitTasks.price,
      requirements: visitTasks.requirements,
      reading: visitTasks.reading,
      result: visitTasks.result,
      // the day it was found: when the task was done, else when the visit was started or scheduled
      day: dayIn(
        member.workspaceId,
        sql`coalesce(${visitTasks.completedAt}, ${visits.startedAt}, ${visits.scheduledAt})`,
      ),
    })
    .from(visitTasks)
    .innerJoin(visits, eq(visits.id, visitTasks.visitId))
    .where(and(eq(visitTasks.id, visitTaskId), eq(visitTasks.visitId, visitId)));
  if (!row) throw notFound(VISIT_MESSAGES.taskNotFound);
  if (row.result !== 'fail' && !readingOutOfRange(row.requirements, row.reading)) {
    throw conflict(VISIT_MESSAGES.noFinding);
  }
  return row;
}

/** 'Follow-up: Filter check failed on Nov 24, 2026' or 'Follow-up: reading 5 ppm out of range on …'. */
function followUpNote(finding: Finding): string {
  if (finding.result === 'fail') return `Follow-up: ${finding.name} failed on ${finding.day}`;
  const unit = readingRequirement(finding.requirements)?.unit ?? '';
  return `Follow-up: reading ${finding.reading} ${unit} out of range on ${finding.day}`;
}

/** The property's next visit scheduled after now (status scheduled), not this one; held until commit. */
async function nextScheduledVisit(
  tx: Executor,
  member: Member,
  visit: { id: string; propertyId: string },
): Promise<string | null> {
  const [next] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        policy.visit.scope(member),
        eq(visits.propertyId, visit.propertyId),
        eq(visits.status, 'scheduled'),
        gt(visits.scheduledAt, sql`now()`),
        ne(visits.id, visit.id),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(1)
    .for('share');
  return next?.id ?? null;
}

/**
 * Adds a copy of the finding's template to `targetVisitId`, as every visit task is copied
 * (copyTemplatesToVisits: the property's copy, else the template; the finding's own copy if the
 * template was deleted). When the template is already on that visit (one per visit), that task
 * takes the link and the note.
 */
async function putOnVisit(
  tx: Executor,
  member: Member,
  targetVisitId: string,
  propertyId: string,
  finding: Finding,
  note: string,
): Promise<string> {
  const [added] = await copyTemplatesToVisits(tx, {
    workspaceId: member.workspaceId,
    propertyId,
    visitIds: [targetVisitId],
    templates: [finding.taskId],
    notes: note,
    followUpOf: finding.id,
  });
  if (added) return added.id;
  // Already there: it takes the link, and the note goes first (once: a second click changes nothing).
  const [existing] = await tx
    .update(visitTasks)
    .set({
      followUpOf: finding.id,
      notes: sql`case when ${visitTasks.followUpOf} is not distinct from ${finding.id} then ${visitTasks.notes}
        else cast(${note} as text) || coalesce(E'\\n' || ${visitTasks.notes}, '') end`,
      version: sql`${visitTasks.version} + 1`,
    })
    .where(and(eq(visitTasks.visitId, targetVisitId), eq(visitTasks.taskId, finding.taskId)))
    .returning({ id: visitTasks.id });
  if (existing) return existing.id;
  // Neither on the visit nor copyable (its template was deleted since): the finding's own copy.
  const [copied] = await tx
    .insert(visitTasks)
    .values({
      workspaceId: member.workspaceId,
      visitId: targetVisitId,
      taskId: finding.taskId,
      name: finding.name,
      description: finding.description,
      estimatedDurationMinutes: finding.estimatedDurationMinutes,
      price: finding.price,
      requirements: finding.requirements,
      status: 'pending',
      notes: note,
      followUpOf: finding.id,
    })
    .returning({ id: visitTasks.id });
  if (!copied) throw new Error('follow-up task neither added nor found');
  return copied.id;
}
