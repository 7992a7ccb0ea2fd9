import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../src/server/db/schema';
import { createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';

// Claiming an account from someone who signed up first with one's address (its address never
// proven) starts clean: every session ends and every calendar feed URL the squatter kept stops.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The reset link's token, as 'Forgot password?' would have mailed it to the address's owner. */
async function resetToken(user: TestUser) {
  const token = randomBytes(16).toString('hex');
  await t.db.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

describe('claiming an account', () => {
  it('ends the squatter’s sessions and feed URL; the new owner gets a new feed', async () => {
    const squatter = await createUser(t, { verified: false });
    const { url } = await json(await apiAs(t, squatter.cookie).get('/calendar/feed'), 200);
    const path = new URL(url).pathname;
    expect((await t.request(path)).status).toBe(200);

    const token = await resetToken(squatter);
    const reset = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'owners-harbour-4' } });
    expect(reset.status).toBe(200);
    expect((await apiAs(t, squatter.cookie).get('/me')).status).toBe(401);
    expect((await t.request(path)).status).toBe(404);

    const signIn = await t.request('/api/auth/sign-in/email', {
      body: { email: squatter.email, password: 'owners-harbour-4' },
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const fresh = await json(await apiAs(t, cookie).get('/calendar/feed'), 200);
    expect(new URL(fresh.url).pathname).not.toBe(path);
    expect((await t.request(new URL(fresh.url).pathname)).status).toBe(200);
  });

  it('a verified owner’s own reset keeps their feed URL', async () => {
    const owner = await createUser(t);
    const { url } = await json(await apiAs(t, owner.cookie).get('/calendar/feed'), 200);
    const token = await resetToken(owner);
    expect(
      (await t.request('/api/auth/reset-password', { body: { token, newPassword: 'owners-harbour-5' } })).status,
    ).toBe(200);
    expect((await t.request(new URL(url).pathname)).status).toBe(200);
  });
});
