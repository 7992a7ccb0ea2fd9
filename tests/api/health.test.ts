import { afterAll, beforeAll, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('reports ok when the database answers', async () => {
  const response = await t.request('/api/health');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});

it('answers 503 when the database does not', async () => {
  // A real database that has gone away: opened, then closed under the app.
  const gone = openDatabase({ kind: 'pglite', client: new PGlite() });
  await gone.close();
  const app = createApp({ config: t.config, db: gone.db, auth: t.auth });
  const response = await app.request('/api/health');
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ status: 'error', database: 'unavailable' });
});

it('answers unknown API paths with a JSON 404', async () => {
  const response = await t.request('/api/nothing-here');
  expect(response.status).toBe(404);
  expect((await response.json()).error.code).toBe('NOT_FOUND');
});

it('/api/auth-test/config reports which settings are present, never their values', async () => {
  const response = await t.request('/api/auth-test/config');
  const body = await response.json();
  expect(body.backendUrl).toBe(t.config.publicUrl);
  expect(body.settings).toContainEqual({ name: 'BETTER_AUTH_SECRET', present: true });
  expect(JSON.stringify(body)).not.toContain(t.config.authSecret);
});

it('refuses a request body over 1 MB with 413 before reading it', async () => {
  const response = await t.request('/api/auth/sign-in/email', {
    body: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 1) },
  });
  expect(response.status).toBe(413);
  expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
});
