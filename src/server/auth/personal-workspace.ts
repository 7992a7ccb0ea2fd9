import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profiles, users, workspaceMembers, workspaces } from '../db/schema';

// Sign-up makes a personal workspace with the new user as its owner, so the spec's
// flow (sign up, dashboard, create a property) is unchanged. better-auth's user hook makes it,
// and `GET /api/me` makes it again if the user is in no workspace at all (the hook is not in
// the sign-up's transaction), so both use this one function.

/** Makes the user a workspace of their own unless they are a member of one already. */
export async function ensureWorkspace(db: Executor, user: { id: string; email: string; name?: string | null }) {
  await db.transaction(async (tx) => {
    // One at a time per user: the hook and a first /api/me may run together.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    const [member] = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, user.id))
      .limit(1);
    if (member) return;
    const [profile] = await tx
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    // Named after the person until they name the business ('Finish setting up').
    const name = profile?.displayName?.trim() || user.name?.trim() || user.email;
    const [workspace] = await tx.insert(workspaces).values({ name }).returning({ id: workspaces.id });
    if (!workspace) throw new Error('workspace insert returned nothing');
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role: 'owner' });
    await tx.update(users).set({ defaultWorkspaceId: workspace.id }).where(eq(users.id, user.id));
  });
}
