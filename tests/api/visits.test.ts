import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceVisits, visits, visitTasks, visitUsers, workspaces } from '../../src/server/db/schema';
import { insertVisits } from '../../src/server/modules/visits/visits.service';
import type { VisitListItemDto } from '../../src/shared/schemas/visits';
import {
  billVisit,
  addMember,
  addPropertyTask,
  addVisitTask,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
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

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);

async function postVisit(user: TestUser, body: Record<string, unknown>) {
  return apiAs(t, user.cookie).post('/visits', { json: body });
}

describe('creating a visit', () => {
  it('makes the creator the lead and adds the property’s active tasks as pending, priced custom else default', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const custom = await createTask(t, owner, { name: 'A custom', defaultPrice: 5000 });
    const plain = await createTask(t, owner, { name: 'B plain', defaultPrice: 2500 });
    const inactive = await createTask(t, owner, { name: 'C inactive' });
    const deleted = await createTask(t, owner, { name: 'D deleted', deletedAt: new Date() });
    await addPropertyTask(t, property.id, custom.id, { customPrice: 7550 });
    await addPropertyTask(t, property.id, plain.id);
    await addPropertyTask(t, property.id, inactive.id, { isActive: false });
    await addPropertyTask(t, property.id, deleted.id);

    const scheduledAt = hoursFromNow(48).toISOString();
    const visit = await json(await postVisit(owner, { propertyId: property.id, scheduledAt }), 201);

    expect(visit).toMatchObject({
      propertyId: property.id,
      status: 'scheduled',
      scheduledAt,
      startedAt: null,
      completedAt: null,
      myRole: 'lead',
      can: { edit: true, delete: true, manageTasks: true, managePeople: true, createInvoice: true, seeInvoices: true },
      property: { id: property.id, name: property.name, address: property.address },
      people: [{ userId: owner.id, email: owner.email, role: 'lead' }],
      invoices: [],
    });
    // The property keeps its copy of a template deleted since, so the visit gets it too.
    expect(visit.tasks.map((task) => [task.name, task.price, task.status, task.completedAt])).toEqual([
      ['A custom', 7550, 'pending', null],
      ['B plain', 2500, 'pending', null],
      ['D deleted', 5000, 'pending', null],
    ]);
    const leads = await t.db.select().from(visitUsers).where(eq(visitUsers.visitId, visit.id));
    expect(leads).toEqual([expect.objectContaining({ userId: owner.id, role: 'lead' })]);
  });

  it('adds no tasks when asked not to', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    await addPropertyTask(t, property.id, (await createTask(t, owner)).id);
    const visit = await json(
      await postVisit(owner, { propertyId: property.id, scheduledAt: hoursFromNow(1), addPropertyTasks: false }),
      201,
    );
    expect(visit.tasks).toEqual([]);
  });

  it('refuses a missing property and date with the spec’s messages', async () => {
    const owner = await createUser(t);
    const body = await refusal(await postVisit(owner, {}), 400);
    expect(body.error.fields).toMatchObject({
      propertyId: 'Please select a property',
      scheduledAt: 'Please select a scheduled date and time',
    });
    const bad = await refusal(await postVisit(owner, { propertyId: randomUUID(), scheduledAt: 'not a date' }), 400);
    expect(bad.error.message).toBe('Please select a scheduled date and time');
  });

  it('refuses a property the user cannot see', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const property = await createProperty(t, owner);
    const body = await refusal(
      await postVisit(stranger, { propertyId: property.id, scheduledAt: hoursFromNow(1) }),
      404,
    );
    expect(body.error.message).toBe('Property not found or access denied');
    expect(await t.db.select().from(visits).where(eq(visits.propertyId, property.id))).toEqual([]);
  });

  it('stamps started_at or completed_at when created in progress or completed', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const started = await json(
      await postVisit(owner, { propertyId: property.id, scheduledAt: hoursFromNow(-1), status: 'in_progress' }),
      201,
    );
    expect(started.startedAt).not.toBeNull();
    expect(started.completedAt).toBeNull();
    const done = await json(
      await postVisit(owner, { propertyId: property.id, scheduledAt: hoursFromNow(-1), status: 'completed' }),
      201,
    );
    expect(done.completedAt).not.toBeNull();
  });

  it('leaves no visit and no visit tasks when the lead cannot be inserted (one transaction)', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    await addPropertyTask(t, property.id, (await createTask(t, owner)).id);
    // The visit is inserted, then its lead, which fails on the foreign key: this user id does not exist.
    await expect(
      t.db.transaction((tx) =>
        insertVisits(tx, {
          workspaceId: owner.workspaceId,
          propertyId: property.id,
          visits: [{ scheduledAt: hoursFromNow(5) }],
          assigneeIds: [randomUUID()],
          tasks: 'property',
        }),
      ),
    ).rejects.toThrow();
    expect(await t.db.select().from(visits).where(eq(visits.propertyId, property.id))).toEqual([]);
    const orphanTasks = await t.db
      .select({ id: visitTasks.id })
      .from(visitTasks)
      .innerJoin(visits, eq(visits.id, visitTasks.visitId))
      .where(eq(visits.propertyId, property.id));
    expect(orphanTasks).toEqual([]);
  });
});

describe('bad input answers 400, never 500', () => {
  it('takes only an ISO instant with its offset, in years PostgreSQL can store', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const offset = await json(
      await postVisit(owner, { propertyId: property.id, scheduledAt: '2030-06-15T09:30:00-07:00' }),
      201,
    );
    expect(offset.scheduledAt).toBe('2030-06-15T16:30:00.000Z');

    // No offset would be read in the server's zone; the form sends an instant.
    for (const scheduledAt of [
      '2030-06-15T09:30',
      '1',
      'tomorrow',
      12345,
      '-271821-04-20T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
    ]) {
      const body = await refusal(await postVisit(owner, { propertyId: property.id, scheduledAt }), 400);
      expect(body.error.fields?.scheduledAt, String(scheduledAt)).toBe('Please select a scheduled date and time');
    }
    const visit = await createVisit(t, property.id, { lead: owner });
    const patched = await apiAs(t, owner.cookie).patch('/visits/:id', {
      param: { id: visit.id },
      json: { scheduledAt: '+275760-09-13T00:00:00Z' },
    });
    expect(patched.status).toBe(400);
  });

  it('refuses a price numeric(12,2) cannot hold', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const task = await createTask(t, owner);
    const added = await apiAs(t, owner.cookie).post('/visits/:id/tasks', {
      param: { id: visit.id },
      json: { taskId: task.id, price: 1e15 },
    });
    expect(await refusal(added, 400)).toMatchObject({
      error: { message: 'Price is too large' },
    });
    const row = await addVisitTask(t, visit.id, task.id, { price: 100 });
    const patch = (price: number) =>
      apiAs(t, owner.cookie).patch('/visits/:id/tasks/:taskId', {
        param: { id: visit.id, taskId: row.id },
        json: { price },
      });
    expect((await patch(100_000_000_000)).status).toBe(400);
    expect(await json(await patch(99_999_999_999), 200)).toMatchObject({ price: 99_999_999_999 });
  });
});

describe('visit status (spec §4)', () => {
  it('lets any status be chosen, stamps started_at once and completed_at on completion', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const patch = (body: Record<string, unknown>) =>
      apiAs(t, owner.cookie).patch('/visits/:id', { param: { id: visit.id }, json: body });

    const started = await json(await patch({ status: 'in_progress' }), 200);
    expect(started.status).toBe('in_progress');
    expect(started.startedAt).not.toBeNull();
    expect(started.completedAt).toBeNull();

    const back = await json(await patch({ status: 'scheduled' }), 200);
    expect(back.startedAt).toBe(started.startedAt);

    const again = await json(await patch({ status: 'in_progress' }), 200);
    expect(again.startedAt).toBe(started.startedAt); // only when empty

    const done = await json(await patch({ status: 'completed' }), 200);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    expect(done.startedAt).toBe(started.startedAt);

    const cancelled = await json(await patch({ status: 'cancelled' }), 200);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.completedAt).toBeNull();

    const bad = await refusal(await patch({ status: 'finished' }), 400);
    expect(bad.error.code).toBe('BAD_REQUEST');
  });

  it('completing directly from scheduled stamps completed_at without inventing a start', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const done = await json(
      await apiAs(t, owner.cookie).patch('/visits/:id', { param: { id: visit.id }, json: { status: 'completed' } }),
      200,
    );
    expect(done.completedAt).not.toBeNull();
    expect(done.startedAt).toBeNull();
  });

  it('edits the property and the time; the new property must be visible', async () => {
    const owner = await createUser(t);
    const first = await createProperty(t, owner);
    const second = await createProperty(t, owner);
    const foreign = await createProperty(t, await createUser(t));
    const visit = await createVisit(t, first.id, { lead: owner });
    const scheduledAt = hoursFromNow(72).toISOString();
    const moved = await json(
      await apiAs(t, owner.cookie).patch('/visits/:id', {
        param: { id: visit.id },
        json: { propertyId: second.id, scheduledAt },
      }),
      200,
    );
    expect(moved).toMatchObject({ propertyId: second.id, scheduledAt, property: { name: second.name } });
    const refused = await apiAs(t, owner.cookie).patch('/visits/:id', {
      param: { id: visit.id },
      json: { propertyId: foreign.id },
    });
    expect(refused.status).toBe(404);
  });
});

describe('moving a visit to another property', () => {
  it('moves within the workspace, keeping its people; never to another business (404)', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const outsider = await createUser(t);
    const first = await createProperty(t, owner, {}, [tech]);
    const second = await createProperty(t, owner);
    const theirs = await createProperty(t, outsider);
    const visit = await createVisit(t, first.id, { lead: owner, assistants: [tech] });
    const move = (propertyId: string, user = owner) =>
      apiAs(t, user.cookie).patch('/visits/:id', { param: { id: visit.id }, json: { propertyId } });

    const refused = await refusal(await move(theirs.id), 404);
    expect(refused.error.message).toBe('Property not found or access denied');
    // A technician on the visit does not move it.
    expect((await move(second.id, tech)).status).toBe(403);
    const [unchanged] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(unchanged?.propertyId).toBe(first.id);

    const moved = await json(await move(second.id), 200);
    expect(moved).toMatchObject({ propertyId: second.id });
    expect(moved.people.map((person) => person.userId).sort()).toEqual([owner.id, tech.id].sort());
  });
});

describe('visit tasks', () => {
  it('stamps completed_at on completed and clears it when leaving completed', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const row = await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { price: 1000 });
    const patch = (body: Record<string, unknown>) =>
      apiAs(t, owner.cookie).patch('/visits/:id/tasks/:taskId', {
        param: { id: visit.id, taskId: row.id },
        json: body,
      });

    const working = await json(await patch({ status: 'in_progress' }), 200);
    expect(working).toMatchObject({ status: 'in_progress', completedAt: null });

    const done = await json(await patch({ status: 'completed' }), 200);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();

    const noted = await json(await patch({ notes: '  Gate code 1234 ', status: 'completed' }), 200);
    expect(noted).toMatchObject({ notes: 'Gate code 1234', completedAt: done.completedAt });

    const skipped = await json(await patch({ status: 'skipped' }), 200);
    expect(skipped).toMatchObject({ status: 'skipped', completedAt: null, notes: 'Gate code 1234' });

    const priced = await json(await patch({ price: 1234, notes: '' }), 200);
    expect(priced).toMatchObject({ price: 1234, notes: null });

    expect((await patch({ status: 'done' })).status).toBe(400);
    expect((await patch({ price: -1 })).status).toBe(400);
  });

  it('lets exactly one of two simultaneous adds of the same template land', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const task = await createTask(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const add = () =>
      apiAs(t, owner.cookie).post('/visits/:id/tasks', { param: { id: visit.id }, json: { taskId: task.id } });
    const responses = await Promise.all([add(), add()]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it('adds a template priced custom else default, refuses duplicates and removes it', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const onProperty = await createTask(t, owner, { name: 'On property', defaultPrice: 1000 });
    const catalogue = await createTask(t, owner, { name: 'Catalogue only', defaultPrice: 2000 });
    await addPropertyTask(t, property.id, onProperty.id, { customPrice: 1500 });
    const visit = await createVisit(t, property.id, { lead: owner });
    const add = (body: Record<string, unknown>) =>
      apiAs(t, owner.cookie).post('/visits/:id/tasks', { param: { id: visit.id }, json: body });

    expect(await json(await add({ taskId: onProperty.id }), 201)).toMatchObject({
      name: 'On property',
      price: 1500,
      status: 'pending',
    });
    const own = await json(await add({ taskId: catalogue.id, price: 99 }), 201);
    expect(own.price).toBe(99);
    expect((await add({ taskId: onProperty.id })).status).toBe(409);
    expect((await add({ taskId: randomUUID() })).status).toBe(404);

    const options = await json(
      await apiAs(t, owner.cookie).get('/visits/:id/task-options', {
        param: { id: visit.id },
        query: { scope: 'all', q: 'on' },
      }),
      200,
    );
    expect(options.items.map((option) => [option.name, option.price, option.onProperty, option.onVisit])).toEqual([
      ['Catalogue only', 2000, false, true],
      ['On property', 1500, true, true],
    ]);
    const propertyOnly = await json(
      await apiAs(t, owner.cookie).get('/visits/:id/task-options', {
        param: { id: visit.id },
        query: { scope: 'property' },
      }),
      200,
    );
    expect(propertyOnly.items.map((option) => option.name)).toEqual(['On property']);

    expect(
      (await apiAs(t, owner.cookie).del('/visits/:id/tasks/:taskId', { param: { id: visit.id, taskId: own.id } }))
        .status,
    ).toBe(204);
    const detail = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(detail.tasks.map((task) => task.name)).toEqual(['On property']);
  });

  it('does not reach a task of another visit through this visit', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const other = await createVisit(t, property.id, { lead: owner });
    const row = await addVisitTask(t, other.id, (await createTask(t, owner)).id);
    const response = await apiAs(t, owner.cookie).patch('/visits/:id/tasks/:taskId', {
      param: { id: visit.id, taskId: row.id },
      json: { status: 'completed' },
    });
    expect(await refusal(response, 404)).toMatchObject({
      error: { message: 'Visit task not found' },
    });
  });
});

describe('people on a visit', () => {
  it('lets owners and managers add and remove members of the workspace, and only them', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const outsider = await createUser(t);
    const property = await createProperty(t, owner, {}, [tech]);
    const visit = await createVisit(t, property.id, { lead: owner });

    const candidates = await json(
      await apiAs(t, owner.cookie).get('/visits/:id/candidates', { param: { id: visit.id } }),
      200,
    );
    expect(candidates.items.map((item) => item.userId)).toEqual([tech.id]);

    const add = (user: TestUser, userId: string) =>
      apiAs(t, user.cookie).post('/visits/:id/users', { param: { id: visit.id }, json: { userId } });
    expect(await json(await add(owner, tech.id), 201)).toMatchObject({ userId: tech.id, role: 'assistant' });
    expect((await add(owner, tech.id)).status).toBe(409);
    const refused = await refusal(await add(owner, outsider.id), 400);
    expect(refused.error.message).toBe('Only members of this workspace can be assigned to its visits');

    // The assistant sees the visit but does not decide who is on it.
    expect((await add(tech, owner.id)).status).toBe(403);
    const asAssistant = await json(await apiAs(t, tech.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(asAssistant).toMatchObject({ myRole: 'assistant', can: { managePeople: false } });
    expect(asAssistant.people.map((person) => person.role)).toEqual(['lead', 'assistant']);

    const removeLead = await apiAs(t, owner.cookie).del('/visits/:id/users/:userId', {
      param: { id: visit.id, userId: owner.id },
    });
    expect(removeLead.status).toBe(400);
    const remove = await apiAs(t, owner.cookie).del('/visits/:id/users/:userId', {
      param: { id: visit.id, userId: tech.id },
    });
    expect(remove.status).toBe(204);
    expect(await t.db.select().from(visitUsers).where(eq(visitUsers.visitId, visit.id))).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'lead' }),
    ]);
  });
});

describe('lists', () => {
  it('lists visible visits newest scheduled first, with property and people, filtered and paginated', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const a = await createProperty(t, owner, { name: 'Alpha' }, [tech]);
    const b = await createProperty(t, owner, { name: 'Beta' });
    const hidden = await createProperty(t, await createUser(t));
    const old = await createVisit(t, a.id, { lead: owner, scheduledAt: hoursFromNow(-48), status: 'completed' });
    const soon = await createVisit(t, a.id, { lead: owner, assistants: [tech], scheduledAt: hoursFromNow(2) });
    const later = await createVisit(t, b.id, { lead: owner, scheduledAt: hoursFromNow(30) });
    await createVisit(t, hidden.id, { scheduledAt: hoursFromNow(3) });

    const list = (query: Record<string, string | number> = {}, user = owner) =>
      apiAs(t, user.cookie)
        .get('/visits', { query })
        .then((r) => json(r, 200));

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.id)).toEqual([later.id, soon.id, old.id]);
    expect(all.items[1]).toMatchObject({
      property: { name: 'Alpha', address: a.address },
      people: [
        { userId: owner.id, role: 'lead' },
        { userId: tech.id, role: 'assistant' },
      ],
    });
    expect((await list({ status: 'completed' })).items.map((item) => item.id)).toEqual([old.id]);
    expect((await list({ propertyId: b.id })).items.map((item) => item.id)).toEqual([later.id]);
    const page = await list({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ id: soon.id }] });
    expect((await list({ limit: 1, offset: 9 })).total).toBe(3);
    // The technician sees only the visits they are on.
    expect((await list({}, tech)).items.map((item) => item.id)).toEqual([soon.id]);
  });

  it('when=upcoming|past splits at the start of today in the workspace’s time zone', async () => {
    const owner = await createUser(t);
    // Tokyo keeps UTC+9 all year: today there began at local midnight, 9 hours earlier in UTC.
    await t.db.update(workspaces).set({ timeZone: 'Asia/Tokyo' }).where(eq(workspaces.id, owner.workspaceId));
    const zoneOffset = 9 * 3600_000;
    const startOfToday = new Date(Math.floor((Date.now() + zoneOffset) / 86_400_000) * 86_400_000 - zoneOffset);
    const at = (minutes: number) => new Date(startOfToday.getTime() + minutes * 60_000);
    const property = await createProperty(t, owner);
    const yesterday = await createVisit(t, property.id, { lead: owner, scheduledAt: at(-1) });
    const lastWeek = await createVisit(t, property.id, { lead: owner, scheduledAt: at(-7 * 24 * 60) });
    const thisMorning = await createVisit(t, property.id, { lead: owner, scheduledAt: at(0) });
    const tomorrow = await createVisit(t, property.id, { lead: owner, scheduledAt: at(24 * 60 + 1) });
    const nextWeek = await createVisit(t, property.id, { lead: owner, scheduledAt: at(7 * 24 * 60) });

    const list = (query: Record<string, string | number> = {}) =>
      apiAs(t, owner.cookie)
        .get('/visits', { query })
        .then((r) => json(r, 200));
    const ids = (page: { items: VisitListItemDto[] }) => page.items.map((item) => item.id);

    expect(ids(await list({ when: 'upcoming' }))).toEqual([thisMorning.id, tomorrow.id, nextWeek.id]);
    expect(ids(await list({ when: 'past' }))).toEqual([yesterday.id, lastWeek.id]);
    // Omitted: all, the spec's order (newest scheduled first).
    expect(ids(await list())).toEqual([nextWeek.id, tomorrow.id, thisMorning.id, yesterday.id, lastWeek.id]);
    // Paging and the total are per call.
    expect(await list({ when: 'upcoming', limit: 1, offset: 1 })).toMatchObject({
      total: 3,
      items: [{ id: tomorrow.id }],
    });
    expect(await list({ when: 'past', limit: 1 })).toMatchObject({ total: 2, items: [{ id: yesterday.id }] });
    // The dashboard's 'Today': the workspace's day only, soonest first.
    expect(ids(await list({ when: 'today' }))).toEqual([thisMorning.id]);

    const bad = await refusal(await apiAs(t, owner.cookie).get('/visits', { query: { when: 'soon' } }), 400);
    expect(bad.error.fields).toMatchObject({ when: 'When must be upcoming, past or today' });
  });

  it('upcoming: only visits the user is assigned to, from now on, soonest first, limited', async () => {
    const me = await createUser(t);
    const colleague = await createUser(t);
    const property = await createProperty(t, me, {}, [colleague]);
    const past = await createVisit(t, property.id, { lead: me, scheduledAt: hoursFromNow(-1) });
    const notMine = await createVisit(t, property.id, { lead: colleague, scheduledAt: hoursFromNow(1) });
    const assisting = await createVisit(t, property.id, {
      lead: colleague,
      assistants: [me],
      scheduledAt: hoursFromNow(5),
    });
    // Only what is still to be done.
    const done = await createVisit(t, property.id, { lead: me, scheduledAt: hoursFromNow(2), status: 'completed' });
    const called = await createVisit(t, property.id, { lead: me, scheduledAt: hoursFromNow(3), status: 'cancelled' });
    const leading = [];
    for (const hours of [4, 2, 6, 3, 8, 7]) {
      leading.push(await createVisit(t, property.id, { lead: me, scheduledAt: hoursFromNow(hours) }));
    }

    const upcoming = (query: Record<string, string | number> = {}) =>
      apiAs(t, me.cookie)
        .get('/visits/upcoming', { query })
        .then((r) => json(r, 200));
    const all = await upcoming();
    const expected = [leading[1], leading[3], leading[0], assisting, leading[2], leading[5], leading[4]].map(
      (v) => v!.id,
    );
    expect(all.items.map((item) => item.id)).toEqual(expected);
    expect(all.items.map((item) => item.id)).not.toContain(past.id);
    expect(all.items.map((item) => item.id)).not.toContain(notMine.id);
    expect(all.items.map((item) => item.id)).not.toContain(done.id);
    expect(all.items.map((item) => item.id)).not.toContain(called.id);
    expect(all.items[0]).toMatchObject({ role: 'lead', property: { name: property.name, address: property.address } });
    expect(all.items.find((item) => item.id === assisting.id)?.role).toBe('assistant');

    expect((await upcoming({ limit: 5 })).items.map((item) => item.id)).toEqual(expected.slice(0, 5));
    const times = all.items.map((item) => Date.parse(item.scheduledAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('upcoming defaults to 10', async () => {
    const me = await createUser(t);
    const property = await createProperty(t, me);
    for (let hour = 1; hour <= 12; hour++)
      await createVisit(t, property.id, { lead: me, scheduledAt: hoursFromNow(hour) });
    const body = await json(await apiAs(t, me.cookie).get('/visits/upcoming'), 200);
    expect(body.items).toHaveLength(10);
  });
});

describe('related invoices and deletion', () => {
  it('shows the invoices of the visit with live draft totals; deletes the visit once its invoice is cancelled', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner, status: 'completed' });
    await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { price: 10000, status: 'completed' });
    const invoice = await createInvoiceRow(t, property.id);
    await billVisit(t, invoice.id, visit.id);

    const detail = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(detail.invoices).toEqual([
      { id: invoice.id, invoiceNumber: invoice!.invoiceNumber, status: 'draft', total: 10800, dueDate: null },
    ]);

    const refused = await apiAs(t, owner.cookie).del('/visits/:id', { param: { id: visit.id } });
    expect(refused.status).toBe(409);
    await apiAs(t, owner.cookie).patch('/invoices/:id', { param: { id: invoice.id }, json: { status: 'cancelled' } });
    const deleted = await apiAs(t, owner.cookie).del('/visits/:id', { param: { id: visit.id } });
    expect(deleted.status).toBe(204);
    expect(await t.db.select().from(visits).where(eq(visits.id, visit.id))).toEqual([]);
    expect(await t.db.select().from(invoiceVisits).where(eq(invoiceVisits.visitId, visit.id))).toEqual([]);
    expect((await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } })).status).toBe(404);
  });
});

describe('access: another user gets 404 on every visit endpoint', () => {
  it('answers Visit not found to a stranger and changes nothing', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const task = await createTask(t, owner);
    const row = await addVisitTask(t, visit.id, task.id);
    const base = `/api/visits/${visit.id}`;

    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { status: 'completed' }],
      ['DELETE', base],
      ['GET', `${base}/task-options`],
      ['POST', `${base}/tasks`, { taskId: task.id }],
      ['PATCH', `${base}/tasks/${row.id}`, { status: 'completed' }],
      ['DELETE', `${base}/tasks/${row.id}`],
      ['GET', `${base}/candidates`],
      ['POST', `${base}/users`, { userId: stranger.id }],
      ['DELETE', `${base}/users/${owner.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await t.request(url, { method, body, cookie: stranger.cookie });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await response.json(), `${method} ${url}`).toEqual({
        error: { code: 'NOT_FOUND', message: 'Visit not found' },
      });
    }
    const list = await json(await apiAs(t, stranger.cookie).get('/visits'), 200);
    expect(list).toEqual({ items: [], total: 0 });

    const [still] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(still?.status).toBe('scheduled');
    const [taskRow] = await t.db.select().from(visitTasks).where(eq(visitTasks.id, row.id));
    expect(taskRow?.status).toBe('pending');
  });

  it('hides the visits of a deleted property and answers 404 to a malformed id; an admin sees a business only as its member', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const property = await createProperty(t, owner, { deletedAt: new Date() });
    const visit = await createVisit(t, property.id, { lead: owner });
    expect((await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } })).status).toBe(404);
    expect((await t.request('/api/visits/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);

    const live = await createProperty(t, owner);
    const liveVisit = await createVisit(t, live.id, { lead: owner });
    expect((await apiAs(t, admin.cookie).get('/visits/:id', { param: { id: liveVisit.id } })).status).toBe(404);
    await addMember(t, owner.workspaceId, admin, 'manager');
    const seen = await json(await apiAs(t, admin.cookie).get('/visits/:id', { param: { id: liveVisit.id } }), 200);
    expect(seen).toMatchObject({ myRole: null, can: { managePeople: true, createInvoice: true } });
  });

  it('answers 401 when signed out', async () => {
    const response = await t.request('/api/visits');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { message: 'Not authenticated' } });
  });
});

describe('what the caller may do with a visit (can)', () => {
  it('differs for the owner and a technician on it; only the office sees invoices and prices', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const property = await createProperty(t, owner, {}, [tech]);
    const visit = await createVisit(t, property.id, { lead: tech, assistants: [owner], status: 'completed' });
    await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { price: 5000, status: 'completed' });
    const invoice = await createInvoiceRow(t, property.id);
    await billVisit(t, invoice.id, visit.id);

    const asTech = await json(await apiAs(t, tech.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    // Completed: locked; only the office may take it out of completed.
    expect(asTech.can).toEqual({
      changeStatus: false,
      tickTasks: false,
      edit: false,
      delete: false,
      manageTasks: false,
      managePeople: false,
      reopen: false,
      // 'Complete anyway' and 'Add follow-up' are the office's.
      completeAnyway: false,
      addFollowUp: false,
      createInvoice: false,
      seeInvoices: false,
      seePrices: false,
    });
    expect(asTech.invoices).toEqual([]);
    expect(asTech.tasks.map((task) => task.price)).toEqual([null]);
    expect(JSON.stringify(asTech)).not.toContain(':5400');
    expect(JSON.stringify(asTech)).not.toContain(':5000');

    const asOwner = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(asOwner.can).toMatchObject({
      managePeople: true,
      createInvoice: true,
      seeInvoices: true,
      seePrices: true,
      addFollowUp: true,
    });
    expect(asOwner.invoices).toEqual([expect.objectContaining({ id: invoice.id, total: 5400 })]);
  });
});

describe('a completed visit is locked until the office reopens it', () => {
  it('refuses ticks, notes, task changes and rescheduling with 409; the office still prices; a manager reopens', async () => {
    const owner = await createUser(t);
    const manager = await createUser(t);
    const tech = await createUser(t);
    await addMember(t, owner.workspaceId, manager, 'manager');
    const property = await createProperty(t, owner, {}, [tech]);
    const other = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: tech, status: 'completed' });
    const template = await createTask(t, owner);
    const extra = await createTask(t, owner);
    const task = await addVisitTask(t, visit.id, template.id, { status: 'completed', price: 5000 });
    const url = `/api/visits/${visit.id}`;
    const locked = async (response: Response) =>
      expect((await refusal(response, 409)).error.message).toBe('This visit is completed. Reopen it to make changes.');

    const param = { id: visit.id };
    const asTech = await json(await apiAs(t, tech.cookie).get('/visits/:id', { param }), 200);
    expect(asTech.can).toMatchObject({ tickTasks: false, manageTasks: false, edit: false, reopen: false });
    const asManager = await json(await apiAs(t, manager.cookie).get('/visits/:id', { param }), 200);
    expect(asManager.can).toMatchObject({ tickTasks: false, manageTasks: false, edit: false, reopen: true });

    const patchTask = (user: TestUser, body: Record<string, unknown>) =>
      apiAs(t, user.cookie).patch('/visits/:id/tasks/:taskId', { param: { ...param, taskId: task.id }, json: body });
    await locked(await patchTask(tech, { status: 'pending' }));
    await locked(await patchTask(manager, { status: 'pending' }));
    await locked(await patchTask(tech, { notes: 'late note' }));
    await locked(await t.request(`${url}/tasks`, { cookie: owner.cookie, body: { taskId: extra.id } }));
    await locked(await t.request(`${url}/tasks/${task.id}`, { method: 'DELETE', cookie: owner.cookie }));
    await locked(
      await t.request(url, { method: 'PATCH', cookie: owner.cookie, body: { scheduledAt: hoursFromNow(5) } }),
    );
    await locked(await t.request(url, { method: 'PATCH', cookie: owner.cookie, body: { propertyId: other.id } }));
    const [unchanged] = await t.db.select().from(visitTasks).where(eq(visitTasks.visitId, visit.id));
    expect(unchanged).toMatchObject({ id: task.id, status: 'completed', notes: null });

    // Billing comes after completion: the office may still price a task; a technician never.
    const priced = await json(await patchTask(manager, { price: 6500 }), 200);
    expect(priced).toMatchObject({ price: 6500, status: 'completed' });
    expect((await refusal(await patchTask(tech, { price: 1 }), 403)).error.message).toBe(
      'Technicians do not change prices',
    );

    // A technician cannot reopen; a manager can, and that unlocks it.
    const reopen = (user: TestUser) =>
      apiAs(t, user.cookie).patch('/visits/:id', { param, json: { status: 'in_progress' } });
    expect((await refusal(await reopen(tech), 403)).error.message).toBe(
      'Only owners and managers can reopen a completed visit',
    );
    const reopened = await json(await reopen(manager), 200);
    expect(reopened).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(reopened.can).toMatchObject({ tickTasks: true, manageTasks: true, edit: true, reopen: false });
    expect(await json(await patchTask(tech, { status: 'pending', notes: 'redo' }), 200)).toMatchObject({
      status: 'pending',
      notes: 'redo',
    });
  });

  // Two connections are needed to hold a completion open while the tick arrives: PostgreSQL only.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a tick that arrives while the visit is being completed waits for it, then is refused',
    async () => {
      const owner = await createUser(t);
      const tech = await createUser(t);
      const property = await createProperty(t, owner, {}, [tech]);
      const visit = await createVisit(t, property.id, { lead: tech, status: 'in_progress' });
      const template = await createTask(t, owner);
      const task = await addVisitTask(t, visit.id, template.id, { status: 'completed' });
      let tick: Promise<Response> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.update(visits).set({ status: 'completed' }).where(eq(visits.id, visit.id));
        tick = apiAs(t, tech.cookie).patch('/visits/:id/tasks/:taskId', {
          param: { id: visit.id, taskId: task.id },
          json: { status: 'pending' },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect((await refusal(await tick!, 409)).error.message).toBe(
        'This visit is completed. Reopen it to make changes.',
      );
      const [row] = await t.db.select().from(visitTasks).where(eq(visitTasks.id, task.id));
      expect(row?.status).toBe('completed');
    },
  );

  it('a technician cannot take it out of completed; completing it again changes nothing', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const property = await createProperty(t, owner, {}, [tech]);
    const visit = await createVisit(t, property.id, { lead: tech, status: 'completed' });
    const patch = (body: Record<string, unknown>) =>
      apiAs(t, tech.cookie).patch('/visits/:id', { param: { id: visit.id }, json: body });
    // A replayed completion from a phone: no error, still completed.
    expect(await json(await patch({ status: 'completed' }), 200)).toMatchObject({
      status: 'completed',
    });
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row?.status).toBe('completed');
    expect((await refusal(await patch({ status: 'in_progress' }), 403)).error.message).toBe(
      'Only owners and managers can reopen a completed visit',
    );
  });
});
