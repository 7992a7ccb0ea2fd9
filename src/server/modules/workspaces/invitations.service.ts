import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WORKSPACE_INVITATION_DAYS, type WorkspaceRole } from '../../../shared/constants';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { WORKSPACE_MESSAGES, type inviteMemberInput } from '../../../shared/schemas/workspaces';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import { liveInvitation } from '../../access/team';
import type { Actor } from '../../auth/actor';
import { findByToken, hashOf, join } from '../../auth/invitation-link';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { profiles, users, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { sendAsPerson, type MailDeps } from '../../mail/outgoing';

// Joining a workspace only by invitation to a proven address. Owners and
// managers invite an e-mail address with a role and Rounds e-mails it a link; only an account
// whose verified e-mail is that address sees and accepts it; an invitation dies with its
// inviter's right to give that role there.

const standing = () =>
  and(eq(workspaceInvitations.status, 'pending'), gt(workspaceInvitations.expiresAt, sql`now()`), liveInvitation());

const forActor = (actor: Actor) => eq(workspaceInvitations.email, actor.email.toLowerCase());

/**
 * `POST /api/workspaces/{id}/invitations`: creates (or renews for 14 days) the invitation and
 * e-mails the invitee as the inviter (a verified sender, within their limits). The answer never
 * says whether the address has an account or is a member already: the same 202 either way.
 */
export async function invite(
  deps: MailDeps & { config: Config },
  member: Member,
  input: z.output<typeof inviteMemberInput>,
): Promise<{ email: string; role: WorkspaceRole; expiresAt: string }> {
  authorize(policy.workspace.can(member).manageMembers, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  authorize(policy.member.mayGrant(member, input.role), WORKSPACE_MESSAGES.ownersOnly);
  if (!member.emailVerified) throw forbidden(IDENTITY_MESSAGES.verifyToSend);
  const expiresAt = new Date(Date.now() + WORKSPACE_INVITATION_DAYS * 24 * 3600_000);
  const answer = { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() };
  const [joined] = await deps.db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(sql`lower(${users.email})`, input.email)));
  if (joined) return answer;

  const [[workspace], [inviter]] = await Promise.all([
    deps.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, member.workspaceId)),
    deps.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.userId, member.id)),
  ]);
  const business = workspace?.name ?? 'a business';
  const inviterName = inviter?.name?.trim() || member.email;
  // A new secret for each sending: a renewed invitation's older links stop working.
  const token = randomBytes(32).toString('base64url');
  await sendAsPerson(deps, member, 'invitation', {
    to: input.email,
    subject: `You are invited to join ${business} on Rounds`,
    text: [
      `${inviterName} invited you to join ${business} on Rounds, as ${ROLE_WORDS[input.role]}.`,
      '',
      'Open this link to join. If you have no Rounds account yet, you make one there with a name and a password:',
      '',
      `${deps.config.publicUrl}/invitations/${token}`,
      '',
      `The invitation is valid until ${expiresAt.toUTCString()}. If you do not know this person, ignore this e-mail.`,
    ].join('\n'),
  });
  const fresh = {
    role: input.role,
    invitedBy: member.id,
    expiresAt,
    tokenHash: hashOf(token),
    status: 'pending' as const,
  };
  await deps.db
    .insert(workspaceInvitations)
    .values({ workspaceId: member.workspaceId, email: input.email, ...fresh })
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
      set: { ...fresh, createdAt: sql`now()` },
    });
  return answer;
}

/** `GET /api/workspaces/{id}/invitations`: the standing ones, newest first, for owners and managers. */
export async function listInvitations(db: Executor, member: Member) {
  authorize(policy.workspace.can(member).manageMembers, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const rows = await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, member.workspaceId), standing()))
    .orderBy(desc(workspaceInvitations.createdAt))
    .limit(100);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  };
}

/** An owner or manager takes an invitation back. */
export async function cancelInvitation(db: Executor, member: Member, invitationId: string): Promise<void> {
  authorize(policy.workspace.can(member).manageMembers, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const deleted = await db
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, member.workspaceId)))
    .returning({ id: workspaceInvitations.id });
  if (deleted.length === 0) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
}

/**
 * `GET /api/invitations`: the actor's standing invitations. Until the actor's address is verified
 * there are none to see: whoever signed up with another person's address learns nothing of that
 * person's invitations (the business, the inviter).
 */
export async function listMine(db: Executor, actor: Actor) {
  if (!actor.emailVerified) return [];
  const rows = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      role: workspaceInvitations.role,
      inviterName: profiles.displayName,
      inviterEmail: users.email,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.userId, workspaceInvitations.invitedBy))
    .where(and(forActor(actor), standing()))
    .orderBy(asc(workspaceInvitations.createdAt))
    .limit(100);
  return rows.map(({ inviterName, inviterEmail, expiresAt, ...row }) => ({
    ...row,
    invitedBy: inviterEmail ? { displayName: inviterName, email: inviterEmail } : null,
    expiresAt: expiresAt.toISOString(),
  }));
}

/**
 * The invitation is the actor's and standing; 404 otherwise. Only a verified address answers an
 * invitation (403 before anything is looked up, so the answer says nothing of whether one exists).
 */
async function takeMine(tx: Executor, actor: Actor, id: string, status: 'accepted' | 'declined') {
  if (!actor.emailVerified) throw forbidden(IDENTITY_MESSAGES.verifyToAccept);
  const [invitation] = await tx
    .update(workspaceInvitations)
    .set({ status })
    .where(and(eq(workspaceInvitations.id, id), forActor(actor), standing()))
    .returning({
      workspaceId: workspaceInvitations.workspaceId,
      role: workspaceInvitations.role,
      invitedBy: workspaceInvitations.invitedBy,
    });
  if (!invitation) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  return invitation;
}

/**
 * Accepting makes the actor a member with the invited role, in the same transaction. Where their
 * requests go is theirs to choose: the app switches the tab to it (and makes it the default
 * through `PUT /api/me/workspace`); other tabs and clients stay where they are.
 */
export async function accept(db: Database, actor: Actor, id: string): Promise<{ workspaceId: string }> {
  return db.transaction(async (tx) => {
    const invitation = await takeMine(tx, actor, id, 'accepted');
    await tx
      .insert(workspaceMembers)
      .values({ ...invitation, userId: actor.id })
      .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] });
    return { workspaceId: invitation.workspaceId };
  });
}

export async function decline(db: Database, actor: Actor, id: string): Promise<void> {
  await takeMine(db, actor, id, 'declined');
}

const ROLE_WORDS: Record<WorkspaceRole, string> = {
  owner: 'an owner',
  manager: 'a manager',
  technician: 'a technician',
};

/**
 * `GET /api/invitations/by-token/{token}`: what the invitation page shows, to whoever holds the
 * link (it went to the invited address). Reading never answers the invitation: a mail
 * program's link scanner that opens it changes nothing.
 */
export async function getByToken(db: Executor, token: string) {
  const row = await findByToken(db, token);
  if (!row) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  return {
    workspaceName: row.workspaceName,
    inviterName: row.inviterName?.trim() || row.inviterEmail || null,
    role: row.role,
    email: row.email,
    status: row.status,
  };
}

/** Why a link's invitation cannot be answered any more, in the page's words. */
function refuseAnswered(status: 'accepted' | 'declined' | 'expired'): never {
  if (status === 'accepted') throw conflict(WORKSPACE_MESSAGES.invitationUsed);
  if (status === 'declined') throw conflict(WORKSPACE_MESSAGES.invitationDeclined);
  throw conflict(WORKSPACE_MESSAGES.invitationExpired);
}

/**
 * `POST /api/invitations/by-token/{token}/accept`: the signed-in account whose address the
 * invitation was sent to joins; following the link proved that address, so it is verified too.
 * Answering again once joined (the sign-up from the link joined already) answers the same.
 */
export async function acceptByToken(
  db: Database,
  actor: Actor,
  token: string,
): Promise<{ workspaceId: string; role: WorkspaceRole }> {
  return db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
    if (row.email !== actor.email.toLowerCase()) throw forbidden(WORKSPACE_MESSAGES.invitationForAnotherAddress);
    const answer = { workspaceId: row.workspaceId, role: row.role };
    if (row.status === 'accepted') {
      const [joined] = await tx
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, actor.id)));
      if (joined) return { workspaceId: row.workspaceId, role: joined.role };
    }
    if (row.status !== 'pending') refuseAnswered(row.status);
    await join(tx, actor.id, row);
    return answer;
  });
}

/** `POST /api/invitations/by-token/{token}/decline`: the link's holder says no; no sign-in needed. */
export async function declineByToken(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (!row) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
    if (row.status === 'declined') return;
    if (row.status !== 'pending') refuseAnswered(row.status);
    await tx.update(workspaceInvitations).set({ status: 'declined' }).where(eq(workspaceInvitations.id, row.id));
  });
}
