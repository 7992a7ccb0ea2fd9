import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPropertyTask,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// One pagination helper behind every list: a page past the end answers 200 with no items and
// the same total as the first page, never a total of 0.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let lists: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  const technician = await createUser(t);
  const property = await createProperty(t, owner, {}, [technician]);
  const task = await createTask(t, owner);
  await addPropertyTask(t, property.id, task.id);
  await addPropertyTask(t, property.id, (await createTask(t, owner)).id);
  const visit = await createVisit(t, property.id, { lead: owner });
  await createVisit(t, property.id, { lead: owner });
  await createSecondaryProfile(t, owner);
  await createSecondaryProfile(t, owner);
  lists = [
    '/api/properties',
    '/api/tasks',
    '/api/visits',
    `/api/properties/${property.id}/tasks`,
    `/api/properties/${property.id}/visits`,
    `/api/tasks/${task.id}/properties`,
    `/api/visits/${visit.id}/task-options?scope=all`,
    `/api/visits/${visit.id}/candidates`,
    '/api/secondary-profiles',
    '/api/admin/users',
  ];
});
afterAll(async () => {
  await t.close();
});

describe('a page past the end', () => {
  it('answers 200, no items and the same total on every list', async () => {
    for (const list of lists) {
      const cookie = list.startsWith('/api/admin') ? admin.cookie : owner.cookie;
      const join = list.includes('?') ? '&' : '?';
      const first = await t.request(`${list}${join}limit=1`, { cookie });
      expect(first.status, list).toBe(200);
      const { total, items } = (await first.json()) as { total: number; items: unknown[] };
      expect(items.length, list).toBe(1);
      expect(total, list).toBeGreaterThan(0);

      const past = await t.request(`${list}${join}limit=1&offset=1000`, { cookie });
      expect(past.status, list).toBe(200);
      expect(await past.json(), list).toEqual({ items: [], total });
    }
  });
});
