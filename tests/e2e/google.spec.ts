import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { GOOGLE_MESSAGES } from '../../src/shared/google';
import { startIdp, type IdpAccount, type RunningIdp } from '../support/idp';
import { linkIn, waitForMail } from '../support/outbox';
import { test as base, expect, newEmail, signInViaUi, signUpViaApi } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

// "Sign in with Google" through the full redirect flow in Chromium, against a real OpenID
// Connect provider (oidc-provider) on a local port: one provider and one server for the file.

const CLIENT = { clientId: 'rounds-e2e', clientSecret: 'rounds-e2e-google-secret' };

const test = base.extend<object, { idp: RunningIdp; server: RunningServer }>({
  idp: [
    async ({}, use) => {
      const idp = await startIdp({ quiet: true });
      await use(idp);
      await idp.stop();
    },
    { scope: 'worker' },
  ],
  // The provider first: the server reads its discovery document when it starts.
  server: [
    async ({ idp }, use) => {
      const server = await startServer({
        env: {
          GOOGLE_CLIENT_ID: CLIENT.clientId,
          GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
          GOOGLE_ISSUER: idp.issuer,
        },
      });
      await idp.registerClient({ ...CLIENT, redirectUris: [`${server.baseURL}/api/auth/callback/google`] });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

function addAccount(idp: RunningIdp, overrides: Partial<IdpAccount> = {}): IdpAccount {
  const account = {
    sub: `e2e-${randomUUID()}`,
    email: newEmail('google'),
    emailVerified: true,
    name: 'Ada Lovelace',
    ...overrides,
  };
  idp.addAccount(account);
  return account;
}

/** Holds the next start of a Google sign-in (the request to our server) until `release()`. */
async function holdGoogleStart(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/auth/sign-in/social',
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

async function myId(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test('sign up with Google, sign out, sign in with Google: the same account', async ({ page, idp }) => {
  const account = addAccount(idp, { name: 'Grace Hopper' });

  await page.goto('/signup');
  const releaseSignUp = await holdGoogleStart(page);
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('button', { name: 'Signing up...' })).toBeDisabled(); // spec §4 busy label
  releaseSignUp();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.getByRole('button', { name: `Continue as ${account.name}` }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-user')).toHaveText('Grace Hopper');
  const id = await myId(page);
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ email: account.email, role: 'customer', profile: { displayName: 'Grace Hopper' } });

  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The provider remembers her, as Google does: straight back to the dashboard.
  const releaseSignIn = await holdGoogleStart(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  releaseSignIn();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-user')).toHaveText('Grace Hopper');
  expect(await myId(page)).toBe(id);
});

test('a page restored from the back/forward cache has a usable Google button again', async ({ page, idp }) => {
  await page.goto('/login');
  const release = await holdGoogleStart(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  // What the browser fires when Back brings the page out of its cache, state and all.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  release();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
});

test('denying access at the provider returns to /login with the error', async ({ page, idp }) => {
  addAccount(idp);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'Deny access' }).click();

  await expect(page).toHaveURL(/\/login$/);
  // Only our own sentence, never the provider's words from the address.
  await expect(page.getByRole('alert')).toHaveText('Google sign-in was cancelled, or Google did not allow it.');
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('an unverified Google e-mail that matches a password account is refused', async ({
  page,
  idp,
  request,
  server,
}) => {
  const user = { email: newEmail('owner'), password: 'quiet-harbour-7' };
  await signUpViaApi(request, server, user); // a separate cookie jar: the page stays signed out
  const account = addAccount(idp, { email: user.email, emailVerified: false, name: 'Someone Else' });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: `Continue as ${account.name}` }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(GOOGLE_MESSAGES.notLinked);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The password account is untouched and still signs in.
  await signInViaUi(page, user);
  await expect(page.getByTestId('dashboard-user')).toHaveText(user.email);
});

// The pre-hijack (high): an attacker signs up with a password as Ada's address; later
// the real Ada uses 'Sign in with Google', whose provider vouches for the address.
test('the pre-hijack fails: Google never joins the unverified account; Ada claims it from her inbox and the attacker holds nothing', async ({
  page,
  idp,
  browser,
  server,
}) => {
  const email = newEmail('ada');
  const attackerContext = await browser.newContext(server.contextOptions);
  const attacker = await attackerContext.newPage();
  await signUpViaApi(attacker.request, server, { email, password: 'attacker-harbour-1' }, { verified: false });
  const seeded = await attacker.request.post('/api/properties', {
    data: { name: 'Bait Cottage', address: '1 Trap Lane' },
  });
  expect(seeded.status()).toBe(201);
  const account = addAccount(idp, { email, emailVerified: true, name: `Ada ${email.slice(4, 12)}` });

  // Ada: Google is refused, with a way forward.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: `Continue as ${account.name}` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this e-mail exists but was never verified. We sent it a link.',
  );
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The link is in Ada's inbox: she follows it and chooses a password.
  const claim = await waitForMail(server.dataDir, email, /^Confirm your Rounds account/);
  await page.goto(linkIn(claim, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('adas-own-harbour-2');
  await page.getByLabel('Confirm password').fill('adas-own-harbour-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with your new password.');

  // Now Google joins the account whose address is proven (the provider remembers Ada: no picker).
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Check your inbox to verify ${email}`)).toHaveCount(0);

  // The attacker: signed out everywhere, the password refused.
  expect((await attacker.request.get('/api/me')).status()).toBe(401);
  const again = await attacker.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'attacker-harbour-1' },
  });
  expect(again.status()).toBe(401);
  await attackerContext.close();
});
