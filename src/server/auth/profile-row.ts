import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profiles } from '../db/schema';

// spec §4: every account has a profile row. better-auth's user hook creates it, and
// `GET /api/me` creates it again if the hook failed, so both use this one function.

/** Creates the user's profile row if it is missing, and returns it. */
export async function ensureProfile(db: Executor, user: { id: string; email: string; name?: string | null }) {
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

export function toProfileDto(row: typeof profiles.$inferSelect) {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
  };
}
