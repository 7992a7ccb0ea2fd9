import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VISIT_MESSAGES, type addVisitUserInput, type VisitPersonDto } from '../../../shared/schemas/visits';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import { memberOf } from '../../access/team';
import type { Database, Executor } from '../../db/client';
import { profiles, users, visitUsers, workspaceMembers } from '../../db/schema';
import { personSummary } from '../../db/shapes';
import { badRequest, conflict, notFound } from '../../errors';
import { aRow, countUpTo, toPage } from '../../db/sql';
import { requireVisit } from './visit-rows';
import { noticeAssigned } from './visit-notices';

// Who is on a visit (spec §3 visit_users): any member of the workspace, the first
// as lead. Only owners and managers change them; the visit is found through access/policy.ts first.

type AddVisitUserData = z.output<typeof addVisitUserInput>;

/** Members of the workspace who are not on the visit yet (anyone in the workspace may be assigned). */
export async function listVisitCandidates(
  db: Executor,
  member: Member,
  visitId: string,
  query: { limit: number; offset: number },
) {
  const visit = await requireVisit(db, member, visitId);
  authorize(policy.visit.can(member, visit).managePeople, VISIT_MESSAGES.onlyLeadManagesPeople);
  const candidate = and(
    eq(workspaceMembers.workspaceId, member.workspaceId),
    sql`not exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${workspaceMembers.userId})`,
  );
  const rows = await db
    .select({ ...personSummary, workspaceRole: workspaceMembers.role })
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
    () => countUpTo(db, db.select(aRow).from(workspaceMembers).where(candidate)),
    (row) => row,
  );
}

export async function addVisitUser(
  db: Database,
  member: Member,
  visitId: string,
  input: AddVisitUserData,
): Promise<VisitPersonDto> {
  const visit = await requireVisit(db, member, visitId);
  authorize(policy.visit.can(member, visit).managePeople, VISIT_MESSAGES.onlyLeadManagesPeople);
  const [person] = await db
    .select(personSummary)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, input.userId), memberOf(member, users.id)));
  if (!person) throw badRequest(VISIT_MESSAGES.notLinkedToProperty, { userId: VISIT_MESSAGES.notLinkedToProperty });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(visitUsers)
      .values({ visitId, userId: input.userId, workspaceId: member.workspaceId, role: 'assistant' })
      .onConflictDoNothing()
      .returning({ id: visitUsers.id });
    if (inserted.length === 0) throw conflict(VISIT_MESSAGES.alreadyOnVisit);
    // The person added hears of it in the app.
    await noticeAssigned(tx, member, visitId, [input.userId]);
  });
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

/** 400 unless every id is a member of the member's workspace. */
export async function requireMembers(db: Executor, member: Member, userIds: string[]) {
  if (userIds.length === 0) return;
  const found = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), inArray(workspaceMembers.userId, userIds)));
  if (found.length !== new Set(userIds).size) {
    throw badRequest(VISIT_MESSAGES.notLinkedToProperty, { assigneeIds: VISIT_MESSAGES.notLinkedToProperty });
  }
}

/** Replaces who is on a visit: `assigneeIds`, the first as lead. Inside the caller's transaction. */
export async function replacePeople(tx: Executor, member: Member, visitId: string, assigneeIds: string[]) {
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
