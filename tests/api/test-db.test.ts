import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDbQueryName } from '../../src/shared/schemas/debug';
import { createProperty, createUser, createVisit, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import type { Get } from '../../src/client/api/contract';

type TestDbDto = Get<'/test-db'>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

async function testDb(user: TestUser, workspaceId = user.workspaceId) {
  const response = await t.request('/api/test-db', { cookie: user.cookie, headers: { 'x-workspace': workspaceId } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as TestDbDto;
  const byName = Object.fromEntries(body.queries.map((query) => [query.name, query])) as Record<
    TestDbQueryName,
    TestDbDto['queries'][number]
  >;
  return { body, byName };
}

describe('GET /api/test-db', () => {
  it('runs the five queries, each scoped to what the signed-in user may see in the current workspace', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const alicesHouse = await createProperty(t, alice, { name: 'Alice House' });
    const bobsHouse = await createProperty(t, bob, { name: 'Bob House' });
    const shared = await createProperty(t, bob, { name: 'Shared Barn' }, [alice]);
    const later = await createVisit(t, alicesHouse.id, { scheduledAt: inHours(48), lead: alice });
    const sooner = await createVisit(t, shared.id, { scheduledAt: inHours(2), lead: bob, assistants: [alice] });
    const past = await createVisit(t, alicesHouse.id, { scheduledAt: inHours(-24), lead: alice });
    const unassigned = await createVisit(t, alicesHouse.id, { scheduledAt: inHours(5) });
    const bobs = await createVisit(t, bobsHouse.id, { scheduledAt: inHours(1), lead: bob });

    const { body, byName } = await testDb(alice);
    expect(body.queries.map((query) => query.name)).toEqual([
      'users',
      'properties',
      'visits',
      'user_properties',
      'upcoming_visits',
    ]);
    expect(body.queries.every((query) => query.ok && query.count === query.rows.length)).toBe(true);

    expect(byName.users.rows.map((row) => row.id)).toEqual([alice.id]);
    expect(byName.properties.rows.map((row) => row.name).sort()).toEqual(['Alice House']);
    expect(byName.visits.rows.map((row) => row.id).sort()).toEqual([later.id, past.id, unassigned.id].sort());
    expect(byName.user_properties.rows.map((row) => row.propertyId)).toEqual([alicesHouse.id]);
    // The dashboard's query: assigned to Alice, from now on, soonest first.
    expect(byName.upcoming_visits.rows.map((row) => row.id)).toEqual([later.id]);

    const json = JSON.stringify(body);
    expect(json).not.toContain(bob.email);
    expect(json).not.toContain('Bob House');
    expect(json).not.toContain(bobs.id);

    // In Bob's business Alice is a technician: the visit she is on, and its property.
    const there = await testDb(alice, bob.workspaceId);
    expect(there.byName.properties.rows.map((row) => row.name)).toEqual(['Shared Barn']);
    expect(there.byName.visits.rows.map((row) => row.id)).toEqual([sooner.id]);
    expect(there.byName.upcoming_visits.rows[0]).toMatchObject({
      id: sooner.id,
      propertyName: 'Shared Barn',
      propertyAddress: '1 Main St',
    });
    expect(JSON.stringify(there.body)).not.toContain(bobs.id);
  });

  it('limits every query to 5 rows', async () => {
    const busy = await createUser(t);
    for (let index = 0; index < 7; index++) {
      const property = await createProperty(t, busy);
      await createVisit(t, property.id, { scheduledAt: inHours(index + 1), lead: busy });
    }
    const { byName } = await testDb(busy);
    for (const name of ['properties', 'visits', 'user_properties', 'upcoming_visits'] as const) {
      expect(byName[name].count, name).toBe(5);
      expect(byName[name].rows).toHaveLength(5);
    }
  });

  it('shows an admin only themselves: accounts are managed on /admin/users', async () => {
    for (let index = 0; index < 5; index++) await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const { byName } = await testDb(admin);
    expect(byName.users.rows.map((row) => row.id)).toEqual([admin.id]);
  });

  it('needs a sign-in', async () => {
    const response = await t.request('/api/test-db');
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe('Not authenticated');
  });
});
