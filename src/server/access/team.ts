import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { WorkspaceRole } from '../../shared/constants';
import { WORKSPACE_MESSAGES } from '../../shared/messages/workspaces';
import type { Executor } from '../db/client';
import { clients, portalSessions, users, workspaceInvitations, workspaceMembers } from '../db/schema';
import { conflict } from '../errors';
import type { Member } from './member';
import type { IdRef } from './policy';

// The team's rules: who belongs to a workspace, which invitations still stand, that a workspace
// keeps an owner, and that leaving shuts the portal's way in through one's own address.

/** SQL: `userId` is a member of the member's workspace (assignees, the people of a visit). */
export const memberOf = (member: Member, userId: IdRef): SQL =>
  sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${member.workspaceId}
    and ${workspaceMembers.userId} = ${userId})`;

/**
 * SQL on `workspace_invitations`: the invitation still stands. It dies with its inviter's right to
 * give that role there: no longer an owner or manager, no longer an owner for an
 * owner's invitation, or their account gone.
 */
export function liveInvitation(): SQL {
  return sql`(${workspaceInvitations.invitedBy} is not null and exists (
    select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceInvitations.workspaceId}
      and ${workspaceMembers.userId} = ${workspaceInvitations.invitedBy}
      and (${workspaceMembers.role} = 'owner' or (${workspaceMembers.role} = 'manager' and ${workspaceInvitations.role} <> 'owner'))))`;
}

/**
 * 409 when taking `target` out of the owners (a new role, or `null`: leaving) would leave the
 * workspace without one. Call inside the transaction that changes it, the workspace row locked.
 */
export async function keepAnOwner(
  tx: Executor,
  workspaceId: string,
  target: { userId: string; role: WorkspaceRole },
  newRole: WorkspaceRole | null,
): Promise<void> {
  if (target.role !== 'owner' || newRole === 'owner') return;
  const [row] = await tx
    .select({ owners: sql<number>`cast(count(*) as integer)` })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'owner'),
        sql`${workspaceMembers.userId} <> ${target.userId}`,
      ),
    );
  if ((row?.owners ?? 0) === 0) throw conflict(WORKSPACE_MESSAGES.lastOwner);
}

/**
 * Leaving a business (removed, or a new role) shuts the portal way in of the person's own
 * address too: every client of the workspace with that address gets a revoked account session
 * for them (so the portal does not open one again). A fresh portal link still works.
 */
export async function shutAccountPortal(tx: Executor, workspaceId: string, userId: string): Promise<void> {
  await tx.execute(sql`insert into ${portalSessions} (workspace_id, client_id, user_id, token_hash, expires_at, revoked_at)
    select ${clients.workspaceId}, ${clients.id}, ${users.id}, 'account:' || gen_random_uuid(), '9999-12-31T00:00:00Z', now()
    from ${clients} join ${users} on lower(btrim(${clients.email})) = lower(${users.email})
    where ${clients.workspaceId} = ${workspaceId} and ${users.id} = ${userId}
    on conflict (client_id, user_id) where user_id is not null do update set revoked_at = coalesce(${portalSessions.revokedAt}, now())`);
}
