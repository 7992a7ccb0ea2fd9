import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AccountRole } from '../../../shared/constants';
import { ADMIN_MESSAGES, type AdminUsersQuery } from '../../../shared/schemas/admin';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { conflict, forbidden, notFound } from '../../errors';

// spec §2 Admin users, §4 Role change, §6. The routes are behind `adminOnly`; the actor is an admin.

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  displayName: profiles.displayName,
  phone: profiles.phone,
  companyName: profiles.companyName,
};

/** One query: users joined with their profiles, searched and filtered in SQL, newest first, with the total. */
export async function listUsers(db: Executor, query: AdminUsersQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    pattern
      ? or(ilike(users.email, pattern), ilike(profiles.displayName, pattern), ilike(profiles.companyName, pattern))
      : undefined,
  );
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const countUp = () =>
    countUpTo(db, db.select(aRow).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where));
  return toPage(rows, query, countUp, toDto);
}

export async function getUser(db: Executor, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
  return toDto(row);
}

/**
 * spec §4: an admin changes a user's role; it applies on the user's next request (the
 * session middleware reads the role from the users row every time). The admins are
 * locked first, so two admins demoting each other at once cannot leave none, and an
 * actor demoted while their request was on its way is refused.
 */
export async function updateUserRole(db: Database, actor: Actor, id: string, role: AccountRole) {
  await db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    if (!admins.some((admin) => admin.id === actor.id)) throw forbidden(ADMIN_MESSAGES.adminsOnly);
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (target.role === 'admin' && role !== 'admin' && admins.length <= 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
    if (target.role !== role) await tx.update(users).set({ role }).where(eq(users.id, id));
  });
  return getUser(db, id);
}

/**
 * `npm run make-admin -- email`: promotes an existing account (e-mail matched without
 * case). The only way to grant admin besides the Users screen. Returns null when no
 * account has that e-mail.
 */
export async function promoteToAdmin(db: Executor, email: string): Promise<{ id: string; email: string } | null> {
  const [user] = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id, email: users.email });
  return user ?? null;
}

function toDto(row: {
  id: string;
  email: string;
  role: AccountRole;
  createdAt: Date;
  displayName: string | null;
  phone: string | null;
  companyName: string | null;
}) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
