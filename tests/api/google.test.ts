import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOOGLE_CALLBACK_PATH } from '../../src/server/auth/google';
import { loadConfig } from '../../src/server/config';
import { accounts, profiles, users } from '../../src/server/db/schema';
import {
  GOOGLE_MESSAGES,
  GOOGLE_NOT_LINKED_ERROR,
  GOOGLE_UNVERIFIED_ACCOUNT_ERROR,
  googleFailureMessage,
} from '../../src/shared/google';
import { AUTH_MESSAGES } from '../../src/shared/schemas/auth';
import { createUser, sessionCookie, uniqueEmail } from '../support/factories';
import { linkIn, waitForMail } from '../support/outbox';
import { completeIdpSignIn, IDP_DENIED_MESSAGE, startIdp, type IdpAccount, type RunningIdp } from '../support/idp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// The account rules of "Sign in with Google", through the whole OpenID Connect round trip
// against a real provider (oidc-provider) on a local port.

const CLIENT = { clientId: 'rounds-api-test', clientSecret: 'api-test-secret' };

let idp: RunningIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp({
    quiet: true,
    clients: [{ ...CLIENT, redirectUris: [`${TEST_ORIGIN}${GOOGLE_CALLBACK_PATH}`] }],
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: idp.issuer,
    // Every round trip starts at /sign-in/social, which shares the sign-in limit.
    AUTH_RATE_LIMIT_MAX: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

function googleAccount(overrides: Partial<IdpAccount> = {}): IdpAccount {
  const account = {
    sub: `google-${randomUUID()}`,
    email: uniqueEmail('google'),
    emailVerified: true,
    name: 'Ada Lovelace',
    ...overrides,
  };
  idp.addAccount(account);
  return account;
}

/** What the browser does: start at /api/auth/sign-in/social, pass the provider, come back to the callback. */
async function signInWithGoogle(choice: { account: string } | { deny: true }, page: '/login' | '/signup' = '/login') {
  const start = await t.request('/api/auth/sign-in/social', {
    body: {
      provider: 'google',
      callbackURL: `${TEST_ORIGIN}/dashboard`,
      errorCallbackURL: `${TEST_ORIGIN}${page}`,
    },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
  const stateCookie = sessionCookie(start.headers.get('set-cookie'));

  const back = new URL(await completeIdpSignIn(url, choice));
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_ORIGIN}${GOOGLE_CALLBACK_PATH}`);
  const callback = await t.request(`${back.pathname}${back.search}`, { cookie: stateCookie });
  expect(callback.status).toBe(302);
  const location = new URL(callback.headers.get('location') ?? '', TEST_ORIGIN);
  const setCookie = callback.headers.get('set-cookie');
  const cookie = setCookie?.includes('session_token=') ? sessionCookie(setCookie) : null;
  return { location, cookie };
}

async function me(cookie: string | null) {
  expect(cookie).toBeTruthy();
  const response = await t.request('/api/me', { cookie: cookie ?? '' });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; email: string; role: string; profile: Record<string, unknown> };
}

async function countRows() {
  return {
    users: (await t.db.select({ id: users.id }).from(users)).length,
    accounts: (await t.db.select({ id: accounts.id }).from(accounts)).length,
  };
}

/** better-auth logs a refused sign-in with console.error; expect that line and nothing else. */
function expectLoggedOnly(pattern: RegExp) {
  const spy = vi.mocked(console.error);
  expect(spy.mock.calls.length).toBeGreaterThan(0);
  for (const call of spy.mock.calls) expect(call.map(String).join(' ')).toMatch(pattern);
  spy.mockClear();
}

describe('a first-time Google user', () => {
  it('gets a customer account whose profile takes the name and e-mail from the provider', async () => {
    const account = googleAccount({ name: 'Grace Hopper' });

    const { location, cookie } = await signInWithGoogle({ account: account.sub }, '/signup');
    expect(location.toString()).toBe(`${TEST_ORIGIN}/dashboard`);

    const body = await me(cookie);
    expect(body).toMatchObject({
      email: account.email,
      role: 'customer',
      profile: { displayName: 'Grace Hopper', email: account.email },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(user).toMatchObject({ name: 'Grace Hopper', emailVerified: true, role: 'customer' });
    const links = await t.db.select().from(accounts).where(eq(accounts.userId, body.id));
    expect(links.map((link) => [link.providerId, link.accountId])).toEqual([['google', account.sub]]);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, body.id))).toHaveLength(1);
  });

  it('with an unverified e-mail that nobody uses yet still gets an account', async () => {
    const account = googleAccount({ emailVerified: false, name: 'New Person' });
    const { location, cookie } = await signInWithGoogle({ account: account.sub });
    expect(location.pathname).toBe('/dashboard');
    expect(await me(cookie)).toMatchObject({ email: account.email, role: 'customer' });
  });
});

describe('signing in again', () => {
  it('finds the same account, and creates nothing new', async () => {
    const account = googleAccount({ name: 'Katherine Johnson' });
    const first = await me((await signInWithGoogle({ account: account.sub })).cookie);
    const before = await countRows();

    // The provider now calls her something else: the account keeps the name it has.
    idp.addAccount({ ...account, name: 'K. Johnson' });
    const again = await signInWithGoogle({ account: account.sub });
    expect(again.location.pathname).toBe('/dashboard');
    const second = await me(again.cookie);

    expect(second.id).toBe(first.id);
    expect(second.profile.displayName).toBe('Katherine Johnson');
    expect(await countRows()).toEqual(before);
  });
});

describe('an existing e-mail/password account with the same e-mail', () => {
  it('is linked when the provider asserts email_verified', async () => {
    const existing = await createUser(t, { name: '' });
    const account = googleAccount({ email: existing.email, emailVerified: true, name: 'Linked Person' });

    const { location, cookie } = await signInWithGoogle({ account: account.sub });
    expect(location.pathname).toBe('/dashboard');
    expect((await me(cookie)).id).toBe(existing.id);

    const links = await t.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(links.map((link) => link.providerId).sort()).toEqual(['credential', 'google']);
    // The password still works after the link.
    const password = await t.request('/api/auth/sign-in/email', {
      body: { email: existing.email, password: existing.password },
    });
    expect(password.status).toBe(200);
    // Google signs in to the same account from now on.
    expect((await me((await signInWithGoogle({ account: account.sub })).cookie)).id).toBe(existing.id);
  });

  it('is refused without email_verified: back on the page with the reason, nothing changed', async () => {
    const existing = await createUser(t, { name: 'Password Person' });
    const account = googleAccount({ email: existing.email, emailVerified: false, name: 'Impostor' });
    const before = await countRows();
    const [userBefore] = await t.db.select().from(users).where(eq(users.id, existing.id));

    const { location, cookie } = await signInWithGoogle({ account: account.sub });
    expectLoggedOnly(/account_not_linked/);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe(GOOGLE_NOT_LINKED_ERROR);
    expect(cookie).toBeNull();

    expect(await countRows()).toEqual(before);
    const [userAfter] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(userAfter).toEqual(userBefore);
    const links = await t.db.select().from(accounts).where(eq(accounts.userId, existing.id));
    expect(links.map((link) => link.providerId)).toEqual(['credential']);
    const password = await t.request('/api/auth/sign-in/email', {
      body: { email: existing.email, password: existing.password },
    });
    expect(password.status).toBe(200);
  });

  it('matches the e-mail whatever its case', async () => {
    const existing = await createUser(t, { email: uniqueEmail('mixed') });
    const account = googleAccount({ email: existing.email.toUpperCase(), emailVerified: true });
    const { cookie } = await signInWithGoogle({ account: account.sub });
    expect((await me(cookie)).id).toBe(existing.id);
  });
});

// The pre-hijack: an attacker signs up with a password as Ada's address; later the
// real Ada uses 'Sign in with Google' (email_verified: true).
describe('an e-mail/password account whose address was never verified', () => {
  it('is never joined; its address gets a claim link, and once Ada follows it the attacker holds nothing', async () => {
    const email = uniqueEmail('ada');
    const attacker = await createUser(t, { email, verified: false, password: 'attacker-harbour-1' });
    const account = googleAccount({ email, emailVerified: true, name: 'Ada Lovelace' });

    const refused = await signInWithGoogle({ account: account.sub });
    expectLoggedOnly(/account_not_linked|Unable to link/i);
    expect(refused.location.pathname).toBe('/login');
    expect(refused.location.searchParams.get('error')).toBe(GOOGLE_UNVERIFIED_ACCOUNT_ERROR);
    expect(googleFailureMessage('sign-in', GOOGLE_UNVERIFIED_ACCOUNT_ERROR)).toBe(
      'An account with this e-mail exists but was never verified. We sent it a link.',
    );
    expect(refused.cookie).toBeNull();
    const linksBefore = await t.db.select().from(accounts).where(eq(accounts.userId, attacker.id));
    expect(linksBefore.map((link) => link.providerId)).toEqual(['credential']);

    // The link went to the address (Ada's inbox), not to the attacker.
    const claim = await waitForMail(t.config.dataDir, email, /^Confirm your Rounds account/);
    const link = new URL(linkIn(claim, '/api/auth/reset-password/'));
    const landed = await t.request(`${link.pathname}${link.search}`);
    const token = new URL(landed.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token');
    expect(token).toBeTruthy();
    const claimed = await t.request('/api/auth/reset-password', { body: { token, newPassword: 'adas-own-harbour-2' } });
    expect(claimed.status).toBe(200);

    // The attacker's password and session are gone.
    expect((await t.request('/api/me', { cookie: attacker.cookie })).status).toBe(401);
    const attackerSignIn = await t.request('/api/auth/sign-in/email', {
      body: { email, password: 'attacker-harbour-1' },
    });
    expect(attackerSignIn.status).toBe(401);
    vi.mocked(console.error).mockClear();

    // Ada's Google sign-in now joins the account, whose address is proven.
    const ada = await signInWithGoogle({ account: account.sub });
    expect(ada.location.pathname).toBe('/dashboard');
    const body = await me(ada.cookie);
    expect(body.id).toBe(attacker.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, attacker.id));
    expect(row?.emailVerified).toBe(true);
  });

  it('a Google sign-up whose address Google does not vouch for stays unverified', async () => {
    const account = googleAccount({ emailVerified: false, name: 'Unvouched' });
    const { cookie } = await signInWithGoogle({ account: account.sub });
    const response = await t.request('/api/me', { cookie: cookie ?? '' });
    expect(await response.json()).toMatchObject({ emailVerified: false });
  });
});

describe('failures', () => {
  it('a denial at the provider returns to the page the user came from with its message', async () => {
    const before = await countRows();
    const fromSignup = await signInWithGoogle({ deny: true }, '/signup');
    expect(fromSignup.location.pathname).toBe('/signup');
    expect(fromSignup.location.searchParams.get('error')).toBe('access_denied');
    expect(fromSignup.location.searchParams.get('error_description')).toBe(IDP_DENIED_MESSAGE);
    expect(fromSignup.cookie).toBeNull();

    const fromLogin = await signInWithGoogle({ deny: true }, '/login');
    expect(fromLogin.location.pathname).toBe('/login');
    expect(await countRows()).toEqual(before);
  });

  it('a callback with a forged state lands on /login with an error, signed out', async () => {
    const response = await t.request('/api/auth/callback/google?code=made-up&state=made-up');
    expectLoggedOnly(/state/i);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '', TEST_ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(response.headers.get('set-cookie') ?? '').not.toContain('session_token=');
  });

  it('a callback URL on another site is refused before leaving for the provider', async () => {
    for (const body of [
      { callbackURL: 'https://evil.example/dashboard', errorCallbackURL: `${TEST_ORIGIN}/login` },
      { callbackURL: `${TEST_ORIGIN}/dashboard`, errorCallbackURL: 'https://evil.example/login' },
    ]) {
      const response = await t.request('/api/auth/sign-in/social', { body: { provider: 'google', ...body } });
      expect(response.status).toBe(403);
      expect(response.headers.get('location')).toBeNull();
    }
    expectLoggedOnly(/Invalid (error)?callbackURL: https:\/\/evil\.example/i);
  });

  it('the pages show only fixed sentences chosen by the error code, never words from the address', () => {
    expect(googleFailureMessage('sign-in', GOOGLE_NOT_LINKED_ERROR)).toBe(GOOGLE_MESSAGES.notLinked);
    expect(googleFailureMessage('sign-in', 'access_denied')).toBe(GOOGLE_MESSAGES.denied);
    expect(googleFailureMessage('sign-in', 'invalid_code')).toBe(AUTH_MESSAGES.googleSignInFailed);
    expect(googleFailureMessage('sign-up', '<script>alert(1)</script>')).toBe(AUTH_MESSAGES.googleSignUpFailed);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' } as const;

  it('takes the issuer from GOOGLE_ISSUER, Google by default', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...base, ...google }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(loadConfig({ ...base, ...google, GOOGLE_ISSUER: 'http://localhost:4000' }).google?.issuer).toBe(
      'http://localhost:4000',
    );
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).google).toBeNull();
  });

  it('refuses to start with half of the Google client', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/GOOGLE_CLIENT_ID/);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('starting a Google sign-in answers "not configured" and redirects nowhere', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.request('/api/auth/sign-in/social', {
        body: { provider: 'google', callbackURL: `${TEST_ORIGIN}/dashboard`, errorCallbackURL: `${TEST_ORIGIN}/login` },
      });
      expect(response.status).toBe(501);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toMatchObject({
        code: 'GOOGLE_NOT_CONFIGURED',
        message: AUTH_MESSAGES.googleNotConfigured,
      });
    } finally {
      await bare.close();
    }
  });
});
