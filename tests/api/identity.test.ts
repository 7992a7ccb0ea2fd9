import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { sessions, users, verifications } from '../../src/server/db/schema';
import { IDENTITY_PAGES } from '../../src/shared/identity';
import { IDENTITY_MESSAGES } from '../../src/shared/messages/identity';
import { createUser, sessionCookie, uniqueEmail } from '../support/factories';
import { linkIn, mailsTo, waitForMail } from '../support/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// Verified e-mail addresses, password reset, password rules. Every link is read from
// the .eml outbox (DATA_DIR/outbox, no SMTP_URL here) and followed as a browser would.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const VERIFY_SUBJECT = /^Verify your e-mail address/;
const RESET_SUBJECT = /^Reset your Rounds password/;
const PASSWORD = 'quiet-harbour-7';

async function signUp(email = uniqueEmail('new'), password = PASSWORD) {
  const response = await t.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  expect(response.status, await response.clone().text()).toBe(200);
  return { email, password, cookie: sessionCookie(response.headers.get('set-cookie')) };
}

async function me(cookie: string) {
  const response = await t.request('/api/me', { cookie });
  return { status: response.status, body: (await response.json()) as { emailVerified?: boolean; id?: string } };
}

/** Follows a link of ours (absolute, on PUBLIC_URL) without a cookie unless given one: 302 and where to. */
async function follow(link: string, cookie?: string) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  const response = await t.request(`${url.pathname}${url.search}`, { cookie });
  return { status: response.status, location: new URL(response.headers.get('location') ?? '/', TEST_ORIGIN), response };
}

describe('verified e-mail addresses', () => {
  /** The page the e-mailed link opens (/verify-email/{token}) and the token in its path. */
  async function verificationLink(email: string) {
    const link = linkIn(await waitForMail(t.config.dataDir, email, VERIFY_SUBJECT), `${IDENTITY_PAGES.verifyEmail}/`);
    const url = new URL(link);
    expect(url.origin).toBe(TEST_ORIGIN);
    return { link, token: decodeURIComponent(url.pathname.slice(`${IDENTITY_PAGES.verifyEmail}/`.length)) };
  }
  /** 'Verify my e-mail' on that page: POST /api/verify-email/{token}, with no cookie unless given one. */
  const verify = (token: string, cookie?: string) =>
    t.request(`/api/verify-email/${encodeURIComponent(token)}`, { method: 'POST', body: {}, cookie });

  it("sign-up e-mails a link to our page; opening it verifies nothing, 'Verify my e-mail' does", async () => {
    const user = await signUp();
    expect((await me(user.cookie)).body.emailVerified).toBe(false);

    const { link, token } = await verificationLink(user.email);
    // A mail scanner opens the link (GET and HEAD): only a page (served by the client build, absent
    // here), and the address stays unverified.
    for (const method of ['GET', 'HEAD']) {
      const opened = await t.request(new URL(link).pathname, { method });
      expect(opened.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    }
    // better-auth's own link (the one e-mails carried before) only leads to that page.
    const old = await follow(`${TEST_ORIGIN}/api/auth/verify-email?token=${token}&callbackURL=/verify-email`);
    expect(old.status).toBe(303);
    expect(old.location.pathname).toBe(new URL(link).pathname);
    expect((await me(user.cookie)).body.emailVerified).toBe(false);

    // Pressed on another device (no cookie): it proves the address and signs nobody in.
    const verified = await verify(token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ next: IDENTITY_PAGES.verifyEmail });
    expect(verified.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    expect((await me(user.cookie)).body.emailVerified).toBe(true);
  });

  it('the link works once: a second POST is refused and changes nothing', async () => {
    const user = await signUp();
    const { token } = await verificationLink(user.email);
    expect((await verify(token)).status).toBe(200);
    const [before] = await t.db.select().from(users).where(eq(users.email, user.email));
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: IDENTITY_MESSAGES.verificationLinkInvalid },
    });
    expect(again.headers.get('set-cookie') ?? '').not.toContain('session_token=');
    const [after] = await t.db.select().from(users).where(eq(users.email, user.email));
    expect(after).toEqual(before);
  });

  it('the link expires after 24 hours', async () => {
    const user = await signUp();
    const { token } = await verificationLink(user.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 + 60_000 });
    try {
      const late = await verify(token);
      expect(late.status).toBe(400);
      expect(await late.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: IDENTITY_MESSAGES.verificationLinkExpired },
      });
    } finally {
      vi.useRealTimers();
    }
    expect((await me(user.cookie)).body.emailVerified).toBe(false);
  });

  it('a made-up or tampered link verifies nothing', async () => {
    const user = await signUp();
    const { token } = await verificationLink(user.email);
    const tampered = token.replace(/^([^.]+)\./, '$1x.');
    for (const bad of [tampered, 'made-up']) {
      const result = await verify(bad);
      expect(result.status).toBe(400);
      expect(await result.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: IDENTITY_MESSAGES.verificationLinkInvalid },
      });
    }
    expect((await me(user.cookie)).body.emailVerified).toBe(false);
  });

  it("'Resend' sends a new link to the signed-in account only, within a per-account limit (429 with minutes)", async () => {
    const user = await signUp();
    await waitForMail(t.config.dataDir, user.email, VERIFY_SUBJECT);
    const resend = () =>
      t.request('/api/auth/send-verification-email', {
        cookie: user.cookie,
        body: { email: user.email, callbackURL: IDENTITY_PAGES.verifyEmail },
      });
    // The sign-up's link was the first of five an hour.
    for (let sent = 1; sent < 5; sent += 1) expect((await resend()).status).toBe(200);
    expect(await mailsTo(t.config.dataDir, user.email, VERIFY_SUBJECT)).toHaveLength(5);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^You have sent too many e-mails; try again in \d+ minutes?$/,
    );
    // Asking for someone else's address from this session is refused.
    const other = await t.request('/api/auth/send-verification-email', {
      cookie: user.cookie,
      body: { email: uniqueEmail('other') },
    });
    expect(other.status).toBe(400);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) =>
    t.request('/api/auth/request-password-reset', {
      body: { email, redirectTo: IDENTITY_PAGES.resetPassword },
    });

  it('answers the same whether or not the address has an account', async () => {
    const user = await createUser(t);
    const known = await requestReset(user.email);
    const unknown = await requestReset(uniqueEmail('nobody'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await waitForMail(t.config.dataDir, user.email, RESET_SUBJECT);
  });

  it('the link sets a new password once, ends every session, and proves the address', async () => {
    const user = await createUser(t, { verified: false });
    const otherDevice = sessionCookie(
      (
        await t.request('/api/auth/sign-in/email', { body: { email: user.email, password: user.password } })
      ).headers.get('set-cookie'),
    );
    expect((await requestReset(user.email)).status).toBe(200);
    const mail = await waitForMail(t.config.dataDir, user.email, RESET_SUBJECT);
    const link = linkIn(mail, '/api/auth/reset-password/');
    const landed = await follow(link);
    expect(landed.status).toBe(302);
    expect(`${landed.location.origin}${landed.location.pathname}`).toBe(
      `${TEST_ORIGIN}${IDENTITY_PAGES.resetPassword}`,
    );
    const token = landed.location.searchParams.get('token');
    expect(token).toBeTruthy();

    const changed = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'a-new-harbour-8' } });
    expect(changed.status).toBe(200);
    for (const cookie of [user.cookie, otherDevice]) expect((await me(cookie)).status).toBe(401);
    const oldPassword = await t.request('/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await t.request('/api/auth/sign-in/email', {
      body: { email: user.email, password: 'a-new-harbour-8' },
    });
    expect(newPassword.status).toBe(200);
    expect((await me(sessionCookie(newPassword.headers.get('set-cookie')))).body.emailVerified).toBe(true);

    // Used once: the same token again, and the link again, are refused.
    const again = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'third-harbour-9' } });
    expect(again.status).toBe(400);
    expect((await follow(link)).location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('the link expires after one hour', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const link = linkIn(
      await waitForMail(t.config.dataDir, user.email, RESET_SUBJECT, { after: 0 }),
      '/api/auth/reset-password/',
    );
    const token = new URL(link).pathname.split('/').pop();
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await follow(link)).location.searchParams.get('error')).toBe('INVALID_TOKEN');
    const refused = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'a-new-harbour-8' } });
    expect(refused.status).toBe(400);
  });

  it('the new password follows the password rules', async () => {
    const refused = await t.request('/api/auth/reset-password', { body: { token: 'x', newPassword: 'qwerty' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { fields: { newPassword: IDENTITY_MESSAGES.passwordTooCommon } },
    });
  });

  it('is rate-limited like sign-in', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.request('/api/auth/request-password-reset', {
          body: { email: uniqueEmail('x'), redirectTo: IDENTITY_PAGES.resetPassword },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('passwords', () => {
  it('refuses a password made only of spaces, and common passwords, with a clear message', async () => {
    const spaces = await t.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail(), password: '        ', name: '' },
    });
    expect(spaces.status).toBe(400);
    expect(await spaces.json()).toMatchObject({
      error: { fields: { password: IDENTITY_MESSAGES.passwordOnlySpaces } },
    });
    for (const common of ['123456', 'password', 'qwerty', 'Password1', '  letmein  ']) {
      const response = await t.request('/api/auth/sign-up/email', {
        body: { email: uniqueEmail(), password: common, name: '' },
      });
      expect(response.status, common).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { fields: { password: IDENTITY_MESSAGES.passwordTooCommon } },
      });
    }
    // The spec's minimum of 6 stays.
    const short = await t.request('/api/auth/sign-up/email', { body: { email: uniqueEmail(), password: 'k9#Lq' } });
    expect(await short.json()).toMatchObject({
      error: { fields: { password: 'Password must be at least 6 characters' } },
    });
  });

  it('change-password refuses a common one and always signs out every other session', async () => {
    const user = await createUser(t);
    const second = sessionCookie(
      (
        await t.request('/api/auth/sign-in/email', { body: { email: user.email, password: user.password } })
      ).headers.get('set-cookie'),
    );
    const common = await t.request('/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'iloveyou' },
    });
    expect(common.status).toBe(400);
    // The client asks to keep the other sessions: they end anyway.
    const changed = await t.request('/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'changed-harbour-5', revokeOtherSessions: false },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await me(second)).status).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(1);
  });

  it('setting a first password (a Google account) refuses a common one', async () => {
    const { createGoogleUser } = await import('../support/factories');
    const user = await createGoogleUser(t);
    const response = await t.request('/api/me/password', { cookie: user.cookie, body: { newPassword: 'sunshine' } });
    expect(response.status).toBe(400);
  });
});

describe('safer defaults', () => {
  it('runs as production unless told otherwise; the Vite origin is trusted only in development', () => {
    const base = { BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' };
    expect(loadConfig(base).env).toBe('production');
    expect(loadConfig(base).trustedOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).trustedOrigins).toContain('http://localhost:5173');
  });

  it('in production without BETTER_AUTH_SECRET, the secret kept in DATA_DIR is used (and kept)', () => {
    const dataDir = `${t.config.dataDir}/secret-test`;
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(first.secretFromDataDir).toBe(true);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });
});
