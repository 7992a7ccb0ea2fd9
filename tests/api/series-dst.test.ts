import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/server/db/schema';
import { extendSeriesHorizon } from '../../src/server/jobs/series-horizon';
import { createProperty, createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import type { ApiOutput } from '../../src/client/api/contract';

type SeriesWithVisitsDto = ApiOutput<'post', '/visit-series'>;

type SeriesPreviewDto = ApiOutput<'post', '/visit-series/preview'>;

// A weekly 09:00 America/New_York series stays at 09:00 New York time across the
// spring-forward (2027-03-14) and fall-back (2027-11-07) changes, in its visits and in its
// preview. This file runs with the process in Asia/Tokyo (vitest.config.ts, project
// 'host-zone'), so a computation in the host's zone would show.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** 'Mon 09:00' in New York. */
const localTime = (iso: string | Date) => newYork.format(new Date(iso)).replace(',', '');
const offsetHours = (iso: string | Date) => {
  const local = new Date(new Date(iso).toLocaleString('en-US', { timeZone: 'America/New_York' }));
  const utc = new Date(new Date(iso).toLocaleString('en-US', { timeZone: 'UTC' }));
  return (local.getTime() - utc.getTime()) / 3600_000;
};

it('runs in the Tokyo zone', () => {
  expect(process.env.TZ).toBe('Asia/Tokyo');
  expect(new Date(2027, 0, 1).getTimezoneOffset()).toBe(-540);
});

describe('a weekly 09:00 New York series', () => {
  // Mondays at 09:00 EST (UTC−5), from before spring-forward to after fall-back.
  const startsAt = '2027-03-01T09:00:00-05:00';
  const rrule = 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20271130T000000Z';

  it('keeps 09:00 local in its preview on both sides of each change', async () => {
    const user = await createUser(t);
    const preview = await t.request('/api/visit-series/preview', {
      cookie: user.cookie,
      body: { startsAt, timeZone: 'America/New_York', rrule: 'FREQ=WEEKLY;BYDAY=MO', count: 50 },
    });
    expect(preview.status).toBe(200);
    const { occurrences } = (await preview.json()) as SeriesPreviewDto;
    expect(occurrences).toHaveLength(50);
    expect(occurrences.every((iso) => localTime(iso) === 'Mon 09:00')).toBe(true);
    // The instants move by the hour the clocks do.
    expect(occurrences.slice(1, 3)).toEqual(['2027-03-08T14:00:00.000Z', '2027-03-15T13:00:00.000Z']);
    expect(occurrences).toContain('2027-11-01T13:00:00.000Z');
    expect(occurrences).toContain('2027-11-08T14:00:00.000Z');
    expect(occurrences).toContain('2027-11-15T14:00:00.000Z');
    expect(occurrences).toContain('2027-10-25T13:00:00.000Z');
  });

  it('keeps 09:00 local in its visits, made by create and by the horizon job run in the future', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const response = await t.request('/api/visit-series', {
      cookie: owner.cookie,
      body: { propertyId: property.id, startsAt, timeZone: 'America/New_York', rrule },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const made = (await response.json()) as SeriesWithVisitsDto;

    // Run the job as if it were early December 2027 and late 2027: every Monday up to the end is made.
    await extendSeriesHorizon(t.db, new Date('2027-09-01T00:00:00Z'));
    await extendSeriesHorizon(t.db, new Date(Date.parse('2027-12-01T00:00:00Z') - 90 * DAY));
    const rows = await t.db
      .select({ scheduledAt: visits.scheduledAt, occurrenceAt: visits.occurrenceAt })
      .from(visits)
      .where(eq(visits.seriesId, made.series.id))
      .orderBy(visits.occurrenceAt);

    const mondays: string[] = [];
    for (let day = Date.parse('2027-03-01T12:00:00Z'); day < Date.parse('2027-11-30T00:00:00Z'); day += 7 * DAY) {
      mondays.push(new Date(day).toISOString().slice(0, 10));
    }
    expect(rows.map((row) => row.scheduledAt.toISOString().slice(0, 10))).toEqual(mondays);
    for (const row of rows) {
      expect(localTime(row.scheduledAt)).toBe('Mon 09:00');
      expect(row.occurrenceAt!.getTime()).toBe(row.scheduledAt.getTime());
    }
    const at = (date: string) => rows.find((row) => row.scheduledAt.toISOString().startsWith(date))!.scheduledAt;
    // Before and after spring-forward (EST → EDT) and fall-back (EDT → EST).
    expect(offsetHours(at('2027-03-08'))).toBe(-5);
    expect(offsetHours(at('2027-03-15'))).toBe(-4);
    expect(offsetHours(at('2027-11-01'))).toBe(-4);
    expect(offsetHours(at('2027-11-08'))).toBe(-5);
    expect(at('2027-03-08').toISOString()).toBe('2027-03-08T14:00:00.000Z');
    expect(at('2027-03-15').toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(at('2027-11-01').toISOString()).toBe('2027-11-01T13:00:00.000Z');
    expect(at('2027-11-08').toISOString()).toBe('2027-11-08T14:00:00.000Z');
  });
});
