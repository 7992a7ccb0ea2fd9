import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { calendarFeeds } from '../../src/server/db/schema';
import { SERIES_MESSAGES } from '../../src/shared/messages/series';
import { addVisitTask, createProperty, createTask, createUser, createVisit } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import type { Get } from '../../src/client/api/contract';

type CalendarFeedDto = Get<'/calendar/feed'>;

// A secret calendar feed per user, parsed here as a calendar app would.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;

async function feedUrl(cookie: string, path = '/api/calendar/feed', method = 'GET') {
  const response = await t.request(path, { cookie, method });
  expect(response.status).toBe(200);
  return ((await response.json()) as CalendarFeedDto).url;
}

/** GET of the feed URL with no cookie and no Origin, as a calendar app sends it. */
const fetchFeed = (url: string) => t.app.request(url.replace(TEST_ORIGIN, ''));

async function events(url: string): Promise<VEvent[]> {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const parsed = ical.sync.parseICS(await response.text());
  return Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
}

const urlOf = (event: VEvent) => {
  const url: unknown = event.url;
  return typeof url === 'string' ? url : (url as { val: string } | undefined)?.val;
};

describe('the calendar feed', () => {
  it('serves the user’s assigned visits from 30 days back to 90 ahead, without a cookie', async () => {
    const tech = await createUser(t);
    const owner = await createUser(t);
    const property = await createProperty(
      t,
      owner,
      { name: 'Lakeside Cottage', address: '12 Shore Rd', city: 'Portland', state: 'ME', zipCode: '04101' },
      [tech],
    );
    const mow = await createTask(t, owner, { name: 'Mow the lawn', estimatedDurationMinutes: 45 });
    const gutters = await createTask(t, owner, { name: 'Clean gutters', estimatedDurationMinutes: 30 });
    const scheduledAt = new Date(Math.floor((Date.now() + 2 * DAY) / 1000) * 1000);
    const visit = await createVisit(t, property.id, { lead: tech, scheduledAt });
    await addVisitTask(t, visit.id, mow.id);
    await addVisitTask(t, visit.id, gutters.id);
    const past = await createVisit(t, property.id, { lead: tech, scheduledAt: new Date(Date.now() - 20 * DAY) });
    const tooOld = await createVisit(t, property.id, { lead: tech, scheduledAt: new Date(Date.now() - 40 * DAY) });
    const tooFar = await createVisit(t, property.id, { lead: tech, scheduledAt: new Date(Date.now() + 100 * DAY) });
    const ownersOnly = await createVisit(t, property.id, { lead: owner, scheduledAt });

    const url = await feedUrl(tech.cookie);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    // The same URL is shown again.
    expect(await feedUrl(tech.cookie)).toBe(url);

    const feed = await events(url);
    const ids = feed.map((event) => event.uid);
    expect(ids.sort()).toEqual([visit.id, past.id].sort());
    expect(ids).not.toContain(tooOld.id);
    expect(ids).not.toContain(tooFar.id);
    expect(ids).not.toContain(ownersOnly.id);

    const event = feed.find((item) => item.uid === visit.id)!;
    expect(event.summary).toBe('Lakeside Cottage');
    expect(event.location).toBe('12 Shore Rd, Portland, ME 04101');
    expect(event.description).toBe('Clean gutters\nMow the lawn');
    expect(urlOf(event)).toBe(`${TEST_ORIGIN}/resources/visits/${visit.id}`);
    expect(new Date(event.start).toISOString()).toBe(scheduledAt.toISOString());
    // As long as its tasks' estimated durations.
    expect(new Date(event.end!).getTime() - new Date(event.start).getTime()).toBe(75 * 60_000);

    // Another user's feed has their own visits only.
    const ownerFeed = await events(await feedUrl(owner.cookie));
    expect(ownerFeed.map((item) => item.uid)).toEqual([ownersOnly.id]);
  });

  it('names the business’s time zone (X-WR-TIMEZONE) and keeps its times in UTC', async () => {
    const owner = await createUser(t);
    const patched = await t.request(`/api/workspaces/${owner.workspaceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { timeZone: 'Australia/Perth' },
    });
    expect(patched.status).toBe(200);
    const property = await createProperty(t, owner, { name: 'Swan Cottage' });
    const scheduledAt = new Date(Math.floor((Date.now() + 3 * DAY) / 1000) * 1000);
    await createVisit(t, property.id, { lead: owner, scheduledAt });
    const text = await (await fetchFeed(await feedUrl(owner.cookie))).text();
    expect(text).toContain('X-WR-TIMEZONE:Australia/Perth');
    const utc = scheduledAt.toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(text).toContain(`DTSTART:${utc}`);
  });

  it('regenerating makes a new URL, and the old one answers 404 at once', async () => {
    const user = await createUser(t);
    const old = await feedUrl(user.cookie);
    expect((await fetchFeed(old)).status).toBe(200);
    const fresh = await feedUrl(user.cookie, '/api/calendar/feed/regenerate', 'POST');
    expect(fresh).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(SERIES_MESSAGES.feedNotFound);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect(await feedUrl(user.cookie)).toBe(fresh);
  });

  it('after the server secret changes, the address shown is the one that works', async () => {
    const user = await createUser(t);
    const before = await feedUrl(user.cookie);
    // As if the token had been made under another secret: the stored hash no longer matches.
    await t.db
      .update(calendarFeeds)
      .set({ tokenHash: 'made-under-an-older-secret' })
      .where(eq(calendarFeeds.userId, user.id));
    const after = await feedUrl(user.cookie);
    expect(after).toBe(before);
    expect((await fetchFeed(after)).status).toBe(200);
  });

  it('answers an unknown token with 404, and the feed URL only to a signed-in user', async () => {
    expect((await t.app.request('/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(
      404,
    );
    expect((await t.app.request('/api/calendar/feed/short.ics')).status).toBe(404);
    expect((await t.app.request('/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await t.request('/api/calendar/feed')).status).toBe(401);
    expect((await t.request('/api/calendar/feed/regenerate', { method: 'POST' })).status).toBe(401);
  });

  it('is logged without its token when LOG_REQUESTS=true', async () => {
    const user = await createUser(t);
    const url = await feedUrl(user.cookie);
    const token = /feed\/([^/.]+)\.ics$/.exec(url)![1]!;
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const logging = createApp({
        config: { ...t.config, logRequests: true },
        db: t.db,
        auth: t.auth,
        storage: t.storage,
      });
      expect((await logging.request(`${url.replace(TEST_ORIGIN, '')}?token=${token}`)).status).toBe(200);
      expect(log.mock.calls).toEqual([
        [expect.stringMatching(/^GET \/api\/calendar\/feed\/\[redacted\]\?token=\[redacted\] 200 \d+ms$/)],
      ]);
      expect(JSON.stringify(log.mock.calls)).not.toContain(token);
    } finally {
      log.mockRestore();
    }
  });
});
