import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedSessionToken } from '../../src/server/auth/session';
import { sessions } from '../../src/server/db/schema';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// The session fast path: a valid cookie is read without better-auth's getSession,
// but every rule of getSession still holds: revocation, expiry, refresh, a forged signature.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.request('/api/me', { cookie });
const tokenOf = (cookie: string) =>
  decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).replace(/\.[^.]+$/, '');

describe('reading the session cookie', () => {
  const settings = { cookieName: 'better-auth.session_token', secret: 's3cret' };
  const sign = (token: string, secret = settings.secret) =>
    encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

  it('takes a cookie signed with the secret, among others', () => {
    expect(signedSessionToken(`a=1; better-auth.session_token=${sign('tok')}; b=2`, settings)).toBe('tok');
  });

  it('refuses a wrong signature, another secret, a missing or mangled cookie, a look-alike name', () => {
    const forged = sign('tok').replace(/^tok/, 'tol');
    for (const header of [
      `better-auth.session_token=${forged}`,
      `better-auth.session_token=${sign('tok', 'other')}`,
      'better-auth.session_token=tok',
      'better-auth.session_token=%E0%A4%A',
      `x-better-auth.session_token=${sign('tok')}`,
      '',
      null,
    ]) {
      expect(signedSessionToken(header, settings), String(header)).toBeNull();
    }
  });
});

describe('sessions through the fast path', () => {
  it('a signed-in request is answered; a revoked session is refused at once', async () => {
    const user = await createUser(t);
    expect((await me(user.cookie)).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await me(user.cookie)).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const user = await createUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(user.cookie)));
    expect((await me(user.cookie)).status).toBe(401);
  });

  it('a session due for refresh is refreshed by better-auth (its expiry moves on)', async () => {
    const user = await createUser(t);
    const token = tokenOf(user.cookie);
    // Seven days is better-auth's default lifetime and one day its update age: two days in, a refresh is due.
    const dueAt = new Date(Date.now() + 5 * 24 * 3600_000);
    await t.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.token, token));
    expect((await me(user.cookie)).status).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + 24 * 3600_000);
  });

  it('a cookie whose signature was tampered with is signed out', async () => {
    const user = await createUser(t);
    // The signature's first base64 character: all six of its bits are the HMAC's. (The last one
    // before '=' carries two padding bits a decoder ignores, so changing it to a character with
    // the same four data bits, 3 times in 64, left the signature as it was.)
    const tampered = user.cookie.replace(/session_token=([^;]+)/, (_, value: string) => {
      const decoded = decodeURIComponent(value);
      const start = decoded.lastIndexOf('.') + 1;
      const swapped = decoded[start] === 'A' ? 'B' : 'A';
      return `session_token=${encodeURIComponent(decoded.slice(0, start) + swapped + decoded.slice(start + 1))}`;
    });
    expect(tampered).not.toBe(user.cookie);
    expect((await me(tampered)).status).toBe(401);
  });
});
