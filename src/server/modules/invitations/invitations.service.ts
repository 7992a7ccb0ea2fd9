import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVITATION_DAYS,
  PEOPLE_MESSAGES,
  type InvitationSentDto,
  type invitePersonInput,
  type MyInvitationDto,
  type PropertyInvitationDto,
} from '../../../shared/schemas/properties';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { profiles, properties, propertyInvitations, userProperties, users } from '../../db/schema';
import { notFound } from '../../errors';

// Sharing a property only with consent (issue 15): an owner invites an e-mail address; the
// invitee sees nothing of the property until they accept. Invitations are matched to people
// by their sign-in e-mail, so one to an address that signs up later is waiting for them.

const pending = () => gt(propertyInvitations.expiresAt, sql`now()`);
const forActor = (actor: Actor) => eq(propertyInvitations.email, actor.email.toLowerCase());

/**
 * Creates (or renews for 14 days) the invitation. The answer never says whether the address
 * has an account, or is linked already: the same 202 either way. The caller has checked that
 * the actor manages the property.
 */
export async function invite(
  db: Executor,
  actor: Actor,
  propertyId: string,
  input: z.output<typeof invitePersonInput>,
): Promise<InvitationSentDto> {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000);
  const [linked] = await db
    .select({ id: userProperties.id })
    .from(userProperties)
    .innerJoin(users, eq(users.id, userProperties.userId))
    .where(and(eq(userProperties.propertyId, propertyId), eq(sql`lower(${users.email})`, input.email)));
  if (!linked) {
    await db
      .insert(propertyInvitations)
      .values({ propertyId, email: input.email, role: input.role, invitedBy: actor.id, expiresAt })
      .onConflictDoUpdate({
        target: [propertyInvitations.propertyId, propertyInvitations.email],
        set: { role: input.role, invitedBy: actor.id, expiresAt, createdAt: sql`now()` },
      });
  }
  return { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() };
}

/** The property's pending invitations (for its managers), newest first. */
export async function listForProperty(db: Executor, propertyId: string): Promise<PropertyInvitationDto[]> {
  const rows = await db
    .select({
      id: propertyInvitations.id,
      email: propertyInvitations.email,
      role: propertyInvitations.role,
      createdAt: propertyInvitations.createdAt,
      expiresAt: propertyInvitations.expiresAt,
    })
    .from(propertyInvitations)
    .where(and(eq(propertyInvitations.propertyId, propertyId), pending()))
    .orderBy(desc(propertyInvitations.createdAt))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** An owner takes an invitation back. */
export async function cancel(db: Executor, propertyId: string, invitationId: string): Promise<void> {
  const deleted = await db
    .delete(propertyInvitations)
    .where(and(eq(propertyInvitations.id, invitationId), eq(propertyInvitations.propertyId, propertyId)))
    .returning({ id: propertyInvitations.id });
  if (deleted.length === 0) throw notFound(PEOPLE_MESSAGES.invitationNotFound);
}

/** `GET /api/invitations`: the actor's pending invitations to properties that still exist. */
export async function listMine(db: Executor, actor: Actor): Promise<MyInvitationDto[]> {
  const rows = await db
    .select({
      id: propertyInvitations.id,
      propertyId: propertyInvitations.propertyId,
      propertyName: properties.name,
      role: propertyInvitations.role,
      inviterName: profiles.displayName,
      inviterEmail: users.email,
      expiresAt: propertyInvitations.expiresAt,
    })
    .from(propertyInvitations)
    .innerJoin(properties, eq(properties.id, propertyInvitations.propertyId))
    .leftJoin(users, eq(users.id, propertyInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.userId, propertyInvitations.invitedBy))
    .where(and(forActor(actor), pending(), sql`${properties.deletedAt} is null`))
    .orderBy(asc(propertyInvitations.createdAt))
    .limit(100);
  return rows.map(({ inviterName, inviterEmail, expiresAt, ...row }) => ({
    ...row,
    invitedBy: inviterEmail ? { displayName: inviterName, email: inviterEmail } : null,
    expiresAt: expiresAt.toISOString(),
  }));
}

/** The invitation is the actor's, pending, to a property that still exists; 404 otherwise. */
async function takeMine(tx: Executor, actor: Actor, id: string) {
  const [invitation] = await tx
    .delete(propertyInvitations)
    .where(
      and(
        eq(propertyInvitations.id, id),
        forActor(actor),
        pending(),
        sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyInvitations.propertyId} and ${properties.deletedAt} is null)`,
      ),
    )
    .returning({ propertyId: propertyInvitations.propertyId, role: propertyInvitations.role });
  if (!invitation) throw notFound(PEOPLE_MESSAGES.invitationNotFound);
  return invitation;
}

/** Accepting links the actor to the property with the invited role, in the same transaction. */
export async function accept(db: Database, actor: Actor, id: string): Promise<{ propertyId: string }> {
  return db.transaction(async (tx) => {
    const invitation = await takeMine(tx, actor, id);
    await tx
      .insert(userProperties)
      .values({ userId: actor.id, propertyId: invitation.propertyId, role: invitation.role })
      .onConflictDoNothing({ target: [userProperties.userId, userProperties.propertyId] });
    return { propertyId: invitation.propertyId };
  });
}

export async function decline(db: Database, actor: Actor, id: string): Promise<void> {
  await takeMine(db, actor, id);
}
