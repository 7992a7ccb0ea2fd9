import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../../shared/constants';
import { WORKSPACE_MESSAGES } from '../../../shared/schemas/workspaces';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import { keepAnOwner, shutAccountPortal } from '../../access/team';
import type { Database, Executor } from '../../db/client';
import {
  calendarFeeds,
  profiles,
  users,
  visits,
  visitSeries,
  visitUsers,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { notFound } from '../../errors';

// The team of a workspace. Owners change anyone; managers anyone but owners; a
// technician nobody but themselves (they may leave). Nobody removes or demotes the person who
// invited them, nor that person's inviter and so on up, and a workspace always keeps an owner. Removing someone takes them
// off every future visit; past visits keep their name.

const memberColumns = {
  userId: workspaceMembers.userId,
  email: users.email,
  name: sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), nullif(${users.name}, ''))`,
  role: workspaceMembers.role,
  invitedBy: workspaceMembers.invitedBy,
};

/**
 * Who invited the member, who invited that person, and so on up: the people they may never remove
 * or demote, directly or through someone they invited (a second account of their own).
 */
async function invitersOf(db: Executor, member: Member): Promise<Set<string>> {
  const result = await db.execute(sql`with recursive chain(user_id, depth) as (
      select ${workspaceMembers.invitedBy}, 1 from ${workspaceMembers}
        where ${workspaceMembers.workspaceId} = ${member.workspaceId} and ${workspaceMembers.userId} = ${member.id}
      union
      select m.invited_by, chain.depth + 1 from chain
        join ${workspaceMembers} m on m.workspace_id = ${member.workspaceId} and m.user_id = chain.user_id
        where chain.depth < 100
    )
    select distinct user_id from chain where user_id is not null`);
  return new Set((result as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id));
}

/** `GET /api/workspaces/{id}/members`: owners first, then by e-mail; for owners and managers. */
export async function listMembers(db: Executor, member: Member) {
  authorize(policy.workspace.can(member).manageMembers, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const rows = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, member.workspaceId))
    .orderBy(
      sql`case ${workspaceMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`,
      asc(sql`lower(${users.email})`),
    )
    .limit(500);
  const myInviters = await invitersOf(db, member);
  return {
    items: rows.map(({ invitedBy: _invitedBy, ...row }) => ({
      ...row,
      can: policy.member.can(member, { ...row, invitedMe: myInviters.has(row.userId) }),
    })),
  };
}

/**
 * What someone could reach as the member they were ends with the change: their portal way in by
 * their own address (staff routes, feeds and replays ask the membership on every request, and
 * their open invitations stand only while their role may send them: access/team.ts liveInvitation).
 */
async function endAccessAsBefore(tx: Executor, member: Member, userId: string) {
  await shutAccountPortal(tx, member.workspaceId, userId);
}

/** One member, locked with the workspace for the change (two owners demoting each other cannot leave none). */
async function lockTarget(tx: Executor, member: Member, userId: string) {
  await tx.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${member.workspaceId} for update`);
  const [target] = await tx
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(workspaceMembers.userId, userId)));
  if (!target) throw notFound(WORKSPACE_MESSAGES.memberNotFound);
  const can = policy.member.can(member, { ...target, invitedMe: (await invitersOf(tx, member)).has(target.userId) });
  return { target, can };
}

/** `PATCH /api/workspaces/{id}/members/{userId}`: a new role, under the rules above. */
export async function changeMemberRole(db: Database, member: Member, userId: string, role: WorkspaceRole) {
  authorize(policy.workspace.can(member).manageMembers, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  return db.transaction(async (tx) => {
    const { target, can } = await lockTarget(tx, member, userId);
    authorize(can.changeRole, policy.member.refusal(member, target));
    authorize(policy.member.mayGrant(member, role), WORKSPACE_MESSAGES.ownersOnly);
    await keepAnOwner(tx, member.workspaceId, target, role);
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(workspaceMembers.userId, userId)));
    if (role !== target.role) await endAccessAsBefore(tx, member, userId);
    const { invitedBy: _invitedBy, ...changed } = { ...target, role };
    return { ...changed, can };
  });
}

/**
 * `DELETE /api/workspaces/{id}/members/{userId}`: someone leaves the workspace (themselves, or
 * removed). They are taken off its visits from now on and off its series; past visits keep them.
 */
export async function removeMember(db: Database, member: Member, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, can } = await lockTarget(tx, member, userId);
    authorize(can.remove, policy.member.refusal(member, target));
    await keepAnOwner(tx, member.workspaceId, target, null);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(workspaceMembers.userId, userId)));
    await endAccessAsBefore(tx, member, userId);
    await tx
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.workspaceId, member.workspaceId), eq(calendarFeeds.userId, userId)));
    await tx.delete(visitUsers).where(
      and(
        eq(visitUsers.workspaceId, member.workspaceId),
        eq(visitUsers.userId, userId),
        sql`${visitUsers.visitId} in (select ${visits.id} from ${visits}
          where ${visits.workspaceId} = ${member.workspaceId} and ${gte(visits.scheduledAt, sql`now()`)}
            and ${visits.status} in ('scheduled', 'in_progress'))`,
      ),
    );
    await tx
      .update(visitSeries)
      .set({ assigneeIds: sql`array_remove(${visitSeries.assigneeIds}, ${userId}::uuid)` })
      .where(
        and(eq(visitSeries.workspaceId, member.workspaceId), sql`${userId}::uuid = any(${visitSeries.assigneeIds})`),
      );
    await tx
      .update(users)
      .set({ defaultWorkspaceId: null })
      .where(and(eq(users.id, userId), eq(users.defaultWorkspaceId, member.workspaceId)));
  });
}
