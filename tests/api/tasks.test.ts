import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyTasks, tasks } from '../../src/server/db/schema';
import { addMember, addPropertyTask, createProperty, createTask, createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown> & { items?: Record<string, unknown>[]; error?: Record<string, unknown> };
const json = async (response: Response) => (await response.json()) as Body;

describe('task templates', () => {
  it('creates a template; empty duration and price are stored as null', async () => {
    const user = await createUser(t);
    const full = await t.request('/api/tasks', {
      cookie: user.cookie,
      body: { name: ' Mow lawn ', description: 'Front and back', estimatedDurationMinutes: 90, defaultPrice: 4550 },
    });
    expect(full.status).toBe(201);
    expect(await json(full)).toMatchObject({
      name: 'Mow lawn',
      description: 'Front and back',
      estimatedDurationMinutes: 90,
      defaultPrice: 4550,
      createdBy: user.id,
      can: { edit: true, delete: true },
    });
    const bare = await json(
      await t.request('/api/tasks', {
        cookie: user.cookie,
        body: { name: 'Check mail', description: '', estimatedDurationMinutes: null, defaultPrice: null },
      }),
    );
    expect(bare).toMatchObject({ description: null, estimatedDurationMinutes: null, defaultPrice: null });
    const [row] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, String(bare.id)));
    expect(row).toMatchObject({ estimatedDurationMinutes: null, defaultPrice: null });
  });

  it('answers the validation messages', async () => {
    const user = await createUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Task name is required'],
      [
        { name: 'x', estimatedDurationMinutes: -1 },
        'estimatedDurationMinutes',
        'Duration must be a whole number of minutes, 0 or more',
      ],
      [
        { name: 'x', estimatedDurationMinutes: 1.5 },
        'estimatedDurationMinutes',
        'Duration must be a whole number of minutes, 0 or more',
      ],
      [{ name: 'x', defaultPrice: -100 }, 'defaultPrice', 'Price must be 0 or more'],
      [{ name: 'x', defaultPrice: 12.5 }, 'defaultPrice', 'Price must be a whole number of cents'],
      [{ name: 'x', defaultPrice: '12.345' }, 'defaultPrice', 'Price must be a whole number of cents'],
    ];
    for (const [body, field, message] of cases) {
      const response = await t.request('/api/tasks', { cookie: user.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error?.fields, JSON.stringify(body)).toMatchObject({ [field]: message });
    }
  });

  it("lists the workspace's catalogue by name, searched, paginated, without deleted ones or other businesses'", async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    await addMember(t, alice.workspaceId, bob, 'manager');
    const outsider = await createUser(t);
    await createTask(t, alice, { name: 'zeta Sweep porch' });
    await createTask(t, bob, {
      name: 'zeta Clean pool',
      description: 'Skim and vacuum',
      workspaceId: alice.workspaceId,
    });
    await createTask(t, alice, { name: 'zeta Air filter' });
    await createTask(t, alice, { name: 'zeta Gone', deletedAt: new Date() });
    await createTask(t, outsider, { name: 'zeta Not ours' });

    const page = await json(await t.request('/api/tasks?q=zeta', { cookie: bob.cookie }));
    expect(page.total).toBe(3);
    expect(page.items!.map((item) => item.name)).toEqual(['zeta Air filter', 'zeta Clean pool', 'zeta Sweep porch']);
    // Owners and managers change the whole catalogue, whoever made a template.
    expect(page.items!.map((item) => (item.can as { edit: boolean }).edit)).toEqual([true, true, true]);
    const byDescription = await json(await t.request('/api/tasks?q=VACUUM', { cookie: alice.cookie }));
    expect(byDescription.items!.map((item) => item.name)).toEqual(['zeta Clean pool']);
    const second = await json(await t.request('/api/tasks?q=zeta&limit=2&offset=2', { cookie: alice.cookie }));
    expect(second).toMatchObject({ total: 3, items: [{ name: 'zeta Sweep porch' }] });
    const theirs = await json(await t.request('/api/tasks?q=zeta', { cookie: outsider.cookie }));
    expect(theirs.items!.map((item) => item.name)).toEqual(['zeta Not ours']);
    expect((await t.request('/api/tasks')).status).toBe(401);
  });

  it('orders by name as a person reads it, whatever the case', async () => {
    const user = await createUser(t);
    for (const name of ['casing Banana', 'casing apple', 'casing Cherry']) await createTask(t, user, { name });
    const page = await json(await t.request('/api/tasks?q=casing', { cookie: user.cookie }));
    expect(page.items!.map((item) => item.name)).toEqual(['casing apple', 'casing Banana', 'casing Cherry']);
  });

  it('says a name is too long, not that it is missing', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/tasks', { cookie: user.cookie, body: { name: 'x'.repeat(101) } });
    expect(response.status).toBe(400);
    expect((await json(response)).error?.fields).toEqual({ name: 'Task name must be at most 100 characters' });
  });

  it('owners and managers edit and delete; a technician reads without prices; another business gets 404', async () => {
    const owner = await createUser(t);
    const manager = await createUser(t);
    const technician = await createUser(t);
    const outsider = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    await addMember(t, owner.workspaceId, manager, 'manager');
    await addMember(t, owner.workspaceId, technician, 'technician');
    const task = await createTask(t, owner, { name: 'Original', defaultPrice: 4200 });
    const url = `/api/tasks/${task.id}`;

    expect(await json(await t.request(url, { cookie: technician.cookie }))).toMatchObject({
      name: 'Original',
      defaultPrice: null,
      can: { edit: false, delete: false, seePrices: false },
    });
    const denied = await t.request(url, { method: 'PATCH', cookie: technician.cookie, body: { name: 'Hijacked' } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({
      error: { message: 'Only owners and managers may change the catalogue' },
    });
    expect((await t.request(url, { method: 'DELETE', cookie: technician.cookie })).status).toBe(403);
    expect((await t.request('/api/tasks', { cookie: technician.cookie, body: { name: 'Mine now' } })).status).toBe(403);
    // A stranger cannot rename another business's template: it is not there for them.
    for (const stranger of [outsider, admin]) {
      expect((await t.request(url, { cookie: stranger.cookie })).status).toBe(404);
      const renamed = await t.request(url, {
        method: 'PATCH',
        cookie: stranger.cookie,
        body: { name: 'Pay by wire to IBAN XX00 EVIL - call 555-0100' },
      });
      expect(renamed.status).toBe(404);
      expect((await t.request(url, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    }
    const [unchanged] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(unchanged).toMatchObject({ name: 'Original', deletedAt: null });

    const byManager = await t.request(url, {
      method: 'PATCH',
      cookie: manager.cookie,
      body: { name: 'Renamed', estimatedDurationMinutes: null, defaultPrice: 1999 },
    });
    expect(await json(byManager)).toMatchObject({
      name: 'Renamed',
      estimatedDurationMinutes: null,
      defaultPrice: 1999,
      can: { edit: true, delete: true, seePrices: true },
    });
    expect((await t.request(url, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
  });

  it('soft-deletes: the row stays, the template leaves lists and lookups, and properties keep their copies', async () => {
    const creator = await createUser(t);
    const task = await createTask(t, creator, { name: 'Soon deleted' });
    const property = await createProperty(t, creator);
    await addPropertyTask(t, property.id, task.id);

    expect((await t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie: creator.cookie })).status).toBe(204);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const lookup = await t.request(`/api/tasks/${task.id}`, { cookie: creator.cookie });
    expect(lookup.status).toBe(404);
    expect(await lookup.json()).toMatchObject({ error: { message: 'Task not found' } });
    const list = await json(await t.request('/api/tasks?q=Soon%20deleted', { cookie: creator.cookie }));
    expect(list).toEqual({ items: [], total: 0 });
    // Deleting a template leaves a property's task list whole: the property keeps its copy.
    const detail = await json(await t.request(`/api/properties/${property.id}`, { cookie: creator.cookie }));
    expect(detail.tasks).toEqual([expect.objectContaining({ name: 'Soon deleted', price: 5000, isActive: true })]);
    const manage = await json(await t.request(`/api/properties/${property.id}/tasks`, { cookie: creator.cookie }));
    expect(manage.total).toBe(1);
    for (const [method, path, body] of [
      ['PATCH', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['GET', '/properties', undefined],
      ['POST', '/assign', { propertyIds: [property.id] }],
    ] as const) {
      const response = await t.request(`/api/tasks/${task.id}${path}`, { method, cookie: creator.cookie, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const user = await createUser(t);
    expect((await t.request('/api/tasks/5e0f5a1e-0000-4000-8000-000000000000', { cookie: user.cookie })).status).toBe(
      404,
    );
    expect((await t.request('/api/tasks/nope', { cookie: user.cookie })).status).toBe(404);
  });
});

describe('assigning a template to properties', () => {
  it('lists the actor’s properties with whether the task is on each, and adds it to several at once', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await addMember(t, owner.workspaceId, other, 'manager');
    const task = await createTask(t, other, { name: 'Shared template', workspaceId: owner.workspaceId });
    const first = await createProperty(t, owner, { name: 'First', createdAt: new Date('2024-01-01') });
    const second = await createProperty(t, owner, { name: 'Second', createdAt: new Date('2024-02-01') });
    const third = await createProperty(t, owner, { name: 'Third', createdAt: new Date('2024-03-01') });
    const removed = await addPropertyTask(t, third.id, task.id, { isActive: false, customPrice: 1 });
    await createProperty(t, await createUser(t), { name: 'Someone else’s' });

    const before = await json(await t.request(`/api/tasks/${task.id}/properties`, { cookie: owner.cookie }));
    expect(before).toEqual({
      total: 3,
      items: [
        { propertyId: third.id, name: 'Third', address: '1 Main St', assigned: false, customPrice: 1 },
        { propertyId: second.id, name: 'Second', address: '1 Main St', assigned: false, customPrice: null },
        { propertyId: first.id, name: 'First', address: '1 Main St', assigned: false, customPrice: null },
      ],
    });

    const assigned = await t.request(`/api/tasks/${task.id}/assign`, {
      cookie: owner.cookie,
      body: { propertyIds: [first.id, third.id], customPrice: 2500 },
    });
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toEqual({ assigned: 2 });
    const rows = await t.db.select().from(propertyTasks).where(eq(propertyTasks.taskId, task.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === removed.id)).toMatchObject({ isActive: true, customPrice: 2500 });
    expect(rows.find((row) => row.propertyId === first.id)).toMatchObject({ isActive: true, customPrice: 2500 });

    // already there: nothing new
    const again = await t.request(`/api/tasks/${task.id}/assign`, {
      cookie: owner.cookie,
      body: { propertyIds: [first.id] },
    });
    expect(await again.json()).toEqual({ assigned: 0 });

    const empty = await t.request(`/api/tasks/${task.id}/assign`, { cookie: owner.cookie, body: { propertyIds: [] } });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error).toMatchObject({ message: 'Please select at least one property' });
  });

  it('refuses, changing nothing, when any property is not visible to the actor', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const task = await createTask(t, stranger);
    const mine = await createProperty(t, stranger);
    const theirs = await createProperty(t, owner);
    const response = await t.request(`/api/tasks/${task.id}/assign`, {
      cookie: stranger.cookie,
      body: { propertyIds: [mine.id, theirs.id] },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: 'Property not found or access denied' } });
    const rows = await t.db.select().from(propertyTasks).where(eq(propertyTasks.taskId, task.id));
    expect(rows).toEqual([]);
    const list = await json(await t.request(`/api/tasks/${task.id}/properties`, { cookie: stranger.cookie }));
    expect(list.items!.map((item) => item.propertyId)).toEqual([mine.id]);
  });
});
