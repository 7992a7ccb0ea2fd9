import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/server/db/schema';
import {
  addMember,
  addVisitTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// The time report per template: the median of actual minutes over the last 90 days.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let technician: TestUser;
let other: TestUser;
const ids = { alarm: '', boiler: '', idle: '', foreign: '' };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A visit at the property started at `startedAt`, its tasks completed `after` minutes from then. */
async function startedVisit(
  propertyId: string,
  startedAt: Date | null,
  done: { taskId: string; after: number; status?: 'completed' | 'pending' }[],
) {
  const visit = await createVisit(t, propertyId, { status: 'completed', scheduledAt: startedAt ?? ago(DAY) });
  await t.db.update(visits).set({ startedAt }).where(eq(visits.id, visit.id));
  const base = (startedAt ?? ago(DAY)).getTime();
  for (const task of done) {
    const status = task.status ?? 'completed';
    await addVisitTask(t, visit.id, task.taskId, {
      status,
      completedAt: status === 'completed' ? new Date(base + task.after * MINUTE) : null,
    });
  }
  return visit;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  manager = await createUser(t);
  technician = await createUser(t);
  other = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  const property = await createProperty(t, owner, {}, [technician]);
  ids.alarm = (await createTask(t, owner, { name: 'Alarm test', estimatedDurationMinutes: 20 })).id;
  ids.boiler = (await createTask(t, owner, { name: 'boiler check', estimatedDurationMinutes: 10 })).id;
  ids.idle = (await createTask(t, owner, { name: 'Idle template' })).id;

  // Alarm: 10, 20 and 60 minutes → median 20. Boiler: 15 (after the alarm on the same visit) and 30 → 22.5.
  await startedVisit(property.id, ago(2 * 60 * MINUTE), [
    { taskId: ids.alarm, after: 10 },
    { taskId: ids.boiler, after: 25 },
  ]);
  await startedVisit(property.id, ago(DAY), [{ taskId: ids.alarm, after: 20 }]);
  await startedVisit(property.id, ago(2 * DAY), [
    { taskId: ids.alarm, after: 60 },
    { taskId: ids.idle, after: 5, status: 'pending' },
  ]);
  await startedVisit(property.id, ago(3 * DAY), [{ taskId: ids.boiler, after: 30 }]);
  // Never counted: completed 100 days ago, or on a visit that was never started.
  await startedVisit(property.id, ago(100 * DAY), [{ taskId: ids.alarm, after: 500 }]);
  await startedVisit(property.id, null, [{ taskId: ids.boiler, after: 400 }]);

  // Another workspace's rows, one of them using a template of the same name.
  const elsewhere = await createProperty(t, other);
  ids.foreign = (await createTask(t, other, { name: 'Alarm test', estimatedDurationMinutes: 5 })).id;
  await startedVisit(elsewhere.id, ago(DAY), [{ taskId: ids.foreign, after: 600 }]);
});
afterAll(async () => {
  await t.close();
});

const report = (user: TestUser, query: Record<string, number> = {}) =>
  apiAs(t, user.cookie).get('/tasks/time-report', { query });

describe('GET /api/tasks/time-report', () => {
  it('gives each template its median actual minutes over the last 90 days against its estimate', async () => {
    const body = await json(await report(owner), 200);
    expect(body).toEqual({
      items: [
        { taskId: ids.alarm, name: 'Alarm test', estimatedMinutes: 20, measured: 3, medianMinutes: 20 },
        { taskId: ids.boiler, name: 'boiler check', estimatedMinutes: 10, measured: 2, medianMinutes: 22.5 },
      ],
      total: 2,
    });
  });

  it('uses the template’s current estimate', async () => {
    await apiAs(t, owner.cookie).patch('/tasks/:id', {
      param: { id: ids.boiler },
      json: { name: 'boiler check', estimatedDurationMinutes: 25 },
    });
    const body = await json(await report(manager), 200);
    expect(body.items.find((item) => item.taskId === ids.boiler)).toMatchObject({ estimatedMinutes: 25 });
  });

  it('is paginated like every list', async () => {
    const second = await json(await report(owner, { limit: 1, offset: 1 }), 200);
    expect(second).toMatchObject({ items: [{ taskId: ids.boiler }], total: 2 });
    expect(await json(await report(owner, { limit: 1, offset: 5 }), 200)).toEqual({ items: [], total: 2 });
    await json(await report(owner, { limit: 0 }), 400);
  });

  it('never counts another workspace’s tasks', async () => {
    const theirs = await json(await report(other), 200);
    expect(theirs).toEqual({
      items: [{ taskId: ids.foreign, name: 'Alarm test', estimatedMinutes: 5, measured: 1, medianMinutes: 600 }],
      total: 1,
    });
  });

  it('measures from the task completed before, even when that one is older than 90 days', async () => {
    const edge = await createUser(t);
    const property = await createProperty(t, edge);
    const first = (await createTask(t, edge, { name: 'First' })).id;
    const second = (await createTask(t, edge, { name: 'Second' })).id;
    // Started 95 days ago; 'First' done 4 days later (outside the window), 'Second' 2 days after that.
    await startedVisit(property.id, ago(95 * DAY), [
      { taskId: first, after: 4 * 24 * 60 },
      { taskId: second, after: 6 * 24 * 60 },
    ]);
    const body = await json(await report(edge), 200);
    expect(body).toEqual({
      items: [{ taskId: second, name: 'Second', estimatedMinutes: 30, measured: 1, medianMinutes: 2 * 24 * 60 }],
      total: 1,
    });
  });

  it('is refused to a technician (403)', async () => {
    const body = await refusal(await report(technician), 403);
    expect(body.error.message).toBe('Only owners and managers can see the time report');
  });
});
