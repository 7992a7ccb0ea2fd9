import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles } from '../../src/server/db/schema';
import { createGoogleUser, createSecondaryProfile, createUser, sessionCookie } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string, password: string) {
  const response = await t.request('/api/auth/sign-in/email', { body: { email, password } });
  return { status: response.status, cookie: response.ok ? sessionCookie(response.headers.get('set-cookie')) : '' };
}

describe('own profile (PATCH /api/me/profile)', () => {
  it('saves display name, company and phone, trimmed, and /api/me shows them', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { displayName: '  Pat Lee ', companyName: 'Lee Lawns', phone: '555-0100' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      displayName: 'Pat Lee',
      companyName: 'Lee Lawns',
      phone: '555-0100',
    });
    const me = await (await t.request('/api/me', { cookie: user.cookie })).json();
    expect(me.profile).toMatchObject({
      email: user.email,
      displayName: 'Pat Lee',
      companyName: 'Lee Lawns',
      phone: '555-0100',
    });
  });

  it('clears a field sent blank and never changes the e-mail', async () => {
    const user = await createUser(t);
    await t.request('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { phone: '555' } });
    const response = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { phone: '   ', email: 'other@example.com' },
    });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({ phone: null, email: user.email });
  });

  it('changes only the signed-in user’s profile, and needs a sign-in', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await t.request('/api/me/profile', { method: 'PATCH', cookie: user.cookie, body: { displayName: 'Mine' } });
    const [otherRow] = await t.db.select().from(profiles).where(eq(profiles.userId, other.id));
    expect(otherRow?.displayName).toBeNull();
    const anonymous = await t.request('/api/me/profile', { method: 'PATCH', body: { displayName: 'x' } });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe('Not authenticated');
  });

  it('refuses a value that is too long with a 400', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { phone: '1'.repeat(51) },
    });
    expect(response.status).toBe(400);
  });
});

describe('change password (POST /api/auth/change-password)', () => {
  it('changes the password and signs out every other session', async () => {
    const user = await createUser(t);
    const other = await signIn(user.email, user.password);
    expect(other.status).toBe(200);

    const response = await t.request('/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'new-secret-1', revokeOtherSessions: true },
    });
    expect(response.status).toBe(200);
    const current = sessionCookie(response.headers.get('set-cookie'));

    expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: current })).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'new-secret-1')).status).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: 'not-it', newPassword: 'new-secret-1', revokeOtherSessions: true },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('INVALID_PASSWORD');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('checks the new password with the sign-up rules and their message', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'short', revokeOtherSessions: true },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: 'Password must be at least 6 characters', fields: { newPassword: expect.any(String) } },
    });
  });
});

describe('an account made through Google sets a password (POST /api/me/password)', () => {
  it('has no password, sets one, then signs in with it; a second set is refused', async () => {
    const user = await createGoogleUser(t);
    expect((await (await t.request('/api/me', { cookie: user.cookie })).json()).hasPassword).toBe(false);

    const short = await t.request('/api/me/password', { cookie: user.cookie, body: { newPassword: 'abc' } });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toBe('Password must be at least 6 characters');

    const response = await t.request('/api/me/password', { cookie: user.cookie, body: { newPassword: 'google-pw-1' } });
    expect(response.status).toBe(204);
    expect((await (await t.request('/api/me', { cookie: user.cookie })).json()).hasPassword).toBe(true);
    const rows = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(rows.map((row) => row.providerId).sort()).toEqual(['credential', 'google']);
    expect((await signIn(user.email, 'google-pw-1')).status).toBe(200);

    const again = await t.request('/api/me/password', { cookie: user.cookie, body: { newPassword: 'another-1' } });
    expect(again.status).toBe(409);
  });

  it('is refused for an account that already has a password, and needs a sign-in', async () => {
    const user = await createUser(t);
    expect((await (await t.request('/api/me', { cookie: user.cookie })).json()).hasPassword).toBe(true);
    const response = await t.request('/api/me/password', { cookie: user.cookie, body: { newPassword: 'another-1' } });
    expect(response.status).toBe(409);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    expect((await t.request('/api/me/password', { body: { newPassword: 'another-1' } })).status).toBe(401);
  });
});

describe('secondary profiles', () => {
  it('creates, reads, lists, updates and deletes the owner’s profiles', async () => {
    const user = await createUser(t);
    const created = await t.request('/api/secondary-profiles', {
      cookie: user.cookie,
      body: { displayName: ' Site Manager ', companyName: 'Acme', email: 'site@acme.test', phone: '' },
    });
    expect(created.status).toBe(201);
    const profile = await created.json();
    expect(profile).toMatchObject({
      displayName: 'Site Manager',
      companyName: 'Acme',
      email: 'site@acme.test',
      phone: null,
    });

    expect(await (await t.request(`/api/secondary-profiles/${profile.id}`, { cookie: user.cookie })).json()).toEqual(
      profile,
    );

    const updated = await t.request(`/api/secondary-profiles/${profile.id}`, {
      method: 'PATCH',
      cookie: user.cookie,
      body: { displayName: 'Site Lead', companyName: 'Acme', email: '', phone: '555' },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ displayName: 'Site Lead', email: null, phone: '555' });

    const list = await (await t.request('/api/secondary-profiles', { cookie: user.cookie })).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: profile.id, displayName: 'Site Lead' }] });

    const removed = await t.request(`/api/secondary-profiles/${profile.id}`, { method: 'DELETE', cookie: user.cookie });
    expect(removed.status).toBe(204);
    expect((await t.request(`/api/secondary-profiles/${profile.id}`, { cookie: user.cookie })).status).toBe(404);
  });

  it('requires a non-blank display name and a valid e-mail', async () => {
    const user = await createUser(t);
    for (const body of [{ displayName: '   ' }, {}]) {
      const response = await t.request('/api/secondary-profiles', { cookie: user.cookie, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { message: 'Display name is required', fields: { displayName: 'Display name is required' } },
      });
    }
    const badEmail = await t.request('/api/secondary-profiles', {
      cookie: user.cookie,
      body: { displayName: 'X', email: 'not-an-email' },
    });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error.fields.email).toBe('Please enter a valid email address');
  });

  it('another user (even an admin) gets 404 and never sees them in a list', async () => {
    const owner = await createUser(t);
    const mine = await createSecondaryProfile(t, owner, { displayName: 'Private Contact' });
    for (const other of [await createUser(t), await createUser(t, { role: 'admin' })]) {
      const url = `/api/secondary-profiles/${mine.id}`;
      const read = await t.request(url, { cookie: other.cookie });
      expect(read.status).toBe(404);
      expect((await read.json()).error.message).toBe('Profile not found');
      expect(
        (await t.request(url, { method: 'PATCH', cookie: other.cookie, body: { displayName: 'Hijacked' } })).status,
      ).toBe(404);
      expect((await t.request(url, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
      const list = await (await t.request('/api/secondary-profiles', { cookie: other.cookie })).json();
      expect(list).toEqual({ items: [], total: 0 });
    }
    const still = await (await t.request(`/api/secondary-profiles/${mine.id}`, { cookie: owner.cookie })).json();
    expect(still.displayName).toBe('Private Contact');
  });

  it('lists newest first, paginated, searchable in SQL; a bad id is 404; signed-out is 401', async () => {
    const user = await createUser(t);
    await createSecondaryProfile(t, user, { displayName: 'Alpha', createdAt: new Date('2026-01-01') });
    await createSecondaryProfile(t, user, {
      displayName: 'Beta',
      companyName: 'Gamma Corp',
      createdAt: new Date('2026-01-02'),
    });
    await createSecondaryProfile(t, user, { displayName: '100% Delta', createdAt: new Date('2026-01-03') });

    const page = await (await t.request('/api/secondary-profiles?limit=2', { cookie: user.cookie })).json();
    expect(page.total).toBe(3);
    expect(page.items.map((item: { displayName: string }) => item.displayName)).toEqual(['100% Delta', 'Beta']);
    const rest = await (await t.request('/api/secondary-profiles?limit=2&offset=2', { cookie: user.cookie })).json();
    expect(rest.items.map((item: { displayName: string }) => item.displayName)).toEqual(['Alpha']);

    const byCompany = await (await t.request('/api/secondary-profiles?q=gamma', { cookie: user.cookie })).json();
    expect(byCompany.items.map((item: { displayName: string }) => item.displayName)).toEqual(['Beta']);
    const literalPercent = await (await t.request('/api/secondary-profiles?q=0%25', { cookie: user.cookie })).json();
    expect(literalPercent.items.map((item: { displayName: string }) => item.displayName)).toEqual(['100% Delta']);

    expect((await t.request('/api/secondary-profiles/not-a-uuid', { cookie: user.cookie })).status).toBe(404);
    expect((await t.request('/api/secondary-profiles')).status).toBe(401);
  });

  it('refuses text with a NUL character with a 400, never a 500', async () => {
    const user = await createUser(t);
    const search = await t.request('/api/secondary-profiles?q=a%00b', { cookie: user.cookie });
    expect(search.status).toBe(400);
    const created = await t.request('/api/secondary-profiles', {
      cookie: user.cookie,
      body: { displayName: 'Nul\u0000Name' },
    });
    expect(created.status).toBe(400);
    expect((await created.json()).error.fields).toEqual({ displayName: 'Text must not contain NUL characters' });
    const own = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { phone: '5\u00005' },
    });
    expect(own.status).toBe(400);
    expect((await (await t.request('/api/secondary-profiles', { cookie: user.cookie })).json()).total).toBe(0);
  });
});
