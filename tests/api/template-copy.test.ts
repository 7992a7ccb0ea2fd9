import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/server/db/schema';
import {
  addPropertyTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// Copy, never follow: every visit task is copied the same way (src/server/db/template-copy.ts):
// from the property's active copy of the template when it has one, else from the template.

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const addToVisit = (visitId: string, body: Record<string, unknown>) =>
  apiAs(t, owner.cookie).post('/visits/:id/tasks', { param: { id: visitId }, json: body });

describe('adding a template to a visit', () => {
  it('copies the property’s copy when it has one, else the template; a price given replaces either', async () => {
    const template = await createTask(t, owner, {
      name: 'Filter check',
      description: 'As copied',
      defaultPrice: 5000,
      estimatedDurationMinutes: 30,
    });
    const withCopy = await createProperty(t, owner);
    const without = await createProperty(t, owner);
    await addPropertyTask(t, withCopy.id, template.id, { customPrice: 4000 });
    // The template changes after the property copied it.
    await t.db
      .update(tasks)
      .set({ name: 'Filter check v2', description: 'Changed', defaultPrice: 6000, estimatedDurationMinutes: 45 })
      .where(eq(tasks.id, template.id));

    const fromCopy = await json(await addToVisit((await createVisit(t, withCopy.id)).id, { taskId: template.id }), 201);
    expect(fromCopy).toMatchObject({
      name: 'Filter check',
      description: 'As copied',
      price: 4000,
      estimatedDurationMinutes: 30,
    });

    const fromTemplate = await json(
      await addToVisit((await createVisit(t, without.id)).id, { taskId: template.id }),
      201,
    );
    expect(fromTemplate).toMatchObject({
      name: 'Filter check v2',
      description: 'Changed',
      price: 6000,
      estimatedDurationMinutes: 45,
    });

    const visit = await createVisit(t, withCopy.id);
    const priced = await json(await addToVisit(visit.id, { taskId: template.id, price: 1234 }), 201);
    expect(priced).toMatchObject({ name: 'Filter check', price: 1234 });
    const again = await refusal(await addToVisit(visit.id, { taskId: template.id }), 409);
    expect(again.error.message).toBe('This task is already on the visit');
  });

  it('answers 404 for a deleted template, and for another business’s', async () => {
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id);
    const deleted = await createTask(t, owner, { deletedAt: new Date() });
    const stranger = await createUser(t);
    const theirs = await createTask(t, stranger);
    for (const taskId of [deleted.id, theirs.id]) {
      const body = await refusal(await addToVisit(visit.id, { taskId }), 404);
      expect(body.error.message).toBe('Task not found');
    }
  });
});
