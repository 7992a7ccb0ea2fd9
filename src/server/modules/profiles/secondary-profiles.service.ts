import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery } from '../../../shared/schemas/common';
import {
  PROFILE_MESSAGES,
  type secondaryProfileInput,
  type secondaryProfilesQuery,
} from '../../../shared/schemas/profiles';
import { policy } from '../../access/policy';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { secondaryProfiles } from '../../db/schema';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { notFound } from '../../errors';

type Input = z.output<typeof secondaryProfileInput>;

// spec §6: secondary profiles are limited to their owner — every query is scoped to the actor,
// so someone else's profile answers the same 404 as a missing one. Admins get no exception.
const byId = (actor: Actor, id: string) => and(policy.secondaryProfile.scope(actor), eq(secondaryProfiles.id, id));

export async function listSecondaryProfiles(
  db: Executor,
  actor: Actor,
  query: PageQuery & z.output<typeof secondaryProfilesQuery>,
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    policy.secondaryProfile.scope(actor),
    pattern
      ? or(
          ilike(secondaryProfiles.displayName, pattern),
          ilike(secondaryProfiles.companyName, pattern),
          ilike(secondaryProfiles.email, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select({ profile: secondaryProfiles })
    .from(secondaryProfiles)
    .where(where)
    .orderBy(desc(secondaryProfiles.createdAt), desc(secondaryProfiles.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => countUpTo(db, db.select(aRow).from(secondaryProfiles).where(where)),
    (row) => toDto(row.profile),
  );
}

export async function getSecondaryProfile(db: Executor, actor: Actor, id: string) {
  const [row] = await db.select().from(secondaryProfiles).where(byId(actor, id));
  if (!row) throw notFound(PROFILE_MESSAGES.secondaryNotFound);
  return toDto(row);
}

export async function createSecondaryProfile(db: Executor, actor: Actor, input: Input) {
  const [row] = await db
    .insert(secondaryProfiles)
    .values({ userId: actor.id, ...input })
    .returning();
  if (!row) throw new Error('secondary profile not created');
  return toDto(row);
}

export async function updateSecondaryProfile(db: Executor, actor: Actor, id: string, input: Input) {
  const [row] = await db.update(secondaryProfiles).set(input).where(byId(actor, id)).returning();
  if (!row) throw notFound(PROFILE_MESSAGES.secondaryNotFound);
  return toDto(row);
}

export async function removeSecondaryProfile(db: Executor, actor: Actor, id: string): Promise<void> {
  const rows = await db.delete(secondaryProfiles).where(byId(actor, id)).returning({ id: secondaryProfiles.id });
  if (rows.length === 0) throw notFound(PROFILE_MESSAGES.secondaryNotFound);
}

function toDto(row: typeof secondaryProfiles.$inferSelect) {
  return {
    id: row.id,
    displayName: row.displayName,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
