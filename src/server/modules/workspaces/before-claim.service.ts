import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BeforeClaimWorkspace } from '../../../shared/schemas/workspaces';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { clients, properties, visits, workspaceMembers, workspaces } from '../../db/schema';
import { notFound } from '../../errors';

// Claiming an address from whoever signed up with it unproven (a password reset of an
// unverified account) marks the workspaces the account owned then (auth.ts). They are shown to
// the new owner, with what is in them, until they delete each one or keep it.

/** The number of rows of `table` in the workspace, as a subquery of the list below. */
const countIn = (table: typeof clients | typeof properties | typeof visits, live?: ReturnType<typeof isNull>) =>
  sql<number>`(select count(*) from ${table} where ${and(eq(table.workspaceId, workspaces.id), live)})`.mapWith(Number);

/** `GET /api/me/before-claim`: the account's own marked workspaces, by name (one query). */
export async function listBeforeClaim(db: Executor, actor: Actor): Promise<{ items: BeforeClaimWorkspace[] }> {
  const items = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      clients: countIn(clients),
      properties: countIn(properties, isNull(properties.deletedAt)),
      visits: countIn(visits, isNull(visits.propertyDeletedAt)),
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, actor.id), eq(workspaceMembers.madeBeforeClaim, true)))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id))
    .limit(100);
  return { items };
}

/** `DELETE /api/me/before-claim/{id}` ('Keep it'): the workspace stays and is not shown again. */
export async function keepWorkspace(db: Executor, actor: Actor, workspaceId: string): Promise<void> {
  const kept = await db
    .update(workspaceMembers)
    .set({ madeBeforeClaim: false })
    .where(
      and(
        eq(workspaceMembers.userId, actor.id),
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.madeBeforeClaim, true),
      ),
    )
    .returning({ id: workspaceMembers.workspaceId });
  if (kept.length === 0) throw notFound(WORKSPACE_MESSAGES.notFound);
}
