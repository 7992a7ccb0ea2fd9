import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import { placeLine } from '../../../shared/place';
import { resolveMember, type Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { calendarFeeds, properties, users, visits, visitTasks, visitUsers, workspaces } from '../../db/schema';
import { notFound } from '../../errors';

// A secret calendar feed per user, and per workspace (a feed lists one
// business's visits). The token is HMAC-SHA256(server secret, `userId:nonce`) in base64url: the
// same URL can be shown again without storing it, and only its sha256 is kept (token_hash) to
// find the feed. Regenerating changes the nonce, so the old URL answers 404 at once. A feed of a
// workspace its user has left answers 404 too.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The feed holds the user's visits from this many days back… */
export const FEED_DAYS_BACK = 30;
/** …to this many ahead. */
export const FEED_DAYS_AHEAD = 90;
/** A visit without task durations lasts this long in the calendar. */
const DEFAULT_VISIT_MINUTES = 60;
const MAX_FEED_EVENTS = 2000;

type FeedConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

const tokenOf = (config: FeedConfig, userId: string, nonce: string) =>
  createHmac('sha256', config.authSecret).update(`${userId}:${nonce}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (config: FeedConfig, token: string) => `${config.publicUrl}/api/calendar/feed/${token}.ics`;

const mine = (member: Member) =>
  and(eq(calendarFeeds.userId, member.id), eq(calendarFeeds.workspaceId, member.workspaceId));
const feedKey = [calendarFeeds.userId, calendarFeeds.workspaceId];

/** `GET /api/calendar/feed`: the caller's feed URL for the current workspace, made on the first call. */
export async function getFeed(db: Executor, config: FeedConfig, member: Member): Promise<{ url: string }> {
  const [existing] = await db
    .select({ nonce: calendarFeeds.nonce, tokenHash: calendarFeeds.tokenHash })
    .from(calendarFeeds)
    .where(mine(member));
  if (existing) {
    const token = tokenOf(config, member.id, existing.nonce);
    const tokenHash = hashOf(token);
    // The server secret was changed since: the stored token is one nobody can show again, so the
    // feed moves to the address derived from the new secret (the old address stops).
    if (tokenHash !== existing.tokenHash) {
      await db.update(calendarFeeds).set({ tokenHash }).where(mine(member));
    }
    return { url: feedUrl(config, token) };
  }
  const nonce = randomBytes(24).toString('base64url');
  const token = tokenOf(config, member.id, nonce);
  // Two first calls at once: the second keeps the first's row and answers its URL.
  const made = await db
    .insert(calendarFeeds)
    .values({ userId: member.id, workspaceId: member.workspaceId, nonce, tokenHash: hashOf(token) })
    .onConflictDoNothing({ target: feedKey })
    .returning({ userId: calendarFeeds.userId });
  if (made.length === 0) return getFeed(db, config, member);
  return { url: feedUrl(config, token) };
}

/** `POST /api/calendar/feed/regenerate`: a new nonce, so a new URL; the old one stops at once. */
export async function regenerateFeed(db: Executor, config: FeedConfig, member: Member): Promise<{ url: string }> {
  const nonce = randomBytes(24).toString('base64url');
  const token = tokenOf(config, member.id, nonce);
  const tokenHash = hashOf(token);
  await db
    .insert(calendarFeeds)
    .values({ userId: member.id, workspaceId: member.workspaceId, nonce, tokenHash })
    .onConflictDoUpdate({ target: feedKey, set: { nonce, tokenHash, createdAt: new Date() } });
  return { url: feedUrl(config, token) };
}

/**
 * `GET /api/calendar/feed/{token}.ics` (no cookie): the iCalendar text of the visits the
 * feed's user is assigned to, from 30 days back to 90 ahead; unknown token → 404.
 */
export async function renderFeed(db: Executor, config: FeedConfig, token: string, now = new Date()): Promise<string> {
  const [feed] = await db
    .select({
      owner: { id: users.id, email: users.email, role: users.role, emailVerified: users.emailVerified },
      workspaceId: calendarFeeds.workspaceId,
      timeZone: workspaces.timeZone,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) throw notFound(SERIES_MESSAGES.feedNotFound);
  // Still a member of the feed's workspace, with their role there now.
  const { member, refused } = await resolveMember(db, feed.owner, feed.workspaceId);
  if (!member || refused) throw notFound(SERIES_MESSAGES.feedNotFound);

  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
      updatedAt: visits.updatedAt,
      name: properties.name,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipCode: properties.zipCode,
      tasks: sql<string[]>`coalesce((
        select json_agg(${visitTasks.name} order by ${visitTasks.name})
        from ${visitTasks} where ${visitTasks.visitId} = ${visits.id}), '[]'::json)`,
      minutes: sql<number | null>`(
        select cast(sum(${visitTasks.estimatedDurationMinutes}) as integer)
        from ${visitTasks} where ${visitTasks.visitId} = ${visits.id})`,
    })
    .from(visits)
    .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, member.id)))
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(
      and(
        policy.visit.scope(member),
        sql`${properties.deletedAt} is null`,
        gte(visits.scheduledAt, new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS)),
        lt(visits.scheduledAt, new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS)),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(MAX_FEED_EVENTS);

  // Times stay UTC (machine-readable, unambiguous); X-WR-TIMEZONE names the business's zone, in
  // which calendar apps show them. Not ical-generator's `timezone`: without a VTIMEZONE generator
  // it writes the UTC times as floating local ones, hours off.
  const calendar = ical({
    name: 'Rounds visits',
    prodId: { company: 'Rounds', product: 'visits', language: 'EN' },
    x: [{ key: 'X-WR-TIMEZONE', value: feed.timeZone }],
  });
  for (const row of rows) {
    const place = placeLine(row);
    calendar.createEvent({
      id: row.id,
      start: row.scheduledAt,
      end: new Date(row.scheduledAt.getTime() + (row.minutes || DEFAULT_VISIT_MINUTES) * 60_000),
      stamp: row.updatedAt,
      summary: row.name,
      location: place ? `${row.address}, ${place}` : row.address,
      description: row.tasks.length ? row.tasks.join('\n') : 'No tasks',
      url: `${config.publicUrl}/resources/visits/${row.id}`,
      status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
