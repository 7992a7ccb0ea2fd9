import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
});
afterAll(async () => {
  await t.close();
});

it('limits sign-in attempts per client and keeps the count in the database', async () => {
  const user = await createUser(t);
  const attempt = () =>
    t.request('/api/auth/sign-in/email', { body: { email: user.email, password: 'wrong-password' } });
  for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
  const blocked = await attempt();
  expect(blocked.status).toBe(429);
  // Even the right password is refused until the window passes.
  const right = await t.request('/api/auth/sign-in/email', { body: { email: user.email, password: user.password } });
  expect(right.status).toBe(429);
  // Kept in the database, so every server copy shares it.
  const rows = await t.db.select().from(rateLimits);
  expect(rows.some((row) => row.key.endsWith('/sign-in/email') && row.count >= 3)).toBe(true);
});
