import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { promoteToAdmin, updateUserRole } from '../../src/server/modules/admin/admin.service';
import { createUser, uniqueEmail } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setProfile = (userId: string, values: Partial<typeof profiles.$inferInsert>) =>
  t.db.update(profiles).set(values).where(eq(profiles.userId, userId));
const setJoined = (userId: string, createdAt: Date) =>
  t.db.update(users).set({ createdAt }).where(eq(users.id, userId));

describe('every admin endpoint', () => {
  it('answers 403 to customers and providers and 401 when signed out', async () => {
    const target = await createUser(t);
    const calls = [
      { url: '/api/admin/users' },
      { url: `/api/admin/users/${target.id}` },
      { url: `/api/admin/users/${target.id}`, method: 'PATCH', body: { role: 'admin' } },
    ];
    for (const role of ['customer', 'provider'] as const) {
      const user = await createUser(t, { role });
      for (const call of calls) {
        const response = await t.request(call.url, { ...call, cookie: user.cookie });
        expect(response.status, `${role} ${call.method ?? 'GET'} ${call.url}`).toBe(403);
      }
    }
    for (const call of calls) expect((await t.request(call.url, call)).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe('customer');
  });
});

describe('GET /api/admin/users', () => {
  it('lists users with their profiles, newest first, searched and filtered in SQL, paginated', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const tag = uniqueEmail('').slice(1, 9); // a word no other test's users contain
    const ann = await createUser(t, { email: `ann-${tag}@example.com` });
    const bob = await createUser(t, { email: `bob-${tag}@example.com`, role: 'provider' });
    const cat = await createUser(t, { email: `cat-${tag}@example.com` });
    await setProfile(ann.id, { displayName: 'Ann Apple', companyName: `Orchard ${tag} LLC`, phone: '555-0001' });
    await setProfile(bob.id, { displayName: `Bob ${tag}`, companyName: 'Pipes Inc' });
    await setJoined(ann.id, new Date('2030-01-01'));
    await setJoined(bob.id, new Date('2030-01-02'));
    await setJoined(cat.id, new Date('2030-01-03'));

    const all = await (await t.request('/api/admin/users', { cookie: admin.cookie })).json();
    expect(all.items.slice(0, 3).map((user: { id: string }) => user.id)).toEqual([cat.id, bob.id, ann.id]);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items[2]).toEqual({
      id: ann.id,
      email: ann.email,
      role: 'customer',
      createdAt: '2030-01-01T00:00:00.000Z',
      displayName: 'Ann Apple',
      phone: '555-0001',
      companyName: `Orchard ${tag} LLC`,
    });

    const search = async (query: string) => {
      const body = await (await t.request(`/api/admin/users?${query}`, { cookie: admin.cookie })).json();
      return { ids: body.items.map((user: { id: string }) => user.id), total: body.total };
    };
    expect(await search(`q=${tag.toUpperCase()}`)).toEqual({ ids: [cat.id, bob.id, ann.id], total: 3 });
    expect(await search(`q=orchard ${tag}`)).toEqual({ ids: [ann.id], total: 1 }); // company
    expect(await search(`q=bob ${tag}`)).toEqual({ ids: [bob.id], total: 1 }); // display name
    expect(await search(`q=cat-${tag}@`)).toEqual({ ids: [cat.id], total: 1 }); // e-mail
    expect(await search(`q=${tag}&role=provider`)).toEqual({ ids: [bob.id], total: 1 });
    expect(await search(`q=${tag}&role=`)).toEqual({ ids: [cat.id, bob.id, ann.id], total: 3 });
    expect(await search(`q=${tag}&limit=2&offset=1`)).toEqual({ ids: [bob.id, ann.id], total: 3 });
    expect(await search(`q=${tag}%25`)).toEqual({ ids: [], total: 0 }); // % is literal
    expect((await search('role=admin')).ids).toContain(admin.id);
  });

  it('refuses a role outside customer/provider/admin with a 400', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const response = await t.request('/api/admin/users?role=superuser', { cookie: admin.cookie });
    expect(response.status).toBe(400);
  });

  it('refuses a search with a NUL character with a 400, never a 500', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const response = await t.request('/api/admin/users?q=a%00b', { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Text must not contain NUL characters');
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows one user; an unknown id is 404 User not found', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    const response = await t.request(`/api/admin/users/${user.id}`, { cookie: admin.cookie });
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email, role: 'customer', phone: null });
    const missing = await t.request('/api/admin/users/00000000-0000-4000-8000-000000000000', { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('User not found');
    expect((await t.request('/api/admin/users/nope', { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('PATCH /api/admin/users/:id (role change)', () => {
  it('applies on the user’s very next request, with the same session', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    expect((await t.request('/api/admin/users', { cookie: user.cookie })).status).toBe(403);

    const toProvider = await t.request(`/api/admin/users/${user.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { role: 'provider' },
    });
    expect(toProvider.status).toBe(200);
    expect((await toProvider.json()).role).toBe('provider');
    expect(await (await t.request('/api/me', { cookie: user.cookie })).json()).toMatchObject({
      role: 'provider',
      isProvider: true,
      isCustomer: false,
    });

    await t.request(`/api/admin/users/${user.id}`, { method: 'PATCH', cookie: admin.cookie, body: { role: 'admin' } });
    expect((await t.request('/api/admin/users', { cookie: user.cookie })).status).toBe(200);

    await t.request(`/api/admin/users/${user.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { role: 'customer' },
    });
    expect((await t.request('/api/admin/users', { cookie: user.cookie })).status).toBe(403);
    expect((await (await t.request('/api/me', { cookie: user.cookie })).json()).isCustomer).toBe(true);
  });

  it('refuses a role outside customer/provider/admin with a 400, and an unknown user with 404', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    for (const role of ['superuser', '', null, 'Admin']) {
      const response = await t.request(`/api/admin/users/${user.id}`, {
        method: 'PATCH',
        cookie: admin.cookie,
        body: { role },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Role must be customer, provider or admin');
    }
    const missing = await t.request('/api/admin/users/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      cookie: admin.cookie,
      body: { role: 'provider' },
    });
    expect(missing.status).toBe(404);
  });

  it('never demotes the last admin', async () => {
    // Leave exactly one admin in this file's database.
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
    const first = await createUser(t, { role: 'admin' });
    const alone = await t.request(`/api/admin/users/${first.id}`, {
      method: 'PATCH',
      cookie: first.cookie,
      body: { role: 'customer' },
    });
    expect(alone.status).toBe(409);
    expect((await alone.json()).error.message).toMatch(/last admin/);

    const second = await createUser(t, { role: 'admin' });
    const demoteFirst = await t.request(`/api/admin/users/${first.id}`, {
      method: 'PATCH',
      cookie: second.cookie,
      body: { role: 'provider' },
    });
    expect(demoteFirst.status).toBe(200);
    const demoteSelf = await t.request(`/api/admin/users/${second.id}`, {
      method: 'PATCH',
      cookie: second.cookie,
      body: { role: 'customer' },
    });
    expect(demoteSelf.status).toBe(409);
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins.map((row) => row.id)).toEqual([second.id]);
    // Saving the same role again is harmless.
    const same = await t.request(`/api/admin/users/${second.id}`, {
      method: 'PATCH',
      cookie: second.cookie,
      body: { role: 'admin' },
    });
    expect(same.status).toBe(200);
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    // On PostgreSQL (TEST_DATABASE_URL) the two requests run on separate connections at once.
    for (let round = 0; round < 5; round++) {
      await t.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
      const [a, b] = [await createUser(t, { role: 'admin' }), await createUser(t, { role: 'admin' })];
      const demote = (actor: typeof a, target: typeof a) =>
        t.request(`/api/admin/users/${target.id}`, {
          method: 'PATCH',
          cookie: actor.cookie,
          body: { role: 'customer' },
        });
      const statuses = (await Promise.all([demote(a, b), demote(b, a)])).map((response) => response.status);
      // One wins; the other is refused: 409 (last admin), or 403 when its sign-in was read after the demotion.
      expect(statuses).toContain(200);
      expect(statuses.filter((status) => status === 403 || status === 409)).toHaveLength(1);
      const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
    }
  });
});

describe('updateUserRole', () => {
  it('refuses an actor who is no longer an admin when the change runs (demoted in the meantime)', async () => {
    const stale = await createUser(t, { role: 'customer' });
    const target = await createUser(t);
    const actor = { id: stale.id, email: stale.email, role: 'admin' as const, emailVerified: true }; // as their session said
    await expect(updateUserRole(t.db, actor, target.id, 'admin')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe('customer');
  });
});

describe('promoteToAdmin (the core of npm run make-admin)', () => {
  it('promotes an existing account by e-mail, ignoring case; an unknown e-mail changes nothing', async () => {
    const user = await createUser(t);
    expect(await promoteToAdmin(t.db, 'nobody@example.com')).toBeNull();
    expect(await promoteToAdmin(t.db, `  ${user.email.toUpperCase()} `)).toEqual({ id: user.id, email: user.email });
    expect((await (await t.request('/api/me', { cookie: user.cookie })).json()).isAdmin).toBe(true);
  });
});
