import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { visits, visitSeries, visitTasks, visitUsers } from '../../src/server/db/schema';
import { extendSeriesHorizon, startSeriesHorizonJob } from '../../src/server/jobs/series-horizon';
import { SERIES_MESSAGES } from '../../src/shared/messages/series';
import {
  addMember,
  billVisit,
  addPropertyTask,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;

/** Tomorrow at this minute (whole minutes), so the first occurrences are in the future. */
const tomorrow = () => new Date(Math.floor((Date.now() + DAY) / 60_000) * 60_000);

function postSeries(user: TestUser, body: Record<string, unknown>) {
  return apiAs(t, user.cookie).post('/visit-series', { json: body });
}

async function makeSeries(user: TestUser, body: Record<string, unknown>) {
  return json(await postSeries(user, { timeZone: 'America/New_York', ...body }), 201);
}

/** The series' visits in the database, oldest occurrence first. */
function seriesVisits(seriesId: string) {
  return t.db.select().from(visits).where(eq(visits.seriesId, seriesId)).orderBy(visits.occurrenceAt);
}

async function complete(visitId: string) {
  await t.db.update(visits).set({ status: 'completed', completedAt: new Date() }).where(eq(visits.id, visitId));
}

async function invoice(propertyId: string, visitId: string) {
  const row = await createInvoiceRow(t, propertyId);
  await billVisit(t, row.id, visitId);
}

async function taskIdsOf(visitId: string) {
  const rows = await t.db.select({ taskId: visitTasks.taskId }).from(visitTasks).where(eq(visitTasks.visitId, visitId));
  return rows.map((row) => row.taskId).sort();
}

describe('creating a series', () => {
  it('makes its occurrences as visits with the series tasks, priced custom else default, and the creator as lead', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const custom = await createTask(t, owner, { name: 'A mow', defaultPrice: 5000 });
    const plain = await createTask(t, owner, { name: 'B rake', defaultPrice: 2500 });
    const other = await createTask(t, owner, { name: 'C not copied' });
    await addPropertyTask(t, property.id, custom.id, { customPrice: 7550 });
    await addPropertyTask(t, property.id, other.id);
    const startsAt = tomorrow();

    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: startsAt.toISOString(),
      rrule: 'RRULE:freq=daily;count=5',
      taskIds: [custom.id, plain.id],
    });

    expect(made.series).toMatchObject({
      propertyId: property.id,
      property: { id: property.id, name: property.name },
      startsAt: startsAt.toISOString(),
      timeZone: 'America/New_York',
      rrule: 'FREQ=DAILY;COUNT=5',
      description: 'Every day, 5 times',
      taskIds: [custom.id, plain.id],
      tasks: [
        { id: custom.id, name: 'A mow' },
        { id: plain.id, name: 'B rake' },
      ],
      can: { edit: true, delete: true },
    });
    expect(made.occurrences.map((visit) => visit.scheduledAt)).toEqual(
      [0, 1, 2, 3, 4].map((n) => new Date(startsAt.getTime() + n * DAY).toISOString()),
    );
    for (const visit of made.occurrences) {
      expect(visit.seriesId).toBe(made.series.id);
      expect(visit.status).toBe('scheduled');
      expect(visit.people).toEqual([expect.objectContaining({ userId: owner.id, role: 'lead' })]);
    }
    const detail = await json(
      await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: made.occurrences[2]!.id } }),
      200,
    );
    expect(detail.seriesId).toBe(made.series.id);
    expect(detail.tasks.map((task) => [task.name, task.price, task.status])).toEqual([
      ['A mow', 7550, 'pending'],
      ['B rake', 2500, 'pending'],
    ]);
    const read = await json(
      await apiAs(t, owner.cookie).get('/visit-series/:id', { param: { id: made.series.id } }),
      200,
    );
    expect(read).toEqual(made.series);
  });

  it('makes an endless rule only up to 90 days ahead', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const before = Date.now();
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=WEEKLY',
    });
    const horizon = new Date(made.series.generatedUntil!).getTime();
    expect(horizon).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(horizon).toBeLessThan(Date.now() + 90 * DAY + 1000);
    expect(made.occurrences.length).toBeGreaterThanOrEqual(12);
    expect(made.occurrences.length).toBeLessThanOrEqual(13);
    expect(made.occurrences.every((visit) => new Date(visit.scheduledAt).getTime() < horizon)).toBe(true);
    expect(made.series.description).toBe('Every week');
  });

  it('refuses a rule, a zone or a size it cannot take, with clear messages', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const base = { propertyId: property.id, startsAt: tomorrow().toISOString(), timeZone: 'America/New_York' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rrule: 'FREQ=HOURLY;COUNT=3' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: 'FREQ=WEEKLY;BYHOUR=9' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: 'FREQ=MONTHLY;BYMONTHDAY=40' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: 'FREQ=DAILY;COUNT=3;UNTIL=20301231' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: 'every tuesday' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, SERIES_MESSAGES.rruleInvalid, 'rrule'],
      [{ rrule: '' }, SERIES_MESSAGES.rruleRequired, 'rrule'],
      [{ rrule: 'FREQ=DAILY', timeZone: 'Mars/Olympus_Mons' }, SERIES_MESSAGES.timeZoneInvalid, 'timeZone'],
      [{ rrule: 'FREQ=DAILY;COUNT=501' }, SERIES_MESSAGES.tooManyOccurrences, 'rrule'],
      [{ rrule: 'FREQ=DAILY;UNTIL=20301231T000000Z' }, SERIES_MESSAGES.tooManyOccurrences, 'rrule'],
      [{ rrule: 'FREQ=DAILY', startsAt: 'tomorrow' }, SERIES_MESSAGES.startsAtRequired, 'startsAt'],
      [{ rrule: 'FREQ=DAILY', startsAt: '0000-06-01T09:00:00Z' }, SERIES_MESSAGES.startsAtRequired, 'startsAt'],
      [{ rrule: 'FREQ=DAILY', startsAt: '9999-12-31T23:00:00-05:00' }, SERIES_MESSAGES.startsAtRequired, 'startsAt'],
      // Endless, but started so long ago that more than 500 visits would be made at once.
      [
        { rrule: 'FREQ=DAILY', startsAt: new Date(Date.now() - 3 * 365 * DAY).toISOString() },
        SERIES_MESSAGES.tooManyOccurrences,
        'rrule',
      ],
    ];
    for (const [body, message, field] of cases) {
      const error = await refusal(await postSeries(owner, { ...base, ...body }), 400);
      expect(error.error.message, JSON.stringify(body)).toBe(message);
      expect(error.error.fields?.[field]).toBe(message);
      const preview = await refusal(
        await apiAs(t, owner.cookie).post('/visit-series/preview', { json: { ...base, ...body, count: 5 } }),
        400,
      );
      expect(preview.error.message, JSON.stringify(body)).toBe(message);
    }
    expect(await t.db.select().from(visitSeries).where(eq(visitSeries.propertyId, property.id))).toEqual([]);
    // 500 visits is the most a bounded rule may make; an endless one is fine.
    await makeSeries(owner, { ...base, rrule: 'FREQ=DAILY;COUNT=500' });
    await makeSeries(owner, { ...base, rrule: 'FREQ=DAILY' });
  });

  it('answers a property the caller cannot see with 404, and needs a signed-in user', async () => {
    const owner = await createUser(t);
    const outsider = await createUser(t);
    const property = await createProperty(t, owner);
    const body = { propertyId: property.id, startsAt: tomorrow().toISOString(), rrule: 'FREQ=DAILY;COUNT=2' };
    const error = await refusal(await postSeries(outsider, { ...body, timeZone: 'UTC' }), 404);
    expect(error.error.message).toBe('Property not found or access denied');
    expect((await apiAs(t).post('/visit-series', { json: { ...body, timeZone: 'UTC' } })).status).toBe(401);
    expect(
      (await apiAs(t).post('/visit-series/preview', { json: { ...body, timeZone: 'UTC', count: 3 } })).status,
    ).toBe(401);
  });
});

describe('preview', () => {
  it('gives the next count instants past the horizon, and the rule in words, without a property', async () => {
    const user = await createUser(t);
    const preview = await json(
      await apiAs(t, user.cookie).post('/visit-series/preview', {
        json: {
          startsAt: '2027-01-01T10:00:00-05:00',
          timeZone: 'America/New_York',
          rrule: 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271231T235959Z',
          count: 3,
        },
      }),
      200,
    );
    expect(preview).toEqual({
      occurrences: ['2027-01-12T15:00:00.000Z', '2027-02-09T15:00:00.000Z', '2027-03-09T15:00:00.000Z'],
      description: 'Every month on the second Tuesday, until Fri, Dec 31, 2027',
    });
    // The last day is written as the business writes days.
    await json(
      await apiAs(t, user.cookie).patch('/workspaces/:id', {
        param: { id: user.workspaceId },
        json: { locale: 'en-AU' },
      }),
      200,
    );
    const australian = await json(
      await apiAs(t, user.cookie).post('/visit-series/preview', {
        json: {
          startsAt: '2027-01-01T10:00:00-05:00',
          timeZone: 'America/New_York',
          rrule: 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271231T235959Z',
          count: 3,
        },
      }),
      200,
    );
    expect(australian.description).toBe('Every month on the second Tuesday, until Fri, 31 Dec 2027');
    const far = await json(
      await apiAs(t, user.cookie).post('/visit-series/preview', {
        json: { startsAt: '2030-01-07T09:00:00Z', timeZone: 'UTC', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH' },
      }),
      200,
    );
    expect(far.occurrences).toHaveLength(10);
    expect(far.occurrences.slice(0, 3)).toEqual([
      '2030-01-07T09:00:00.000Z',
      '2030-01-10T09:00:00.000Z',
      '2030-01-21T09:00:00.000Z',
    ]);
    expect(far.description).toBe('Every 2 weeks on Monday and Thursday');
    const tooMany = await apiAs(t, user.cookie).post('/visit-series/preview', {
      json: { startsAt: '2030-01-07T09:00:00Z', timeZone: 'UTC', rrule: 'FREQ=DAILY', count: 51 },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('an outsider', () => {
  it('gets 404 on the series and on its occurrences, and changes nothing', async () => {
    const owner = await createUser(t);
    const outsider = await createUser(t);
    const property = await createProperty(t, owner);
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    const id = made.series.id;
    const first = made.occurrences[0]!.id;
    for (const [method, url] of [
      ['GET', `/api/visit-series/${id}`],
      ['PATCH', `/api/visit-series/${id}`],
      ['PATCH', `/api/visit-series/${id}?from=${first}`],
      ['DELETE', `/api/visit-series/${id}`],
      ['DELETE', `/api/visit-series/${id}?from=${first}`],
    ] as const) {
      const error = await refusal(
        await t.request(url, {
          method,
          cookie: outsider.cookie,
          body: method === 'PATCH' ? { rrule: 'FREQ=DAILY;COUNT=1' } : undefined,
        }),
        404,
      );
      expect(error.error.message).toBe(SERIES_MESSAGES.notFound);
    }
    expect((await apiAs(t, outsider.cookie).get('/visits/:id', { param: { id: first } })).status).toBe(404);
    const list = await json(
      await apiAs(t, outsider.cookie).get('/visits', { query: { propertyId: property.id } }),
      200,
    );
    expect(list.total).toBe(0);
    expect(await seriesVisits(id)).toHaveLength(3);
    expect((await t.request('/api/visit-series/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);
  });
});

/** A daily series of 10 from tomorrow with task `a`; occurrence 7 completed, 8 invoiced. */
async function seriesWithHistory() {
  const owner = await createUser(t);
  const property = await createProperty(t, owner);
  const a = await createTask(t, owner, { name: 'Task A' });
  const b = await createTask(t, owner, { name: 'Task B' });
  const made = await makeSeries(owner, {
    propertyId: property.id,
    startsAt: tomorrow().toISOString(),
    rrule: 'FREQ=DAILY;COUNT=10',
    taskIds: [a.id],
  });
  const occurrences = made.occurrences;
  await complete(occurrences[6]!.id);
  await invoice(property.id, occurrences[7]!.id);
  return { owner, property, a, b, series: made.series, occurrences };
}

describe('editing a series', () => {
  it('all visits: remakes the scheduled ones from the new rule, leaves completed and invoiced ones alone', async () => {
    const { owner, a, b, series, occurrences } = await seriesWithHistory();
    const updated = await json(
      await apiAs(t, owner.cookie).patch('/visit-series/:id', {
        param: { id: series.id },
        json: { taskIds: [b.id], rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=5' },
      }),
      200,
    );
    expect(updated.series).toMatchObject({ id: series.id, rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=5', taskIds: [b.id] });
    expect(updated.series.description).toBe('Every 2 days, 5 times');
    const rows = await seriesVisits(series.id);
    const start = new Date(series.startsAt).getTime();
    // Days 0, 2, 4, 8 are remade; day 6 (the completed one) stays and is not made twice; day 7 (invoiced) stays.
    expect(rows.map((row) => (row.occurrenceAt!.getTime() - start) / DAY)).toEqual([0, 2, 4, 6, 7, 8]);
    const completed = rows.find((row) => row.id === occurrences[6]!.id)!;
    expect(completed.status).toBe('completed');
    expect(await taskIdsOf(completed.id)).toEqual([a.id]);
    expect(await taskIdsOf(occurrences[7]!.id)).toEqual([a.id]);
    for (const row of rows.filter((row) => row.status === 'scheduled' && row.id !== occurrences[7]!.id)) {
      expect(await taskIdsOf(row.id)).toEqual([b.id]);
    }
    expect(updated.occurrences.map((visit) => visit.id).sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('this and following: splits the series; the old one ends before, the new one carries the change', async () => {
    const { owner, a, b, series, occurrences } = await seriesWithHistory();
    const fifth = occurrences[4]!;
    const updated = await json(
      await apiAs(t, owner.cookie).patch('/visit-series/:id', {
        param: { id: series.id },
        query: { from: fifth.id },
        json: { taskIds: [b.id] },
      }),
      200,
    );
    expect(updated.series.id).not.toBe(series.id);
    // The six occurrences left of COUNT=10 go on in the new series.
    expect(updated.series).toMatchObject({ startsAt: fifth.scheduledAt, rrule: 'FREQ=DAILY;COUNT=6', taskIds: [b.id] });
    const old = await json(await apiAs(t, owner.cookie).get('/visit-series/:id', { param: { id: series.id } }), 200);
    expect(old.rrule).toMatch(/^FREQ=DAILY;UNTIL=\d{8}T\d{6}Z$/);

    const before = await seriesVisits(series.id);
    expect(before.map((row) => row.id)).toEqual(occurrences.slice(0, 4).map((visit) => visit.id));
    for (const row of before) expect(await taskIdsOf(row.id)).toEqual([a.id]);

    const after = await seriesVisits(updated.series.id);
    expect(after.map((row) => row.occurrenceAt!.toISOString())).toEqual(
      occurrences.slice(4).map((visit) => visit.scheduledAt),
    );
    // The completed and the invoiced occurrences are the same visits, untouched, now in the new series.
    expect(after[2]!.id).toBe(occurrences[6]!.id);
    expect(after[3]!.id).toBe(occurrences[7]!.id);
    expect(await taskIdsOf(occurrences[6]!.id)).toEqual([a.id]);
    expect(await taskIdsOf(occurrences[7]!.id)).toEqual([a.id]);
    expect(await taskIdsOf(after[0]!.id)).toEqual([b.id]);
    expect(await taskIdsOf(after[5]!.id)).toEqual([b.id]);
  });

  it('this and following from the first occurrence changes the whole series', async () => {
    const { owner, series, occurrences } = await seriesWithHistory();
    const updated = await json(
      await apiAs(t, owner.cookie).patch('/visit-series/:id', {
        param: { id: series.id },
        query: { from: occurrences[0]!.id },
        json: { rrule: 'FREQ=DAILY;COUNT=3' },
      }),
      200,
    );
    expect(updated.series.id).toBe(series.id);
    expect((await seriesVisits(series.id)).map((row) => row.status)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      'completed',
      'scheduled',
    ]);
  });

  it('refuses a from that is not an occurrence of the series, and a bad new rule', async () => {
    const { owner, series, property } = await seriesWithHistory();
    const other = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=DAILY;COUNT=2',
    });
    const wrongFrom = await apiAs(t, owner.cookie).patch('/visit-series/:id', {
      param: { id: series.id },
      query: { from: other.occurrences[1]!.id },
      json: { taskIds: [] },
    });
    expect(wrongFrom.status).toBe(404);
    const bad = await refusal(
      await apiAs(t, owner.cookie).patch('/visit-series/:id', {
        param: { id: series.id },
        json: { rrule: 'FREQ=MINUTELY' },
      }),
      400,
    );
    expect(bad.error.message).toBe(SERIES_MESSAGES.rruleInvalid);
    expect(await seriesVisits(series.id)).toHaveLength(10);
  });
});

describe('deleting a series', () => {
  it('this and following: deletes the scheduled ones from there, keeps the completed and invoiced ones', async () => {
    const { owner, series, occurrences } = await seriesWithHistory();
    const response = await apiAs(t, owner.cookie).del('/visit-series/:id', {
      param: { id: series.id },
      query: { from: occurrences[4]!.id },
    });
    expect(response.status).toBe(204);
    expect((await seriesVisits(series.id)).map((row) => row.id)).toEqual([
      ...occurrences.slice(0, 4).map((visit) => visit.id),
      occurrences[6]!.id,
      occurrences[7]!.id,
    ]);
    const old = await json(await apiAs(t, owner.cookie).get('/visit-series/:id', { param: { id: series.id } }), 200);
    expect(old.rrule).toContain('UNTIL=');
    expect(old.description).toMatch(/^Every day, until \w{3}, \w{3} \d+, \d{4}$/);
  });

  it('all: deletes the series and its scheduled visits; completed and invoiced ones stay as plain visits', async () => {
    const { owner, series, occurrences } = await seriesWithHistory();
    const response = await apiAs(t, owner.cookie).del('/visit-series/:id', { param: { id: series.id } });
    expect(response.status).toBe(204);
    expect((await apiAs(t, owner.cookie).get('/visit-series/:id', { param: { id: series.id } })).status).toBe(404);
    const left = await t.db
      .select({ id: visits.id, seriesId: visits.seriesId })
      .from(visits)
      .where(eq(visits.propertyId, occurrences[0]!.propertyId));
    expect(left.map((row) => row.id).sort()).toEqual([occurrences[6]!.id, occurrences[7]!.id].sort());
    expect(left.every((row) => row.seriesId === null)).toBe(true);
  });
});

describe('one occurrence ("This visit")', () => {
  it('is moved and deleted with the visit endpoints, and the horizon job does not make it again', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=WEEKLY',
    });
    const [first, second] = made.occurrences;
    const movedTo = new Date(new Date(first!.scheduledAt).getTime() + 3 * 3600_000).toISOString();
    const moved = await json(
      await apiAs(t, owner.cookie).patch('/visits/:id', { param: { id: first!.id }, json: { scheduledAt: movedTo } }),
      200,
    );
    expect(moved).toMatchObject({ scheduledAt: movedTo, seriesId: made.series.id });
    expect((await apiAs(t, owner.cookie).del('/visits/:id', { param: { id: second!.id } })).status).toBe(204);

    await extendSeriesHorizon(t.db, new Date(Date.now() + 14 * DAY));
    const rows = await seriesVisits(made.series.id);
    expect(rows.filter((row) => row.occurrenceAt!.toISOString() === first!.scheduledAt)).toHaveLength(1);
    expect(rows.some((row) => row.occurrenceAt!.toISOString() === second!.scheduledAt)).toBe(false);
    expect(rows).toHaveLength(made.occurrences.length - 1 + 2);
  });
});

describe('the horizon job', () => {
  it('extends every series to now + 90 days; two runs at once make no duplicates', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const task = await createTask(t, owner);
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=DAILY',
      taskIds: [task.id],
    });
    const later = new Date(Date.now() + 30 * DAY);
    await Promise.all([extendSeriesHorizon(t.db, later), extendSeriesHorizon(t.db, later)]);
    const rows = await seriesVisits(made.series.id);
    const instants = rows.map((row) => row.occurrenceAt!.getTime());
    expect(new Set(instants).size).toBe(instants.length);
    expect(rows.length).toBeGreaterThanOrEqual(made.occurrences.length + 29);
    expect(rows.length).toBeLessThanOrEqual(made.occurrences.length + 31);
    const last = rows[rows.length - 1]!;
    expect(last.occurrenceAt!.getTime()).toBeLessThan(later.getTime() + 90 * DAY);
    expect(last.occurrenceAt!.getTime()).toBeGreaterThan(later.getTime() + 89 * DAY);
    // The new occurrences have their lead and tasks too.
    expect(await taskIdsOf(last.id)).toEqual([task.id]);
    const lead = await t.db.select().from(visitUsers).where(eq(visitUsers.visitId, last.id));
    expect(lead).toEqual([expect.objectContaining({ userId: owner.id, role: 'lead' })]);
    const [series] = await t.db.select().from(visitSeries).where(eq(visitSeries.id, made.series.id));
    expect(series!.generatedUntil!.getTime()).toBe(later.getTime() + 90 * DAY);
    // Again: nothing more to make.
    expect(await extendSeriesHorizon(t.db, later)).toBe(0);
    expect(await seriesVisits(made.series.id)).toHaveLength(rows.length);
  });
  it('runs at server start (startSeriesHorizonJob) and stops with the function it returns', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=DAILY',
    });
    // As if the server had been down: occurrences exist only up to the fourth.
    const cut = new Date(made.occurrences[3]!.scheduledAt);
    await t.db.delete(visits).where(and(eq(visits.seriesId, made.series.id), gte(visits.occurrenceAt, cut)));
    await t.db.update(visitSeries).set({ generatedUntil: cut }).where(eq(visitSeries.id, made.series.id));
    const stop = startSeriesHorizonJob(t.db, 60 * 60_000);
    try {
      await vi.waitFor(async () => expect(await seriesVisits(made.series.id)).toHaveLength(made.occurrences.length), {
        timeout: 10_000,
      });
    } finally {
      stop();
    }
  });
});

describe('GET /api/visits with from, to and userId', () => {
  it('lists the visits scheduled in [from, to), soonest first, with their seriesId, by person', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    await addMember(t, owner.workspaceId, tech, 'manager');
    const property = await createProperty(t, owner);
    const made = await makeSeries(owner, {
      propertyId: property.id,
      startsAt: tomorrow().toISOString(),
      rrule: 'FREQ=DAILY;COUNT=6',
    });
    const from = made.occurrences[1]!.scheduledAt;
    const to = made.occurrences[4]!.scheduledAt;
    const query = { propertyId: property.id, from, to };
    const page = await json(await apiAs(t, owner.cookie).get('/visits', { query: { ...query, limit: 500 } }), 200);
    expect(page.total).toBe(3);
    expect(page.items.map((visit) => visit.id)).toEqual(made.occurrences.slice(1, 4).map((visit) => visit.id));
    expect(page.items.every((visit) => visit.seriesId === made.series.id)).toBe(true);

    const mine = await json(await apiAs(t, tech.cookie).get('/visits', { query: { ...query, userId: owner.id } }), 200);
    expect(mine.total).toBe(3);
    const techs = await json(await apiAs(t, tech.cookie).get('/visits', { query: { ...query, userId: tech.id } }), 200);
    expect(techs.total).toBe(0);

    expect((await apiAs(t, owner.cookie).get('/visits', { query: { limit: 500 } })).status).toBe(400);
    expect((await apiAs(t, owner.cookie).get('/visits', { query: { ...query, limit: 501 } })).status).toBe(400);
    expect((await apiAs(t, owner.cookie).get('/visits', { query: { from } })).status).toBe(400);
  });

  it('refuses from and to outside the years 1–9999 with 400, as scheduledAt (they were a 500)', async () => {
    const owner = await createUser(t);
    const window = (from: string, to: string) => apiAs(t, owner.cookie).get('/visits', { query: { from, to } });
    const early = await refusal(await window('0000-01-01T00:00:00Z', '2030-01-01T00:00:00Z'), 400);
    expect(early.error.fields).toMatchObject({ from: 'From must be a date and time' });
    // In range as written, year 10000 in UTC.
    const late = await refusal(await window('2030-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00'), 400);
    expect(late.error.fields).toMatchObject({ to: 'To must be a date and time' });
    await json(await window('0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'), 200);
  });
});
