import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import { placeLine } from '../../../shared/place';
import type { CalendarFeedDto } from '../../../shared/schemas/series';
import { visibleProperty } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { calendarFeeds, properties, tasks, users, visits, visitTasks, visitUsers } from '../../db/schema';
import { notFound } from '../../errors';

// Issue 18: a secret calendar feed per user. The token is HMAC-SHA256(server secret,
// `userId:nonce`) in base64url: the same URL can be shown again without storing it, and only
// its sha256 is kept (token_hash) to find the feed. Regenerating changes the nonce, so the
// old URL answers 404 at once.

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

/** `GET /api/calendar/feed`: the caller's feed URL, made on the first call. */
export async function getFeed(db: Executor, config: FeedConfig, actor: Actor): Promise<CalendarFeedDto> {
  const [existing] = await db
    .select({ nonce: calendarFeeds.nonce, tokenHash: calendarFeeds.tokenHash })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.id));
  if (existing) {
    const token = tokenOf(config, actor.id, existing.nonce);
    const tokenHash = hashOf(token);
    // The server secret was changed since: the stored token is one nobody can show again, so the
    // feed moves to the address derived from the new secret (the old address stops).
    if (tokenHash !== existing.tokenHash) {
      await db.update(calendarFeeds).set({ tokenHash }).where(eq(calendarFeeds.userId, actor.id));
    }
    return { url: feedUrl(config, token) };
  }
  const nonce = randomBytes(24).toString('base64url');
  const token = tokenOf(config, actor.id, nonce);
  // Two first calls at once: the second keeps the first's row and answers its URL.
  const made = await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, nonce, tokenHash: hashOf(token) })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ userId: calendarFeeds.userId });
  if (made.length === 0) return getFeed(db, config, actor);
  return { url: feedUrl(config, token) };
}

/** `POST /api/calendar/feed/regenerate`: a new nonce, so a new URL; the old one stops at once. */
export async function regenerateFeed(db: Executor, config: FeedConfig, actor: Actor): Promise<CalendarFeedDto> {
  const nonce = randomBytes(24).toString('base64url');
  const token = tokenOf(config, actor.id, nonce);
  const tokenHash = hashOf(token);
  await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, nonce, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce, tokenHash, createdAt: new Date() } });
  return { url: feedUrl(config, token) };
}

/**
 * `GET /api/calendar/feed/{token}.ics` (no cookie): the iCalendar text of the visits the
 * feed's user is assigned to, from 30 days back to 90 ahead; unknown token → 404.
 */
export async function renderFeed(db: Executor, config: FeedConfig, token: string, now = new Date()): Promise<string> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!owner) throw notFound(SERIES_MESSAGES.feedNotFound);
  const actor: Actor = owner;

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
        select json_agg(${tasks.name} order by ${tasks.name})
        from ${visitTasks} join ${tasks} on ${tasks.id} = ${visitTasks.taskId}
        where ${visitTasks.visitId} = ${visits.id}), '[]'::json)`,
      minutes: sql<number | null>`(
        select cast(sum(${tasks.estimatedDurationMinutes}) as integer)
        from ${visitTasks} join ${tasks} on ${tasks.id} = ${visitTasks.taskId}
        where ${visitTasks.visitId} = ${visits.id})`,
    })
    .from(visits)
    .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, actor.id)))
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(
      and(
        visibleProperty(actor),
        gte(visits.scheduledAt, new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS)),
        lt(visits.scheduledAt, new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS)),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.id))
    .limit(MAX_FEED_EVENTS);

  const calendar = ical({ name: 'Rounds visits', prodId: { company: 'Rounds', product: 'visits', language: 'EN' } });
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
