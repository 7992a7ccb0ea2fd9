import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits, visitTasks } from '../../src/server/db/schema';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { addVisitTask, createProperty, createTask, createUser, createVisit, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

// Visits and visit tasks carry a version. A write that names the version it saw
// changes the record only if that is still the current one; otherwise 409 with the record as
// it is now, so the phone can show both and let the worker choose. Nothing is overwritten silently.

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;
let taskId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Conflict Court' }, [tech])).id;
  taskId = (await createTask(t, owner, { name: 'Bleed radiators' })).id;
});
afterAll(async () => {
  await t.close();
});

const patchVisit = (user: TestUser, id: string, body: Record<string, unknown>) =>
  apiAs(t, user.cookie).patch('/visits/:id', { param: { id }, json: body });
const patchTask = (user: TestUser, param: { id: string; taskId: string }, body: Record<string, unknown>) =>
  apiAs(t, user.cookie).patch('/visits/:id/tasks/:taskId', { param, json: body });

describe('a visit', () => {
  it('takes a write naming the current version, and bumps it', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const started = await json(await patchVisit(tech, visit.id, { status: 'in_progress', version: 1 }), 200);
    expect(started).toMatchObject({ status: 'in_progress', version: 2 });
    const moved = await json(
      await patchVisit(owner, visit.id, { scheduledAt: '2031-05-06T08:00:00.000Z', version: 2 }),
      200,
    );
    expect(moved).toMatchObject({ version: 3, scheduledAt: '2031-05-06T08:00:00.000Z' });
  });

  it('refuses a stale version with 409, the current visit, and changes nothing', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    // Someone else completes it first.
    await json(await patchVisit(owner, visit.id, { status: 'completed' }), 200);
    const response = await patchVisit(tech, visit.id, { status: 'in_progress', version: 1 });
    const body = await refusal(response, 409);
    expect(body.error).toMatchObject({ code: 'CONFLICT', message: 'Changed by someone else' });
    const current = body.error.current as VisitDetailDto;
    expect(current).toMatchObject({ id: visit.id, status: 'completed', version: 2, myRole: 'lead' });
    expect(current.tasks).toEqual([]);
    // Completed, it is locked: a technician can no longer change it.
    expect(current.can).toMatchObject({ changeStatus: false, tickTasks: false, edit: false, reopen: false });
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row).toMatchObject({ status: 'completed', version: 2, startedAt: null });
  });

  it('answers a version-only write with the visit when current, 409 when not', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    expect(await json(await patchVisit(tech, visit.id, { version: 1 }), 200)).toMatchObject({ version: 1 });
    const stale = await refusal(await patchVisit(tech, visit.id, { version: 7 }), 409);
    expect(stale.error.current).toMatchObject({ id: visit.id, version: 1 });
    // Not a version at all: 400, as any bad input.
    for (const version of [0, 1.5, 2 ** 31, '1']) {
      expect((await patchVisit(tech, visit.id, { version })).status).toBe(400);
    }
  });

  it('without a version, writes as before: last one wins, each bumps the version', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    await json(await patchVisit(owner, visit.id, { status: 'in_progress' }), 200);
    const done = await json(await patchVisit(tech, visit.id, { status: 'completed' }), 200);
    expect(done).toMatchObject({ status: 'completed', version: 3 });
  });

  it('still answers 404 to whoever cannot see the visit, version or not', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const response = await patchVisit(stranger, visit.id, { status: 'completed', version: 5 });
    expect(response.status).toBe(404);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row).toMatchObject({ status: 'scheduled', version: 1 });
  });
});

describe('a visit task', () => {
  it('takes a tick naming the current version, and bumps it; a stale one is 409 with the current task', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const task = await addVisitTask(t, visit.id, taskId);
    const ids = { id: visit.id, taskId: task.id };
    const ticked = await json(await patchTask(tech, ids, { status: 'completed', version: 1 }), 200);
    expect(ticked).toMatchObject({ status: 'completed', version: 2, name: 'Bleed radiators' });
    expect(ticked.completedAt).not.toBeNull();

    // The owner, who saw version 1, writes a note on it: refused, the tick stays.
    const body = await refusal(await patchTask(owner, ids, { notes: 'Skip this one', version: 1 }), 409);
    expect(body.error).toMatchObject({ code: 'CONFLICT', message: 'Changed by someone else' });
    // The same task, as the owner sees it (a technician sees no price).
    expect(body.error.current).toEqual({ ...ticked, price: 5000 });
    const [row] = await t.db.select().from(visitTasks).where(eq(visitTasks.id, task.id));
    expect(row).toMatchObject({ status: 'completed', notes: null, version: 2 });

    // Keeping theirs: the same write again with the version they were shown.
    const kept = await json(await patchTask(owner, ids, { notes: 'Skip this one', version: 2 }), 200);
    expect(kept).toMatchObject({ status: 'completed', notes: 'Skip this one', version: 3 });
  });

  it('answers a version-only write with the task when current, 409 when not', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const task = await addVisitTask(t, visit.id, taskId);
    const ids = { id: visit.id, taskId: task.id };
    expect(await json(await patchTask(tech, ids, { version: 1 }), 200)).toMatchObject({ version: 1 });
    expect((await refusal(await patchTask(tech, ids, { version: 2 }), 409)).error.current).toMatchObject({
      id: task.id,
      version: 1,
    });
  });

  it('without a version, writes as before and bumps the version', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const task = await addVisitTask(t, visit.id, taskId);
    const ids = { id: visit.id, taskId: task.id };
    await json(await patchTask(tech, ids, { status: 'completed' }), 200);
    expect(await json(await patchTask(owner, ids, { status: 'pending' }), 200)).toMatchObject({
      status: 'pending',
      completedAt: null,
      version: 3,
    });
  });

  it('answers 404 for a task that is not on the visit, version or not', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const other = await createVisit(t, propertyId, { lead: tech });
    const task = await addVisitTask(t, other.id, taskId);
    const response = await patchTask(tech, { id: visit.id, taskId: task.id }, { status: 'completed', version: 1 });
    expect((await refusal(response, 404)).error.current).toBeUndefined();
  });
});
