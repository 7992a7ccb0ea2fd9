import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, type updateProfileInput } from '../../../shared/schemas/profiles';
import type { Auth } from '../../auth/auth';
import type { Actor } from '../../auth/actor';
import { ensureWorkspace } from '../../auth/personal-workspace';
import { ensureProfile, toProfileDto } from '../../auth/profile-row';
import { resolveMember, type Member } from '../../access/member';
import { policy } from '../../access/policy';
import { isSetUp, listMyWorkspaces } from '../workspaces';
import type { Executor } from '../../db/client';
import { accounts, profiles } from '../../db/schema';
import { conflict } from '../../errors';
import type { z } from 'zod';

/**
 * `GET /api/me`, asked on every page load: the account, its profile, and its workspaces with the
 * current one (the one the tab asks for, else the default; a workspace the user left is
 * not theirs any more, so the default is answered instead and the tab follows it).
 */
export async function getMe(db: Executor, actor: Actor, requestedWorkspace: string | null) {
  const [[row], listed, current] = await Promise.all([
    db
      .select({ profile: profiles, hasPassword: hasPasswordSql(actor.id) })
      .from(profiles)
      .where(eq(profiles.userId, actor.id)),
    listMyWorkspaces(db, actor),
    currentMember(db, actor, requestedWorkspace),
  ]);
  const profile = row ? toProfileDto(row.profile) : await ensureProfile(db, actor);
  const member = current ?? (await provision(db, actor));
  const workspaces = current ? listed : await listMyWorkspaces(db, actor);
  const mine = member ? (workspaces.find((workspace) => workspace.id === member.workspaceId) ?? null) : null;
  return {
    workspace: mine,
    workspaces,
    can: member ? policy.workspace.can(member) : null,
    setUp: member ? await isSetUp(db, member) : true,
    id: actor.id,
    email: actor.email,
    role: actor.role,
    isAdmin: actor.role === 'admin',
    isProvider: actor.role === 'provider',
    isCustomer: actor.role === 'customer',
    hasPassword: row ? row.hasPassword : await hasPassword(db, actor.id),
    emailVerified: actor.emailVerified,
    profile,
  };
}

/** The tab's workspace if it is still the user's, else their default one. */
async function currentMember(db: Executor, actor: Actor, requested: string | null): Promise<Member | null> {
  const asked = await resolveMember(db, actor, requested);
  if (!asked.refused) return asked.member;
  return (await resolveMember(db, actor, null)).member;
}

/**
 * A user in no workspace at all (sign-up's hook failed, or they left the last one they were in)
 * gets a personal one now: there is always somewhere to work.
 */
async function provision(db: Executor, actor: Actor): Promise<Member | null> {
  await ensureWorkspace(db, actor);
  return (await resolveMember(db, actor, null)).member;
}

/** Whether the user can sign in with a password (a credential account with a hash). */
export async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(credentialAccount(userId)).limit(1);
  return Boolean(row);
}

const credentialAccount = (userId: string) =>
  and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password));

const hasPasswordSql = (userId: string) =>
  sql<boolean>`exists (select 1 from ${accounts} where ${credentialAccount(userId)})`.mapWith(Boolean);

/** spec §2 My Profile: display name, company and phone; the e-mail stays the account's. */
export async function updateProfile(db: Executor, actor: Actor, input: z.output<typeof updateProfileInput>) {
  await ensureProfile(db, actor);
  const [row] = await db
    .update(profiles)
    .set({ displayName: input.displayName, companyName: input.companyName, phone: input.phone })
    .where(eq(profiles.userId, actor.id))
    .returning();
  if (!row) throw new Error(`Profile of ${actor.id} vanished`);
  return toProfileDto(row);
}

/**
 * Lets an account without a password (made through Google) set one, through
 * better-auth's server-only setPassword. Accounts with a password use change-password.
 */
export async function setOwnPassword(
  db: Executor,
  auth: Auth,
  actor: Actor,
  headers: Headers,
  input: { newPassword: string },
): Promise<void> {
  if (await hasPassword(db, actor.id)) throw conflict(PROFILE_MESSAGES.passwordAlreadySet);
  await auth.api.setPassword({ body: { newPassword: input.newPassword }, headers });
}
