import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyTasks, tasks, visitTasks } from '../../src/server/db/schema';
import {
  addPropertyTask,
  addVisitTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// Money on the API is integer cents, for every price: a fraction, a string or a dollar amount
// is refused with 400 and nothing is stored.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const BAD_PRICES = [1234.5, '12.345', '12.34', '1234', true, -1];

async function refused(url: string, method: string, field: string, body: (price: unknown) => Record<string, unknown>) {
  for (const price of BAD_PRICES) {
    const response = await t.request(url, { method, cookie: owner.cookie, body: body(price) });
    expect(response.status, `${method} ${url} ${JSON.stringify(price)}`).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields[field], JSON.stringify(price)).toBe(
      price === -1 ? 'Price must be 0 or more' : 'Price must be a whole number of cents',
    );
  }
}

describe('prices are whole cents', () => {
  it('task defaultPrice', async () => {
    const before = await t.db.$count(tasks);
    await refused('/api/tasks', 'POST', 'defaultPrice', (defaultPrice) => ({ name: 'Paid', defaultPrice }));
    const task = await createTask(t, owner, { defaultPrice: 1000 });
    await refused(`/api/tasks/${task.id}`, 'PATCH', 'defaultPrice', (defaultPrice) => ({ name: 'X', defaultPrice }));
    expect(await t.db.$count(tasks)).toBe(before + 1);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored).toMatchObject({ name: task.name, defaultPrice: 1000 });
  });

  it('property task customPrice', async () => {
    const property = await createProperty(t, owner);
    const task = await createTask(t, owner);
    await refused(`/api/properties/${property.id}/tasks`, 'POST', 'customPrice', (customPrice) => ({
      taskId: task.id,
      customPrice,
    }));
    expect(await t.db.$count(propertyTasks, eq(propertyTasks.propertyId, property.id))).toBe(0);
    const row = await addPropertyTask(t, property.id, task.id, { customPrice: 700 });
    await refused(`/api/properties/${property.id}/tasks/${row.id}`, 'PATCH', 'customPrice', (customPrice) => ({
      customPrice,
    }));
    const [stored] = await t.db.select().from(propertyTasks).where(eq(propertyTasks.id, row.id));
    expect(stored?.customPrice).toBe(700);
  });

  it('visit task price', async () => {
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const task = await createTask(t, owner);
    await refused(`/api/visits/${visit.id}/tasks`, 'POST', 'price', (price) => ({ taskId: task.id, price }));
    expect(await t.db.$count(visitTasks, eq(visitTasks.visitId, visit.id))).toBe(0);
    const row = await addVisitTask(t, visit.id, task.id, { price: 1999 });
    await refused(`/api/visits/${visit.id}/tasks/${row.id}`, 'PATCH', 'price', (price) => ({ price }));
    const [stored] = await t.db.select().from(visitTasks).where(eq(visitTasks.id, row.id));
    expect(stored?.price).toBe(1999);
  });

  it('takes a whole number of cents', async () => {
    const response = await t.request('/api/tasks', {
      cookie: owner.cookie,
      body: { name: 'Exact', defaultPrice: 1234 },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ defaultPrice: 1234 });
  });
});
