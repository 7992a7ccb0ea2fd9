import { eq } from 'drizzle-orm';
import { formatsFor } from '../../../shared/locale';
import type { StaffNotificationKind } from '../../../shared/notifications';
import type { VisitStatus } from '../../../shared/constants';
import type { Member } from '../../access/member';
import type { Executor } from '../../db/client';
import { properties, visits, visitUsers, workspaces } from '../../db/schema';
import {
  noticeVisitUnderway,
  notifyStaff,
  queueVisitChange,
  queueVisitCompleted,
  queueVisitDeleted,
} from '../notifications';

// Who hears of a change to a visit, inside the transaction that makes it. The client
// by e-mail (through the outbox: scheduled, moved, cancelled, completed), and the people on the
// visit in the app (assigned, moved, cancelled), except whoever made the change.

export interface VisitState {
  scheduledAt: Date;
  status: VisitStatus;
  people: string[];
}

/** The visit's time, status and people, read under the row's lock before a change. */
export async function visitStateForChange(tx: Executor, visitId: string): Promise<VisitState | null> {
  const [visit] = await tx
    .select({ scheduledAt: visits.scheduledAt, status: visits.status })
    .from(visits)
    .where(eq(visits.id, visitId))
    .for('update');
  if (!visit) return null;
  const people = await tx.select({ userId: visitUsers.userId }).from(visitUsers).where(eq(visitUsers.visitId, visitId));
  return { ...visit, people: people.map((row) => row.userId) };
}

/** A visit was made (not an occurrence of a series: the reminder speaks for those). */
export async function noticeVisitMade(tx: Executor, member: Member, visitId: string): Promise<void> {
  const after = await visitStateForChange(tx, visitId);
  if (!after) return;
  if (after.status === 'scheduled') await queueVisitChange(tx, member, visitId, 'visit_scheduled', after);
  // Made completed (past the gate): told, or sent the report, as when completed later.
  if (after.status === 'completed') await queueVisitCompleted(tx, member, visitId);
  await tellPeople(tx, member, visitId, after.people, 'visit_assigned', 'assigned to you');
}

/** People were added to a visit ('Add person'). */
export async function noticeAssigned(tx: Executor, member: Member, visitId: string, userIds: string[]): Promise<void> {
  await tellPeople(tx, member, visitId, userIds, 'visit_assigned', 'assigned to you');
}

/** A visit changed from `before`; tells whoever should hear of it. */
export async function noticeVisitChange(
  tx: Executor,
  member: Member,
  visitId: string,
  before: VisitState,
): Promise<void> {
  const after = await visitStateForChange(tx, visitId);
  if (!after) return;
  const newcomers = after.people.filter((userId) => !before.people.includes(userId));
  await tellPeople(tx, member, visitId, newcomers, 'visit_assigned', 'assigned to you');
  const stayed = after.people.filter((userId) => before.people.includes(userId));
  if (after.status !== before.status) {
    if (after.status === 'in_progress' || after.status === 'completed') await noticeVisitUnderway(tx, member, visitId);
    if (after.status === 'completed') await queueVisitCompleted(tx, member, visitId);
    if (after.status === 'cancelled') {
      await queueVisitChange(tx, member, visitId, 'visit_cancelled', before);
      await tellPeople(tx, member, visitId, stayed, 'visit_changed', 'cancelled');
      return;
    }
    if (before.status === 'cancelled' && after.status === 'scheduled') {
      await queueVisitChange(tx, member, visitId, 'visit_scheduled', before);
      await tellPeople(tx, member, visitId, stayed, 'visit_changed', 'back on the schedule');
      return;
    }
  }
  const moved = after.scheduledAt.getTime() !== before.scheduledAt.getTime();
  if (moved && (after.status === 'scheduled' || after.status === 'in_progress')) {
    await queueVisitChange(tx, member, visitId, 'visit_moved', before);
    await tellPeople(tx, member, visitId, stayed, 'visit_changed', 'moved');
  }
}

/** A visit is about to be deleted: its client hears it is cancelled, its people too. */
export async function noticeVisitDeleted(tx: Executor, member: Member, visitId: string): Promise<void> {
  await queueVisitDeleted(tx, member, visitId);
  const people = await tx.select({ userId: visitUsers.userId }).from(visitUsers).where(eq(visitUsers.visitId, visitId));
  // Not tied to the visit: the row is about to go, and the notice with it otherwise.
  await tellPeople(
    tx,
    member,
    visitId,
    people.map((row) => row.userId),
    'visit_changed',
    'cancelled',
    { keepVisit: false },
  );
}

/** 'Villa Rosa, Wed, Nov 25, 2026, 9:00 AM: moved', in the business's locale and time zone, to `userIds` but the member. */
async function tellPeople(
  tx: Executor,
  member: Member,
  visitId: string,
  userIds: string[],
  kind: StaffNotificationKind,
  what: string,
  { keepVisit = true } = {},
): Promise<void> {
  const others = userIds.filter((userId) => userId !== member.id);
  if (others.length === 0) return;
  const [visit] = await tx
    .select({
      property: properties.name,
      scheduledAt: visits.scheduledAt,
      locality: { locale: workspaces.locale, currency: workspaces.currency, timeZone: workspaces.timeZone },
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(workspaces, eq(workspaces.id, visits.workspaceId))
    .where(eq(visits.id, visitId));
  if (!visit) return;
  const when = formatsFor(visit.locality).dateTime(visit.scheduledAt);
  await notifyStaff(tx, others, {
    workspaceId: member.workspaceId,
    kind,
    text: `${visit.property}, ${when}: ${what}`,
    visitId: keepVisit ? visitId : null,
  });
}
