import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WORKSPACE_INVITATION_DAYS } from '../../../shared/constants';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import {
  WORKSPACE_MESSAGES,
  type InvitationSentDto,
  type inviteMemberInput,
  type MyInvitationDto,
  type WorkspaceInvitationDto,
} from '../../../shared/schemas/workspaces';
import { authorize, liveInvitation, policy, type Member } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { profiles, users, workspaceInvitations, workspaceMembers, workspaces } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { sendAsPerson, type MailDeps } from '../../mail/outgoing';

// Joining a workspace only by invitation to a proven address (issues 23 and 24). Owners and
// managers invite an e-mail address with a role and Rounds e-mails it a link; only an account
// whose verified e-mail is that address sees and accepts it; an invitation dies with its
// inviter's right to give that role there.

const standing = () => and(gt(workspaceInvitations.expiresAt, sql`now()`), liveInvitation());
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
): Promise<InvitationSentDto> {
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

  const [workspace] = await deps.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, member.workspaceId));
  const business = workspace?.name ?? 'a business';
  await sendAsPerson(deps, member, 'invitation', {
    to: input.email,
    subject: `You are invited to join ${business} on Rounds`,
    text: [
      `${member.email} invited you to join ${business} on Rounds, as ${input.role}.`,
      '',
      `To accept, sign in (or create an account) with this e-mail address, ${input.email}, verify it`,
      'with the link Rounds sends you, and accept the invitation on your dashboard:',
      '',
      `${deps.config.publicUrl}/dashboard`,
      '',
      `The invitation is valid until ${expiresAt.toUTCString()}. If you do not know this person, ignore this e-mail.`,
    ].join('\n'),
  });
  await deps.db
    .insert(workspaceInvitations)
    .values({ workspaceId: member.workspaceId, email: input.email, role: input.role, invitedBy: member.id, expiresAt })
    .onConflictDoUpdate({
      target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
      set: { role: input.role, invitedBy: member.id, expiresAt, createdAt: sql`now()` },
    });
  return answer;
}

/** `GET /api/workspaces/{id}/invitations`: the standing ones, newest first, for owners and managers. */
export async function listInvitations(db: Executor, member: Member): Promise<{ items: WorkspaceInvitationDto[] }> {
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
export async function listMine(db: Executor, actor: Actor): Promise<MyInvitationDto[]> {
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
async function takeMine(tx: Executor, actor: Actor, id: string) {
  if (!actor.emailVerified) throw forbidden(IDENTITY_MESSAGES.verifyToAccept);
  const [invitation] = await tx
    .delete(workspaceInvitations)
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
    const invitation = await takeMine(tx, actor, id);
    await tx
      .insert(workspaceMembers)
      .values({ ...invitation, userId: actor.id })
      .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] });
    return { workspaceId: invitation.workspaceId };
  });
}

export async function decline(db: Database, actor: Actor, id: string): Promise<void> {
  await takeMine(db, actor, id);
}
