import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { createUser, sessionCookie, uniqueEmail } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up', () => {
  it('creates an account with role customer and a profile, and signs the user in', async () => {
    const email = uniqueEmail('signup');
    const response = await t.request('/api/auth/sign-up/email', {
      body: { email, password: 'quiet-harbour-7', name: '' },
    });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers.get('set-cookie'));

    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({
      email,
      role: 'customer',
      isCustomer: true,
      isAdmin: false,
      isProvider: false,
      profile: { email, displayName: null, phone: null, companyName: null },
    });

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('customer');
    const profileRows = await t.db.select().from(profiles).where(eq(profiles.userId, body.id));
    expect(profileRows).toHaveLength(1);
  });

  it('refuses a duplicate e-mail', async () => {
    const { email } = await createUser(t);
    const response = await t.request('/api/auth/sign-up/email', {
      body: { email, password: 'quiet-harbour-7', name: '' },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toMatch(/already exists/i);
  });

  it('refuses a short password with the spec message', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: 'short', name: '' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'Password must be at least 6 characters' },
    });
  });

  it('refuses an invalid e-mail address and the reserved /auth-test address', async () => {
    const invalid = await t.request('/api/auth/sign-up/email', {
      body: { email: 'nope', password: 'quiet-harbour-7' },
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.fields.email).toBe('Please enter a valid email address');
    const reserved = await t.request('/api/auth/sign-up/email', {
      body: { email: 'auth-test@rounds.invalid', password: 'auth-test-throwaway' },
    });
    expect(reserved.status).toBe(400);
  });

  it('never lets the client choose its role', async () => {
    const email = uniqueEmail('sneaky');
    const response = await t.request('/api/auth/sign-up/email', {
      body: { email, password: 'quiet-harbour-7', name: '', role: 'admin' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.role ?? 'not created').not.toBe('admin');
    expect([200, 400]).toContain(response.status);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and reaches /api/me', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(response.status).toBe(200);
    const me = await t.request('/api/me', { cookie: sessionCookie(response.headers.get('set-cookie')) });
    expect((await me.json()).id).toBe(user.id);
  });

  it('refuses a wrong password', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/auth/sign-in/email', {
      body: { email: user.email, password: 'wrong-password' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('ends the session on sign-out', async () => {
    const user = await createUser(t);
    const out = await t.request('/api/auth/sign-out', { cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await t.request('/api/me', { cookie: user.cookie })).status).toBe(401);
  });

  it('/api/clear-auth revokes the session and expires the cookies', async () => {
    const user = await createUser(t);
    const response = await t.request('/api/clear-auth', { method: 'POST', cookie: user.cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    expect((await t.request('/api/me', { cookie: user.cookie })).status).toBe(401);
  });
});

describe('without a session', () => {
  it('answers 401 Not authenticated', async () => {
    const response = await t.request('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Not authenticated' } });
  });

  it('ignores a forged session cookie', async () => {
    const response = await t.request('/api/me', { cookie: 'better-auth.session_token=forged.value' });
    expect(response.status).toBe(401);
  });
});

describe('/api/me', () => {
  it('recreates a missing profile (spec §4)', async () => {
    const user = await createUser(t);
    await t.db.delete(profiles).where(eq(profiles.userId, user.id));
    const me = await (await t.request('/api/me', { cookie: user.cookie })).json();
    expect(me.profile.userId).toBe(user.id);
  });

  it('reflects a role change on the very next request', async () => {
    const user = await createUser(t);
    await t.db.update(users).set({ role: 'provider' }).where(eq(users.id, user.id));
    const me = await (await t.request('/api/me', { cookie: user.cookie })).json();
    expect(me).toMatchObject({ role: 'provider', isProvider: true, isCustomer: false });
  });
});
