import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits, visitTasks, visitUsers, workspaces } from '../../src/server/db/schema';
import {
  addMember,
  addPropertyTask,
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

// 'Add follow-up': a failed inspection or an out-of-range reading becomes a task on
// the property's next scheduled visit, or on a new visit the next day, linked to the finding.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let technician: TestUser;
let stranger: TestUser;

const DAY = 24 * 3600_000;
const CHLORINE = [{ type: 'reading' as const, unit: 'ppm', min: 1, max: 3 }];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  manager = await createUser(t);
  technician = await createUser(t);
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager', owner);
  await addMember(t, owner.workspaceId, technician, 'technician', owner);
  await t.db.update(workspaces).set({ timeZone: 'UTC' }).where(eq(workspaces.id, owner.workspaceId));
});
afterAll(async () => {
  await t.close();
});

/** A property with a done visit (yesterday 09:30 UTC) whose filter check failed and whose chlorine read 5 ppm. */
async function findings() {
  const property = await createProperty(t, owner, {}, [technician]);
  const filter = await createTask(t, owner, { name: 'Filter check', requirements: [{ type: 'pass_fail' }] });
  const chlorine = await createTask(t, owner, { name: 'Chlorine', requirements: CHLORINE });
  const tidy = await createTask(t, owner, { name: 'Tidy up' });
  const yesterday = new Date(Date.now() - DAY);
  yesterday.setUTCHours(9, 30, 0, 0);
  const visit = await createVisit(t, property.id, {
    lead: technician,
    assistants: [manager],
    status: 'completed',
    scheduledAt: yesterday,
  });
  const failed = await addVisitTask(t, visit.id, filter.id, {
    status: 'completed',
    result: 'fail',
    completedAt: yesterday,
  });
  const high = await addVisitTask(t, visit.id, chlorine.id, {
    status: 'completed',
    reading: 5,
    completedAt: yesterday,
  });
  const passed = await addVisitTask(t, visit.id, tidy.id, { status: 'completed', completedAt: yesterday });
  return { property, visit, failed, high, passed, filter, chlorine, yesterday };
}

const dayText = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const followUp = (user: TestUser, visitId: string, taskId: string, target: string, more: object = {}) =>
  apiAs(t, user.cookie).post('/visits/:id/tasks/:taskId/follow-up', {
    param: { id: visitId, taskId },
    json: { target, ...more },
  });

/** The next working day (Mon–Fri) after today in UTC, at 09:30. */
function nextWorkingDayAt930(): Date {
  const day = new Date(Date.now() + DAY);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setTime(day.getTime() + DAY);
  day.setUTCHours(9, 30, 0, 0);
  return day;
}

const taskRow = async (id: string) => (await t.db.select().from(visitTasks).where(eq(visitTasks.id, id)))[0]!;

describe('POST /api/visits/:id/tasks/:taskId/follow-up', () => {
  it('adds the task to the property’s next scheduled visit, linked to the finding, priced as on the property', async () => {
    const { property, visit, failed, filter, yesterday } = await findings();
    await addPropertyTask(t, property.id, filter.id, { customPrice: 1234 });
    // Not the next one: later, cancelled, or in the past.
    const later = await createVisit(t, property.id, { scheduledAt: new Date(Date.now() + 9 * DAY) });
    await createVisit(t, property.id, { scheduledAt: new Date(Date.now() + DAY), status: 'cancelled' });
    await createVisit(t, property.id, { scheduledAt: new Date(Date.now() - 2 * DAY) });
    const next = await createVisit(t, property.id, { scheduledAt: new Date(Date.now() + 3 * DAY) });

    const made = await json(await followUp(owner, visit.id, failed.id, 'next'), 201);
    expect(made.visitId).toBe(next.id);
    expect(made.visitId).not.toBe(later.id);
    expect(await taskRow(made.visitTaskId)).toMatchObject({
      visitId: next.id,
      taskId: filter.id,
      name: 'Filter check',
      status: 'pending',
      price: 1234,
      requirements: [{ type: 'pass_fail' }],
      followUpOf: failed.id,
      notes: `Follow-up: Filter check failed on ${dayText(yesterday)}`,
    });
    // The next visit's details show it as a follow-up.
    const detail = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: next.id } }), 200);
    expect(detail.tasks).toEqual([expect.objectContaining({ id: made.visitTaskId, followUpOf: failed.id })]);
  });

  it('links the task already on the next visit instead, its note first', async () => {
    const { property, visit, high, chlorine, yesterday } = await findings();
    const next = await createVisit(t, property.id, { scheduledAt: new Date(Date.now() + 2 * DAY) });
    const already = await addVisitTask(t, next.id, chlorine.id, { notes: 'Bring the test kit' });

    const made = await json(await followUp(manager, visit.id, high.id, 'next'), 201);
    expect(made).toEqual({ visitId: next.id, visitTaskId: already.id });
    const note = `Follow-up: reading 5 ppm out of range on ${dayText(yesterday)}`;
    expect(await taskRow(already.id)).toMatchObject({ followUpOf: high.id, notes: `${note}\nBring the test kit` });
    // Asked again: the same task, the note not written twice.
    expect(await json(await followUp(owner, visit.id, high.id, 'next'), 201)).toEqual(made);
    expect((await taskRow(already.id)).notes).toBe(`${note}\nBring the test kit`);
    const onNext = await t.db.select().from(visitTasks).where(eq(visitTasks.visitId, next.id));
    expect(onNext).toHaveLength(1);
  });

  it('makes a new visit the next working day at the same time, with the same people and that one task', async () => {
    const { property, visit, failed } = await findings();
    const made = await json(await followUp(owner, visit.id, failed.id, 'new'), 201);
    expect(made.visitId).not.toBe(visit.id);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, made.visitId));
    expect(row).toMatchObject({ propertyId: property.id, status: 'scheduled', scheduledAt: nextWorkingDayAt930() });
    const people = await t.db
      .select({ userId: visitUsers.userId, role: visitUsers.role })
      .from(visitUsers)
      .where(eq(visitUsers.visitId, made.visitId));
    expect(people).toEqual(
      expect.arrayContaining([
        { userId: technician.id, role: 'lead' },
        { userId: manager.id, role: 'assistant' },
      ]),
    );
    expect(people).toHaveLength(2);
    const tasksOnIt = await t.db.select().from(visitTasks).where(eq(visitTasks.visitId, made.visitId));
    expect(tasksOnIt).toEqual([expect.objectContaining({ id: made.visitTaskId, followUpOf: failed.id })]);
  });

  it('makes the new visit at the chosen time with the chosen people', async () => {
    const { visit, failed } = await findings();
    const at = new Date(Date.now() + 5 * DAY);
    at.setUTCHours(14, 15, 0, 0);
    const made = await json(
      await followUp(manager, visit.id, failed.id, 'new', {
        scheduledAt: at.toISOString(),
        assigneeIds: [owner.id],
      }),
      201,
    );
    const [row] = await t.db.select().from(visits).where(eq(visits.id, made.visitId));
    expect(row?.scheduledAt).toEqual(at);
    const people = await t.db
      .select({ userId: visitUsers.userId, role: visitUsers.role })
      .from(visitUsers)
      .where(eq(visitUsers.visitId, made.visitId));
    expect(people).toEqual([{ userId: owner.id, role: 'lead' }]);
  });

  it('refuses a chosen time or people that are not valid, and a technician choosing them', async () => {
    const { visit, failed } = await findings();
    await json(await followUp(owner, visit.id, failed.id, 'new', { scheduledAt: 'tomorrow' }), 400);
    await json(await followUp(owner, visit.id, failed.id, 'new', { assigneeIds: ['not-an-id'] }), 400);
    await json(await followUp(owner, visit.id, failed.id, 'new', { assigneeIds: [stranger.id] }), 400);
    const refused = await refusal(
      await followUp(technician, visit.id, failed.id, 'new', {
        scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
        assigneeIds: [technician.id],
      }),
      403,
    );
    expect(refused.error.message).toBe('Only owners and managers can add a follow-up');
  });

  it('answers 409 for a task without a failed finding', async () => {
    const { visit, passed } = await findings();
    const body = await refusal(await followUp(owner, visit.id, passed.id, 'new'), 409);
    expect(body.error.message).toBe('This task has no failed finding to follow up');
    // A reading within its range is no finding either.
    await t.db.update(visitTasks).set({ reading: 2 }).where(eq(visitTasks.id, passed.id));
    await json(await followUp(owner, visit.id, passed.id, 'next'), 409);
  });

  it('answers 409 when no visit is scheduled at the property', async () => {
    const { visit, failed } = await findings();
    const body = await refusal(await followUp(owner, visit.id, failed.id, 'next'), 409);
    expect(body.error.message).toBe('No visit is scheduled at this property; choose a new visit');
  });

  it('is refused to a technician (403), even on their own visit', async () => {
    const { visit, failed } = await findings();
    const body = await refusal(await followUp(technician, visit.id, failed.id, 'new'), 403);
    expect(body.error.message).toBe('Only owners and managers can add a follow-up');
  });

  it('is 404 for another workspace, and 400 for an unknown target', async () => {
    const { visit, failed } = await findings();
    const body = await refusal(await followUp(stranger, visit.id, failed.id, 'new'), 404);
    expect(body.error.message).toBe('Visit not found');
    const before = await t.db.select().from(visits).where(eq(visits.propertyId, visit.propertyId));
    expect(before).toHaveLength(1);
    const bad = await refusal(await followUp(owner, visit.id, failed.id, 'later'), 400);
    expect(bad.error.fields?.target).toBe('Target must be next or new');
    // A task of another visit: 404.
    const other = await findings();
    await json(await followUp(owner, visit.id, other.failed.id, 'new'), 404);
  });
});
