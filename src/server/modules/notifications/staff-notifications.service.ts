import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTIFICATION_MESSAGES, type listNotificationsQuery } from '../../../shared/schemas/notifications';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { staffNotifications } from '../../db/schema';
import { notFound } from '../../errors';

// The bell: the signed-in member's own notifications in their current workspace
// (access/policy.ts `policy.staffNotification`); notifyStaff (staff-notifications.ts) writes them.

const unreadFilter = sql`count(*) filter (where ${staffNotifications.readAt} is null)`;

/** `GET /api/notifications`: newest first; the page, the total and the unread count in one query. */
export async function listNotifications(db: Executor, member: Member, query: z.output<typeof listNotificationsQuery>) {
  const scope = policy.staffNotification.scope(member);
  const rows = await db
    .select({
      id: staffNotifications.id,
      kind: staffNotifications.kind,
      text: staffNotifications.text,
      visitId: staffNotifications.visitId,
      requestId: staffNotifications.requestId,
      readAt: staffNotifications.readAt,
      createdAt: staffNotifications.createdAt,
      // One user's notices in one workspace: few enough to count in the page's own query.
      total: sql<number>`cast(count(*) over () as integer)`,
      unread: sql<number>`cast(${unreadFilter} over () as integer)`,
    })
    .from(staffNotifications)
    .where(scope)
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(query.limit)
    .offset(query.offset);
  let counts = { total: rows[0]?.total ?? 0, unread: rows[0]?.unread ?? 0 };
  // A page past the end has no row to carry the counts: only then are they asked for again.
  if (rows.length === 0 && query.offset > 0) {
    const [row] = await db
      .select({ total: sql<number>`cast(count(*) as integer)`, unread: sql<number>`cast(${unreadFilter} as integer)` })
      .from(staffNotifications)
      .where(scope);
    counts = { total: row?.total ?? 0, unread: row?.unread ?? 0 };
  }
  return {
    items: rows.map(({ total: _total, unread: _unread, readAt, createdAt, ...row }) => ({
      ...row,
      readAt: readAt ? readAt.toISOString() : null,
      createdAt: createdAt.toISOString(),
    })),
    ...counts,
  };
}

/** `POST /api/notifications/:id/read`: read (again) is fine; another's, or none, is 404. */
export async function markNotificationRead(db: Executor, member: Member, id: string): Promise<void> {
  const [row] = await db
    .update(staffNotifications)
    .set({ readAt: sql`coalesce(${staffNotifications.readAt}, now())` })
    .where(and(eq(staffNotifications.id, id), policy.staffNotification.scope(member)))
    .returning({ id: staffNotifications.id });
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
}

/** `POST /api/notifications/read-all`: every unread one of the member's in this workspace. */
export async function markAllNotificationsRead(db: Executor, member: Member): Promise<void> {
  await db
    .update(staffNotifications)
    .set({ readAt: sql`now()` })
    .where(and(policy.staffNotification.scope(member), isNull(staffNotifications.readAt)));
}
