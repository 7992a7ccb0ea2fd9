import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, properties, propertyTasks, userProperties, visits, visitTasks } from '../../src/server/db/schema';
import {
  addMember,
  addPropertyTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  memberOf,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Property not found or access denied' } };

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { items?: Record<string, unknown>[] };
}

async function postProperty(user: TestUser, body: Record<string, unknown>) {
  return t.request('/api/properties', { cookie: user.cookie, body });
}

describe('creating and reading properties', () => {
  it('creates a property, links the creator as owner, defaults the country to USA', async () => {
    const owner = await createUser(t);
    const response = await postProperty(owner, { name: '  Elm House ', address: '12 Elm St', city: 'Austin' });
    expect(response.status).toBe(201);
    const created = await json(response);
    expect(created).toMatchObject({
      name: 'Elm House',
      address: '12 Elm St',
      city: 'Austin',
      state: null,
      zipCode: null,
      country: 'USA',
      role: 'owner',
      can: {
        edit: true,
        delete: true,
        manageTasks: true,
        scheduleVisit: true,
        seeInvoices: true,
        seePrices: true,
      },
      tasks: [],
    });
    const links = await t.db
      .select()
      .from(userProperties)
      .where(eq(userProperties.propertyId, String(created.id)));
    expect(links).toEqual([expect.objectContaining({ userId: owner.id, role: 'owner' })]);

    const detail = await json(await t.request(`/api/properties/${created.id}`, { cookie: owner.cookie }));
    expect(detail).toMatchObject({ id: created.id, name: 'Elm House', role: 'owner', country: 'USA' });
    expect(new Date(String(detail.createdAt)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers the spec messages for a missing name or address', async () => {
    const owner = await createUser(t);
    const response = await postProperty(owner, { name: ' ', address: '' });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Property name is required',
      fields: { name: 'Property name is required', address: 'Property address is required' },
    });
    const missing = await json(await postProperty(owner, {}));
    expect(missing.error).toMatchObject({
      fields: { name: 'Property name is required', address: 'Property address is required' },
    });
  });

  it('says a name or address is too long, not that it is missing', async () => {
    const owner = await createUser(t);
    const response = await postProperty(owner, { name: 'n'.repeat(101), address: 'a'.repeat(201) });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatchObject({
      fields: {
        name: 'Property name must be at most 100 characters',
        address: 'Property address must be at most 200 characters',
      },
    });
  });

  it('keeps the property when the owner link fails: nothing is created (one transaction)', async () => {
    const owner = await createUser(t);
    // A member whose user id does not exist: the property insert succeeds, the label's foreign key fails.
    const ghost = { ...(await memberOf(t, owner)), id: '00000000-0000-4000-8000-000000000001' };
    const { createProperty: create } = await import('../../src/server/modules/properties/properties.service');
    const before = await t.db.select().from(properties);
    await expect(
      create(t.db, ghost, {
        name: 'Orphan',
        address: 'Nowhere',
        city: null,
        state: null,
        zipCode: null,
        country: 'USA',
      }),
    ).rejects.toThrow();
    const after = await t.db.select().from(properties);
    expect(after.length).toBe(before.length);
  });

  it('requires sign-in', async () => {
    const response = await t.request('/api/properties');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { message: 'Not authenticated' } });
  });
});

describe('listing properties', () => {
  it("lists the workspace's properties, newest first, with role, paging, search and first photo", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    // A manager of the workspace made this one: the owner's badge is the default, technician.
    await addMember(t, owner.workspaceId, other, 'manager');
    const old = await createProperty(t, owner, {
      name: 'Old Barn',
      address: '1 Farm Rd',
      createdAt: new Date('2024-01-01'),
    });
    const shared = await createProperty(t, other, {
      name: 'Shared Loft',
      address: '5 Oak Ave',
      createdAt: new Date('2024-02-01'),
      workspaceId: owner.workspaceId,
    });
    const recent = await createProperty(t, owner, {
      name: 'New Villa',
      address: '9 Pine Rd',
      zipCode: '78701',
      createdAt: new Date('2024-03-01'),
    });
    await createProperty(t, await createUser(t), { name: 'Not Mine' });

    const page = await json(await t.request('/api/properties', { cookie: owner.cookie }));
    expect(page.total).toBe(3);
    expect(page.items!.map((item) => item.name)).toEqual(['New Villa', 'Shared Loft', 'Old Barn']);
    expect(page.items![0]).toEqual({
      id: recent.id,
      name: 'New Villa',
      address: '9 Pine Rd',
      city: 'Springfield',
      state: null,
      zipCode: '78701',
      country: 'USA',
      createdAt: '2024-03-01T00:00:00.000Z',
      role: 'owner',
      clientId: null,
      clientName: null,
      requireSignature: false,
      sendReportOnComplete: false,
      latitude: null,
      longitude: null,
      can: {
        edit: true,
        delete: true,
        manageTasks: true,
        scheduleVisit: true,
        seeInvoices: true,
        seePrices: true,
        manageClient: true,
      },
      firstPhoto: null,
    });
    expect(page.items![1]).toMatchObject({ id: shared.id, role: null, can: { edit: true, delete: true } });

    const second = await json(await t.request('/api/properties?limit=2&offset=2', { cookie: owner.cookie }));
    expect(second).toMatchObject({ total: 3, items: [{ id: old.id }] });
    const past = await json(await t.request('/api/properties?limit=2&offset=10', { cookie: owner.cookie }));
    expect(past).toEqual({ total: 3, items: [] });

    const byName = await json(await t.request('/api/properties?q=villa', { cookie: owner.cookie }));
    expect(byName.items!.map((item) => item.id)).toEqual([recent.id]);
    const byAddress = await json(await t.request('/api/properties?q=OAK%20AVE', { cookie: owner.cookie }));
    expect(byAddress.items!.map((item) => item.id)).toEqual([shared.id]);
    const wildcard = await json(await t.request('/api/properties?q=%25', { cookie: owner.cookie }));
    expect(wildcard.total).toBe(0);

    // the first photo (the earliest), served by the photos area
    const inserted = await t.db
      .insert(photos)
      .values([
        {
          workspaceId: owner.workspaceId,
          attachableType: 'property',
          attachableId: old.id,
          storagePath: 'later.jpg',
          fileName: 'b.jpg',
          fileSize: 1,
          mimeType: 'image/jpeg',
          uploadedBy: owner.id,
          createdAt: new Date('2024-05-02'),
        },
        {
          workspaceId: owner.workspaceId,
          attachableType: 'property',
          attachableId: old.id,
          storagePath: 'first.jpg',
          thumbnailPath: 'thumbs/first.jpg',
          fileName: 'a.jpg',
          fileSize: 1,
          mimeType: 'image/jpeg',
          uploadedBy: owner.id,
          createdAt: new Date('2024-05-01'),
        },
        {
          workspaceId: owner.workspaceId,
          attachableType: 'task',
          attachableId: recent.id,
          storagePath: 'wrong-type.jpg',
          fileName: 'c.jpg',
          fileSize: 1,
          mimeType: 'image/jpeg',
          uploadedBy: owner.id,
        },
      ])
      .returning({ id: photos.id });
    const first = inserted[1]!.id;
    const withPhotos = await json(await t.request('/api/properties', { cookie: owner.cookie }));
    expect(withPhotos.items!.find((item) => item.id === old.id)?.firstPhoto).toEqual({
      id: first,
      url: `/api/photos/${first}/file`,
      thumbnailUrl: `/api/photos/${first}/thumbnail`,
    });
    expect(withPhotos.items!.find((item) => item.id === recent.id)?.firstPhoto).toBeNull();
    expect(withPhotos.total).toBe(3);
  });

  it('a platform admin sees a business only as its member', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const property = await createProperty(t, owner, { name: 'Seen By Admin' });
    const page = await json(await t.request('/api/properties?q=Seen%20By%20Admin', { cookie: admin.cookie }));
    expect(page.items).toEqual([]);
    expect((await t.request(`/api/properties/${property.id}`, { cookie: admin.cookie })).status).toBe(404);
    await addMember(t, owner.workspaceId, admin, 'manager');
    const detail = await json(await t.request(`/api/properties/${property.id}`, { cookie: admin.cookie }));
    expect(detail).toMatchObject({ role: null, can: { edit: true, delete: true } });
  });

  it('rejects a bad page size', async () => {
    const owner = await createUser(t);
    expect((await t.request('/api/properties?limit=0', { cookie: owner.cookie })).status).toBe(400);
    expect((await t.request('/api/properties?limit=1000', { cookie: owner.cookie })).status).toBe(400);
  });
});

describe('detail with tasks', () => {
  it('lists active tasks only, with custom price else the default, and minutes', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const mow = await createTask(t, owner, { name: 'Mow lawn', defaultPrice: 4000, estimatedDurationMinutes: 90 });
    const rake = await createTask(t, owner, { name: 'Rake leaves', defaultPrice: 2500, estimatedDurationMinutes: 45 });
    const gone = await createTask(t, owner, { name: 'Clean gutters' });
    const deletedTemplate = await createTask(t, owner, { name: 'Deleted template', deletedAt: new Date() });
    const mowLink = await addPropertyTask(t, property.id, mow.id, { customPrice: 3550 });
    await addPropertyTask(t, property.id, rake.id);
    await addPropertyTask(t, property.id, gone.id, { isActive: false });
    await addPropertyTask(t, property.id, deletedTemplate.id);

    const detail = await json(await t.request(`/api/properties/${property.id}`, { cookie: owner.cookie }));
    // Copies, never followed: a task whose template was deleted stays on the property.
    expect(detail.tasks).toEqual([
      expect.objectContaining({ taskId: deletedTemplate.id, name: 'Deleted template' }),
      {
        id: mowLink.id,
        taskId: mow.id,
        name: 'Mow lawn',
        description: null,
        customPrice: 3550,
        defaultPrice: 4000,
        price: 3550,
        estimatedDurationMinutes: 90,
        isActive: true,
      },
      expect.objectContaining({ taskId: rake.id, customPrice: null, defaultPrice: 2500, price: 2500 }),
    ]);
  });

  it('orders the tasks by name whatever the case, on the detail and on Manage Tasks', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    for (const name of ['Weed beds', 'aerate lawn', 'Trim hedge']) {
      const task = await createTask(t, owner, { name });
      await addPropertyTask(t, property.id, task.id);
    }
    const expected = ['aerate lawn', 'Trim hedge', 'Weed beds'];
    const detail = await json(await t.request(`/api/properties/${property.id}`, { cookie: owner.cookie }));
    expect((detail.tasks as { name: string }[]).map((task) => task.name)).toEqual(expected);
    const manage = await json(await t.request(`/api/properties/${property.id}/tasks`, { cookie: owner.cookie }));
    expect(manage.items!.map((task) => task.name)).toEqual(expected);
  });

  it('answers 404 for an unknown id and for a malformed one', async () => {
    const owner = await createUser(t);
    const unknown = await t.request('/api/properties/5e0f5a1e-0000-4000-8000-000000000000', { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(NOT_FOUND);
    expect((await t.request('/api/properties/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets an owner edit, with the same validation', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner, { name: 'Before' });
    const response = await t.request(`/api/properties/${property.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { name: 'After', address: '2 New St', city: '', state: 'TX', zipCode: '78701', country: 'Canada' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'After',
      address: '2 New St',
      city: null,
      state: 'TX',
      country: 'Canada',
    });
    const invalid = await t.request(`/api/properties/${property.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { name: 'After', address: ' ' },
    });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).error).toMatchObject({ message: 'Property address is required' });
  });

  it('soft-deletes: the row stays with deleted_at, and the property disappears everywhere', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const property = await createProperty(t, owner, { name: 'Doomed Cottage' }, [tech]);
    const visit = await createVisit(t, property.id, { lead: tech });
    const otherVisit = await createVisit(t, (await createProperty(t, owner, {}, [tech])).id, { lead: tech });
    const task = await createTask(t, owner);
    await addPropertyTask(t, property.id, task.id);

    const response = await t.request(`/api/properties/${property.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(response.status).toBe(204);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Its visits carry the same mark, which is what the visit lists filter on.
    const marks = await t.db
      .select({ id: visits.id, propertyDeletedAt: visits.propertyDeletedAt })
      .from(visits)
      .where(inArray(visits.id, [visit.id, otherVisit.id]));
    expect(Object.fromEntries(marks.map((mark) => [mark.id, mark.propertyDeletedAt?.getTime() ?? null]))).toEqual({
      [visit.id]: row?.deletedAt?.getTime(),
      [otherVisit.id]: null,
    });
    for (const user of [owner, tech]) {
      const listed = await json(await t.request('/api/visits?limit=100', { cookie: user.cookie }));
      expect(listed.items!.map((item) => item.id)).toEqual([otherVisit.id]);
      expect(listed.total).toBe(1);
      expect((await t.request(`/api/visits/${visit.id}`, { cookie: user.cookie })).status).toBe(404);
    }

    for (const user of [owner, tech, admin]) {
      const list = await json(await t.request('/api/properties?q=Doomed', { cookie: user.cookie }));
      expect(list).toEqual({ items: [], total: 0 });
      for (const path of ['', '/visits', '/tasks']) {
        const lookup = await t.request(`/api/properties/${property.id}${path}`, { cookie: user.cookie });
        expect(lookup.status, `${path} for ${user.email}`).toBe(404);
      }
    }
    const again = await t.request(`/api/properties/${property.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(again.status).toBe(404);
    const assignments = await json(await t.request(`/api/tasks/${task.id}/properties`, { cookie: owner.cookie }));
    expect(assignments.items!.map((item) => item.propertyId)).not.toContain(property.id);
  });
});

describe('access: another user gets 404 on every property endpoint', () => {
  it('answers 404 "Property not found or access denied" and changes nothing', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const property = await createProperty(t, owner, { name: 'Private' });
    const task = await createTask(t, owner);
    const link = await addPropertyTask(t, property.id, task.id);
    const base = `/api/properties/${property.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Hacked', address: 'x' }],
      ['DELETE', base],
      ['GET', `${base}/visits`],
      ['GET', `${base}/tasks`],
      ['POST', `${base}/tasks`, { taskId: task.id }],
      ['PATCH', `${base}/tasks/${link.id}`, { customPrice: 1 }],
      ['DELETE', `${base}/tasks/${link.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await t.request(url, { method, cookie: stranger.cookie, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await response.json(), `${method} ${url}`).toEqual(NOT_FOUND);
    }
    const list = await json(await t.request('/api/properties', { cookie: stranger.cookie }));
    expect(list.items!.map((item) => item.id)).not.toContain(property.id);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row).toMatchObject({ name: 'Private', deletedAt: null });
    const [taskRow] = await t.db.select().from(propertyTasks).where(eq(propertyTasks.id, link.id));
    expect(taskRow).toMatchObject({ isActive: true, customPrice: null });
    const links = await t.db.select().from(userProperties).where(eq(userProperties.propertyId, property.id));
    expect(links).toHaveLength(1);
  });

  it('shows a technician the properties of their visits without prices; they change nothing there (403)', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const property = await createProperty(t, owner, { name: 'Tech Place' }, [tech]);
    const elsewhere = await createProperty(t, owner, { name: 'Tech Elsewhere' });
    const task = await createTask(t, owner, { defaultPrice: 4000 });
    const link = await addPropertyTask(t, property.id, task.id, { customPrice: 4500 });
    const base = `/api/properties/${property.id}`;
    // Not on any of its visits yet: the property is not theirs to see.
    expect((await t.request(base, { cookie: tech.cookie })).status).toBe(404);
    await createVisit(t, property.id, { lead: tech });

    const detail = await json(await t.request(base, { cookie: tech.cookie }));
    expect(detail).toMatchObject({
      name: 'Tech Place',
      role: 'technician',
      can: {
        edit: false,
        delete: false,
        manageTasks: false,
        scheduleVisit: false,
        seeInvoices: false,
        seePrices: false,
      },
      tasks: [{ id: link.id, customPrice: null, defaultPrice: null, price: null }],
    });
    const list = await json(await t.request('/api/properties?q=Tech', { cookie: tech.cookie }));
    expect(list.items).toEqual([expect.objectContaining({ id: property.id, role: 'technician' })]);
    expect((await t.request(`/api/properties/${elsewhere.id}`, { cookie: tech.cookie })).status).toBe(404);

    const spare = await createTask(t, owner);
    const forbidden: [string, string, unknown?][] = [
      ['PATCH', base, { name: 'Mine now', address: 'x' }],
      ['DELETE', base],
      ['POST', `${base}/tasks`, { taskId: spare.id }],
      // A technician may not set a property task's price (to $0.01, say).
      ['PATCH', `${base}/tasks/${link.id}`, { customPrice: 1 }],
      ['DELETE', `${base}/tasks/${link.id}`],
      ['POST', '/api/properties', { name: 'Side job', address: '1 Own St' }],
    ];
    for (const [method, url, body] of forbidden) {
      const response = await t.request(url, { method, cookie: tech.cookie, body });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row).toMatchObject({ name: 'Tech Place', deletedAt: null });
    const [price] = await t.db.select().from(propertyTasks).where(eq(propertyTasks.id, link.id));
    expect(price).toMatchObject({ customPrice: 4500, isActive: true });
  });
});

describe('property tasks (Manage Tasks)', () => {
  it('adds a template with a custom price, changes it, removes it and adds it back', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const task = await createTask(t, owner, { name: 'Wash windows', defaultPrice: 6000, estimatedDurationMinutes: 60 });
    const base = `/api/properties/${property.id}/tasks`;

    const created = await t.request(base, { cookie: owner.cookie, body: { taskId: task.id, customPrice: 7525 } });
    expect(created.status).toBe(201);
    const link = await json(created);
    expect(link).toMatchObject({
      taskId: task.id,
      name: 'Wash windows',
      customPrice: 7525,
      defaultPrice: 6000,
      price: 7525,
      isActive: true,
    });

    const duplicate = await t.request(base, { cookie: owner.cookie, body: { taskId: task.id } });
    expect(duplicate.status).toBe(409);

    const changed = await t.request(`${base}/${link.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { customPrice: null },
    });
    expect(await json(changed)).toMatchObject({ customPrice: null, price: 6000 });

    const removed = await t.request(`${base}/${link.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.status).toBe(204);
    const [row] = await t.db
      .select()
      .from(propertyTasks)
      .where(eq(propertyTasks.id, String(link.id)));
    expect(row?.isActive).toBe(false);
    const detail = await json(await t.request(`/api/properties/${property.id}`, { cookie: owner.cookie }));
    expect(detail.tasks).toEqual([]);
    const all = await json(await t.request(base, { cookie: owner.cookie }));
    expect(all).toMatchObject({ total: 1, items: [{ id: link.id, isActive: false }] });

    const back = await t.request(base, { cookie: owner.cookie, body: { taskId: task.id, customPrice: 100 } });
    expect(back.status).toBe(201);
    expect(await json(back)).toMatchObject({ id: link.id, isActive: true, customPrice: 100, price: 100 });
    const reactivated = await t.request(`${base}/${link.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { isActive: true },
    });
    expect(await json(reactivated)).toMatchObject({ isActive: true });
  });

  it('validates the template and the price', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const task = await createTask(t, owner);
    const deleted = await createTask(t, owner, { deletedAt: new Date() });
    const base = `/api/properties/${property.id}/tasks`;
    const negative = await t.request(base, { cookie: owner.cookie, body: { taskId: task.id, customPrice: -1 } });
    expect(negative.status).toBe(400);
    const fractional = await t.request(base, { cookie: owner.cookie, body: { taskId: task.id, customPrice: 1.5 } });
    expect(fractional.status).toBe(400);
    const missing = await t.request(base, { cookie: owner.cookie, body: {} });
    expect((await json(missing)).error).toMatchObject({ fields: { taskId: 'Please select a task' } });
    const gone = await t.request(base, { cookie: owner.cookie, body: { taskId: deleted.id } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { message: 'Task not found' } });
    const otherProperty = await createProperty(t, owner);
    const foreignLink = await addPropertyTask(t, otherProperty.id, task.id);
    const wrongParent = await t.request(`${base}/${foreignLink.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { customPrice: 5 },
    });
    expect(wrongParent.status).toBe(404);
  });
});

describe('visit history', () => {
  it('lists visits newest first with completed and total task counts', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const other = await createProperty(t, owner);
    const [first, second, third] = [await createTask(t, owner), await createTask(t, owner), await createTask(t, owner)];
    const workspaceId = owner.workspaceId;
    const [older, newer, empty] = await t.db
      .insert(visits)
      .values([
        { workspaceId, propertyId: property.id, scheduledAt: new Date('2025-01-01T10:00:00Z'), status: 'completed' },
        {
          workspaceId,
          propertyId: property.id,
          scheduledAt: new Date('2025-02-01T10:00:00Z'),
          status: 'in_progress',
        },
        { workspaceId, propertyId: property.id, scheduledAt: new Date('2024-12-01T10:00:00Z') },
      ])
      .returning();
    await t.db
      .insert(visits)
      .values({ workspaceId, propertyId: other.id, scheduledAt: new Date('2026-01-01T10:00:00Z') });
    const on = (visitId: string, taskId: string, status: 'completed' | 'pending' | 'skipped') => ({
      workspaceId,
      visitId,
      taskId,
      name: 'Task',
      status,
    });
    await t.db
      .insert(visitTasks)
      .values([
        on(older!.id, first.id, 'completed'),
        on(older!.id, second.id, 'completed'),
        on(newer!.id, first.id, 'completed'),
        on(newer!.id, second.id, 'pending'),
        on(newer!.id, third.id, 'skipped'),
      ]);
    const page = await json(await t.request(`/api/properties/${property.id}/visits`, { cookie: owner.cookie }));
    expect(page).toEqual({
      total: 3,
      items: [
        {
          id: newer!.id,
          scheduledAt: '2025-02-01T10:00:00.000Z',
          status: 'in_progress',
          completedTaskCount: 1,
          taskCount: 3,
        },
        {
          id: older!.id,
          scheduledAt: '2025-01-01T10:00:00.000Z',
          status: 'completed',
          completedTaskCount: 2,
          taskCount: 2,
        },
        {
          id: empty!.id,
          scheduledAt: '2024-12-01T10:00:00.000Z',
          status: 'scheduled',
          completedTaskCount: 0,
          taskCount: 0,
        },
      ],
    });
    const paged = await json(
      await t.request(`/api/properties/${property.id}/visits?limit=1&offset=1`, { cookie: owner.cookie }),
    );
    expect(paged).toMatchObject({ total: 3, items: [{ id: older!.id }] });
  });
});
