import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../shared/constants';
import { liveInvitation } from '../access/team';
import type { Database, Executor } from '../db/client';
import { profiles, users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';

// An invitation e-mail's link (/invitations/{token}): finding its invitation and joining by it.
// Here, not in modules/workspaces, because sign-up (auth.ts) joins by it too.

/** The link's secret is stored only as its hash: a copy of the database opens no invitation. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation the link's secret names, with what its page shows; null when there is none. */
export async function findByToken(db: Executor, token: string, lock = false) {
  const query = db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      inviterName: profiles.displayName,
      inviterEmail: users.email,
      role: workspaceInvitations.role,
      email: workspaceInvitations.email,
      invitedBy: workspaceInvitations.invitedBy,
      status: workspaceInvitations.status,
      standing: sql<boolean>`(${workspaceInvitations.expiresAt} > now() and ${liveInvitation()})`.mapWith(Boolean),
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.userId, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashOf(token)))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: workspaceInvitations }) : query);
  if (!row) return null;
  // An invitation past its date, or whose inviter may no longer give that role, is expired.
  const status = row.status === 'pending' && !row.standing ? ('expired' as const) : row.status;
  return { ...row, status };
}

/**
 * Joins the business the invitation names, inside `tx`: the account becomes a member with the
 * invited role, and its address counts as verified, since only its mailbox had the link.
 */
export async function join(
  tx: Executor,
  userId: string,
  invitation: { id: string; workspaceId: string; role: WorkspaceRole; invitedBy: string | null },
) {
  await tx.update(workspaceInvitations).set({ status: 'accepted' }).where(eq(workspaceInvitations.id, invitation.id));
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: invitation.workspaceId, userId, role: invitation.role, invitedBy: invitation.invitedBy })
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] });
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  // An account that had no business of its own starts in this one.
  await tx
    .update(users)
    .set({ defaultWorkspaceId: invitation.workspaceId })
    .where(and(eq(users.id, userId), sql`${users.defaultWorkspaceId} is null`));
}

/**
 * Sign-up from an invitation's page: when the link's secret names a standing invitation to the
 * very address being signed up, the new account is that mailbox's owner. Null otherwise.
 */
export async function invitationForSignUp(db: Executor, token: string | null | undefined, email: string) {
  if (!token) return null;
  const row = await findByToken(db, token);
  if (!row || row.status !== 'pending' || row.email !== email.toLowerCase()) return null;
  return row;
}

/** The account made from the invitation's page joins at once (in place of a workspace of its own). */
export async function joinAtSignUp(db: Database, userId: string, token: string, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row || row.status !== 'pending' || row.email !== email.toLowerCase()) return false;
    await join(tx, userId, row);
    return true;
  });
}
