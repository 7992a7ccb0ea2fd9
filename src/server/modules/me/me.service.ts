import { eq } from 'drizzle-orm';
import type { MeDto, ProfileDto } from '../../../shared/schemas/auth';
import type { Actor } from '../../auth/session';
import type { Executor } from '../../db/client';
import { profiles } from '../../db/schema';

/** Creates the user's profile row if it is missing (spec §4: a missing row is created). */
export async function ensureProfile(
  db: Executor,
  user: { id: string; email: string; name?: string | null },
): Promise<ProfileDto> {
  const [created] = await db
    .insert(profiles)
    .values({ userId: user.id, email: user.email, displayName: user.name?.trim() || null })
    .onConflictDoNothing({ target: profiles.userId })
    .returning();
  if (created) return toProfileDto(created);
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!existing) throw new Error(`Profile of ${user.id} vanished`);
  return toProfileDto(existing);
}

export async function getMe(db: Executor, actor: Actor): Promise<MeDto> {
  const profile = await ensureProfile(db, actor);
  return {
    id: actor.id,
    email: actor.email,
    role: actor.role,
    isAdmin: actor.role === 'admin',
    isProvider: actor.role === 'provider',
    isCustomer: actor.role === 'customer',
    profile,
  };
}

export function toProfileDto(row: typeof profiles.$inferSelect): ProfileDto {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
  };
}
