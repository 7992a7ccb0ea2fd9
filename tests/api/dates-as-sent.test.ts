import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';

// A year from 1 to 9999 is kept as sent, by every path that writes and reads a date; anything
// else is a 400. JavaScript's Date.UTC and two-digit-year parsers read 0050 as 1950.

let t: TestApp;
let owner: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Old Place' })).id;
});
afterAll(async () => {
  await t.close();
});

describe('dates as sent', () => {
  it.each([
    '0001-01-01T00:00:00.000Z',
    '0050-06-15T09:30:00.000Z',
    '0099-12-31T23:59:00.000Z',
    '9999-12-31T10:00:00.000Z',
  ])('a visit at %s is stored and read back as sent', async (scheduledAt) => {
    const made = await json(await apiAs(t, owner.cookie).post('/visits', { json: { propertyId, scheduledAt } }), 201);
    expect(made.scheduledAt).toBe(scheduledAt);
    const read = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: made.id } }), 200);
    expect(read.scheduledAt).toBe(scheduledAt);
  });

  it.each([
    '0000-01-01T00:00:00.000Z',
    '10000-01-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '50-01-01T00:00:00Z',
  ])('a visit at %s is a 400', async (scheduledAt) => {
    const response = await apiAs(t, owner.cookie).post('/visits', { json: { propertyId, scheduledAt } });
    expect(response.status).toBe(400);
  });

  it('an invoice due 0050-06-15 keeps its year', async () => {
    const made = await json(
      await apiAs(t, owner.cookie).post('/invoices', { json: { propertyId, dueDate: '0050-06-15' } }),
      201,
    );
    expect(made.dueDate).toBe('0050-06-15');
  });
});
