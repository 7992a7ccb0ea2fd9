import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, visits } from '../../src/server/db/schema';
import { addVisitTask, createProperty, createTask, createUser, createVisit, type TestUser } from '../support/factories';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// A change made offline keeps the time it was made, when that time is plausible: not
// after the server's now (2 minutes of skew are clamped to now), not before the visit (or the
// record a note is on) was made, and for a note never more than 30 days ago. Else the sync time.

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** The answer's time is the server's: between `before` and now (a second of rounding either side). */
function expectServerTime(value: string | null, before: Date) {
  expect(value).not.toBeNull();
  const time = new Date(value!).getTime();
  expect(time).toBeGreaterThanOrEqual(before.getTime() - 1000);
  expect(time).toBeLessThanOrEqual(Date.now() + 1000);
}

/** A visit made two hours ago, with one task (pending unless told), the technician its lead. */
async function visitMadeTwoHoursAgo(taskStatus: 'pending' | 'completed' = 'pending') {
  const property = await createProperty(t, owner, {}, [tech]);
  const visit = await createVisit(t, property.id, { lead: tech, scheduledAt: minutesAgo(150) });
  await t.db
    .update(visits)
    .set({ createdAt: minutesAgo(120) })
    .where(eq(visits.id, visit.id));
  const task = await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { status: taskStatus });
  return { visit, task };
}

const tick = (visitId: string, taskId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  apiAs(t, tech.cookie).patch('/visits/:id/tasks/:taskId', { param: { id: visitId, taskId }, json: body, headers });

describe('a visit task ticked offline', () => {
  it('keeps a plausible time as completedAt', async () => {
    const { visit, task } = await visitMadeTwoHoursAgo();
    const at = minutesAgo(30);
    const done = await json(await tick(visit.id, task.id, { status: 'completed', at: at.toISOString() }), 200);
    expect(done.completedAt).toBe(at.toISOString());
  });

  it('takes the server’s time for a time in the future, within the skew or beyond it', async () => {
    const { visit, task } = await visitMadeTwoHoursAgo();
    for (const ahead of [1, 60]) {
      const before = new Date();
      const at = new Date(Date.now() + ahead * 60_000).toISOString();
      const done = await json(await tick(visit.id, task.id, { status: 'completed', at }), 200);
      expectServerTime(done.completedAt, before);
      await json(await tick(visit.id, task.id, { status: 'pending' }), 200);
    }
  });

  it('takes the server’s time for a time before the visit was made', async () => {
    const { visit, task } = await visitMadeTwoHoursAgo();
    const before = new Date();
    const at = minutesAgo(180).toISOString();
    const done = await json(await tick(visit.id, task.id, { status: 'completed', at }), 200);
    expectServerTime(done.completedAt, before);
  });

  it('keeps the first stamp when completed again, and refuses a time without its offset', async () => {
    const { visit, task } = await visitMadeTwoHoursAgo();
    const first = minutesAgo(40).toISOString();
    await json(await tick(visit.id, task.id, { status: 'completed', at: first }), 200);
    const again = await json(
      await tick(visit.id, task.id, { status: 'completed', at: minutesAgo(10).toISOString() }),
      200,
    );
    expect(again.completedAt).toBe(first);
    const bad = await refusal(await tick(visit.id, task.id, { status: 'completed', at: '2030-01-01T10:00:00' }), 400);
    expect(bad.error.fields).toMatchObject({ at: 'At must be a date and time with its offset' });
  });

  it('answers a replay (same Idempotency-Key) with the first answer, its time included', async () => {
    const { visit, task } = await visitMadeTwoHoursAgo();
    const body = { status: 'completed', at: minutesAgo(20).toISOString(), version: 1 };
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await json(await tick(visit.id, task.id, body, key), 200);
    const replay = await json(await tick(visit.id, task.id, body, key), 200);
    expect(replay).toEqual(first);
    expect(first).toMatchObject({ completedAt: body.at, version: 2 });
  });
});

describe('a visit completed offline', () => {
  const patch = (visitId: string, body: Record<string, unknown>) =>
    apiAs(t, tech.cookie).patch('/visits/:id', { param: { id: visitId }, json: body });

  it('keeps a plausible time as completedAt (and startedAt), else the server’s', async () => {
    const { visit } = await visitMadeTwoHoursAgo('completed');
    const startedAt = minutesAgo(90).toISOString();
    const completedAt = minutesAgo(30).toISOString();
    expect(await json(await patch(visit.id, { status: 'in_progress', at: startedAt }), 200)).toMatchObject({
      startedAt,
    });
    expect(await json(await patch(visit.id, { status: 'completed', at: completedAt }), 200)).toMatchObject({
      startedAt,
      completedAt,
    });

    const other = (await visitMadeTwoHoursAgo('completed')).visit;
    const before = new Date();
    const early = await json(await patch(other.id, { status: 'completed', at: minutesAgo(121).toISOString() }), 200);
    expectServerTime(early.completedAt, before);
    const third = (await visitMadeTwoHoursAgo('completed')).visit;
    const future = await json(
      await patch(third.id, { status: 'completed', at: new Date(Date.now() + 3600_000).toISOString() }),
      200,
    );
    expectServerTime(future.completedAt, before);
  });
});

describe('a note written offline', () => {
  const post = (body: Record<string, unknown>) => apiAs(t, owner.cookie).post('/notes', { json: body });

  it('keeps a plausible time as createdAt, unedited; else the server’s time', async () => {
    const property = await createProperty(t, owner);
    await t.db
      .update(properties)
      .set({ createdAt: minutesAgo(3 * 24 * 60) })
      .where(eq(properties.id, property.id));
    const on = { attachableType: 'property', attachableId: property.id };

    const at = minutesAgo(24 * 60).toISOString();
    const kept = await json(await post({ ...on, content: 'Gate code changed', at }), 201);
    expect(kept).toMatchObject({ createdAt: at, edited: false });

    const before = new Date();
    const beforeProperty = await json(
      await post({ ...on, content: 'Too early', at: minutesAgo(4 * 24 * 60).toISOString() }),
      201,
    );
    expectServerTime(beforeProperty.createdAt, before);
    expect(beforeProperty.edited).toBe(false);
    const future = await json(
      await post({ ...on, content: 'Too late', at: new Date(Date.now() + 10 * 60_000).toISOString() }),
      201,
    );
    expectServerTime(future.createdAt, before);
  });

  it('is never older than 30 days, standalone or not', async () => {
    const standalone = { attachableType: 'property', attachableId: null };
    const at = minutesAgo(29 * 24 * 60).toISOString();
    expect(await json(await post({ ...standalone, content: 'Old but fine', at }), 201)).toMatchObject({
      createdAt: at,
    });
    const before = new Date();
    const tooOld = await json(
      await post({ ...standalone, content: 'Too old', at: minutesAgo(31 * 24 * 60).toISOString() }),
      201,
    );
    expectServerTime(tooOld.createdAt, before);
  });
});
