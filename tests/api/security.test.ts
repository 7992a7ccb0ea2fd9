import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, visits } from '../../src/server/db/schema';
import {
  createGoogleUser,
  createProperty,
  createUser,
  createVisit,
  uniqueEmail,
  type TestUser,
} from '../support/factories';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app';

// Security findings of a black-box probe, each probed here as the probe did.

let t: TestApp;
let owner: TestUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Guarded' })).id;
});
afterAll(async () => {
  await t.close();
});

const raw = (url: string, init: RequestInit & { headers?: Record<string, string> }) => t.app.request(url, init);

describe('CSRF: writes only from the app’s own origin, bodies only as JSON', () => {
  const edit = (headers: Record<string, string>, body = JSON.stringify({ name: 'Hijacked', address: 'x' })) =>
    raw(`/api/properties/${propertyId}`, { method: 'PATCH', headers: { cookie: owner.cookie, ...headers }, body });

  it('refuses another origin, another port of the same host, and no origin at all (403)', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'http://127.0.0.1:3000', 'null']) {
      const response = await edit({ origin, 'content-type': 'application/json' });
      expect(response.status, origin).toBe(403);
    }
    expect((await edit({ 'content-type': 'application/json' })).status).toBe(403);
    expect((await edit({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(row!.name).toBe('Guarded');
  });

  it('takes a same-origin fetch without Origin (Sec-Fetch-Site: same-origin)', async () => {
    const response = await edit(
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ name: 'Guarded', address: '1 Main St' }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses JSON sent as text/plain or a form (415), and multipart anywhere but the upload', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await edit({ origin: TEST_ORIGIN, 'content-type': type });
      expect(response.status, type).toBe(415);
    }
    const link = await raw(`/api/properties/${propertyId}/people`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'attacker@example.com', role: 'owner' }),
    });
    expect(link.status).toBe(415);
    const upload = await raw('/api/photos', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(upload.status).toBe(415);
  });

  it('keeps better-auth behind the same rule: no cross-site sign-out or sign-up', async () => {
    const signOut = await raw('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    const session = await t.request('/api/me', { cookie: owner.cookie });
    expect(session.status).toBe(200);
    const signUp = await raw('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'quiet-harbour-7' }),
    });
    expect(signUp.status).toBe(403);
  });

  it('trusts the Vite dev server’s origin only in development', async () => {
    const { loadConfig } = await import('../../src/server/config');
    const base = { BETTER_AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'http://localhost:3000' };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).trustedOrigins).toContain('http://localhost:5173');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).trustedOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).trustedOrigins).toEqual(['http://localhost:3000']);
  });
});

describe('input caps', () => {
  it('refuses a 1 MB sign-up name, and NUL or over-long names through better-auth’s update-user (400, not 500)', async () => {
    const huge = await t.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: 'quiet-harbour-7', name: 'n'.repeat(1024 * 1024 - 200) },
    });
    expect(huge.status).toBe(400);
    const long = await t.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: 'quiet-harbour-7', name: 'n'.repeat(101) },
    });
    expect(await long.json()).toMatchObject({ error: { message: 'Name must be at most 100 characters' } });
    for (const name of ['bad\u0000name', 'x'.repeat(101)]) {
      const response = await t.request('/api/auth/update-user', { cookie: owner.cookie, body: { name } });
      expect(response.status, JSON.stringify(name.slice(0, 10))).toBe(400);
    }
    expect((await t.request('/api/auth/update-user', { cookie: owner.cookie, body: { name: 'Olga' } })).status).toBe(
      200,
    );
  });

  it('caps passwords at better-auth’s own 128 characters with our message, on every way in (400, no console error)', async () => {
    const tooLong = 'p'.repeat(129);
    const expected = { error: { message: 'Password must be at most 128 characters' } };
    const signUp = await t.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: tooLong, name: '' },
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject(expected);
    const google = await createGoogleUser(t);
    const set = await t.request('/api/me/password', { cookie: google.cookie, body: { newPassword: tooLong } });
    expect(set.status).toBe(400);
    expect((await set.json()) as unknown).toMatchObject({ error: { fields: { newPassword: expected.error.message } } });
    const change = await t.request('/api/auth/change-password', {
      cookie: owner.cookie,
      body: { currentPassword: 'quiet-harbour-7', newPassword: tooLong },
    });
    expect(change.status).toBe(400);
    const longest = await t.request('/api/me/password', {
      cookie: google.cookie,
      body: { newPassword: 'p'.repeat(128) },
    });
    expect(longest.status).toBe(204);
  });

  it('caps profile, property, task and caption text', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['PATCH', '/api/me/profile', { displayName: 'd'.repeat(101) }, 'displayName'],
      ['PATCH', '/api/me/profile', { phone: '1'.repeat(41) }, 'phone'],
      ['PATCH', '/api/me/profile', { companyName: 'c'.repeat(101) }, 'companyName'],
      ['POST', '/api/properties', { name: 'ok', address: 'a'.repeat(201) }, 'address'],
      ['POST', '/api/properties', { name: 'ok', address: 'ok', city: 'c'.repeat(101) }, 'city'],
      ['POST', '/api/tasks', { name: 'ok', description: 'd'.repeat(2001) }, 'description'],
      ['POST', '/api/secondary-profiles', { displayName: 'd'.repeat(101) }, 'displayName'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await t.request(url, { method, cookie: owner.cookie, body });
      expect(response.status, `${url} ${field}`).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toMatch(
        /must be at most/,
      );
    }
  });
});

describe('moving a visit', () => {
  it('needs whoever manages both properties: a technician cannot move one to a property of their own', async () => {
    const tech = await createUser(t);
    const theirs = await createProperty(t, tech, { name: 'Tech’s own' });
    const property = await createProperty(t, owner, {}, [tech]);
    const visit = await createVisit(t, property.id, { lead: tech });
    const moved = await t.request(`/api/visits/${visit.id}`, {
      method: 'PATCH',
      cookie: tech.cookie,
      body: { propertyId: theirs.id },
    });
    expect(moved.status).toBe(403);
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.propertyId).toBe(property.id);
  });
});

describe('headers', () => {
  it('/api answers are never stored; photo files keep their own private caching', async () => {
    const me = await t.request('/api/me', { cookie: owner.cookie });
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('x-content-type-options')).toBe('nosniff');
    expect(me.headers.get('referrer-policy')).toBe('same-origin');
    expect((await t.request('/api/health')).headers.get('cache-control')).toBe('no-store');
  });

  it('the page carries a Content-Security-Policy that still lets /api/photos images load', async () => {
    const clientDir = path.join(t.config.dataDir, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Rounds</title>');
    const withClient = await createTestApp({ CLIENT_DIR: clientDir });
    try {
      const page = await withClient.app.request('/resources/properties');
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).toMatch(/img-src 'self'/);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
    } finally {
      await withClient.close();
    }
  });
});
