import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, waitForMail } from '../../support/outbox';
import { startServer, type RunningServer } from './server';

export interface E2EUser {
  email: string;
  password: string;
}

export const newEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

type ServerRef = Pick<RunningServer, 'baseURL' | 'dataDir'>;

/**
 * Creates an account through the API; the request context's cookies then belong to that user.
 * Unless told not to, its address is then verified as its owner would: the link of
 * the e-mail the sign-up wrote to the server's outbox is followed.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  server: ServerRef,
  user: E2EUser,
  { verified = true }: { verified?: boolean } = {},
) {
  const response = await request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email: user.email, password: user.password, name: '' },
    headers: { origin: server.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  if (verified) await verifyEmailViaOutbox(request, server, user.email);
}

/**
 * Uses the newest verification link e-mailed to `email`, as its owner would (no cookie needed):
 * the link opens /verify-email/{token}, whose 'Verify my e-mail' posts the token.
 */
export async function verifyEmailViaOutbox(request: APIRequestContext, server: ServerRef, email: string) {
  const mail = await waitForMail(server.dataDir, email, /^Verify your e-mail address/);
  const token = new URL(linkIn(mail, '/verify-email/')).pathname.split('/').pop()!;
  const verified = await request.post(`${server.baseURL}/api/verify-email/${token}`, {
    data: {},
    headers: { origin: server.baseURL },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  expect(await verified.json()).toEqual({ next: '/verify-email' });
}

/** Signs in through the UI, as a person would. */
export async function signInViaUi(page: Page, user: E2EUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Sets the time zone of the business the request's user is in. */
export async function setBusinessZone(request: APIRequestContext, baseURL: string, timeZone: string) {
  const me = (await (await request.get(`${baseURL}/api/me`)).json()) as { workspace: { id: string } };
  const changed = await request.patch(`${baseURL}/api/workspaces/${me.workspace.id}`, {
    data: { timeZone },
    headers: { origin: baseURL },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

type WorkerFixtures = { server: RunningServer };
type TestFixtures = {
  user: E2EUser;
  consoleErrors: string[];
  /**
   * The time zone of the user's business, set after sign-up; null keeps the server's default
   * ('UTC'). A spec that reads days as the browser does uses the run's zone:
   * `test.use({ businessZone: process.env.ROUNDS_E2E_TIME_ZONE })`. Screens show the business's days.
   */
  businessZone: string | null;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // One real server per worker, with its own fresh data folder.
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  // Set-up calls through Playwright's request API carry the app's origin, as the browser's own
  // writes do: the server refuses writes from anywhere else (CSRF).
  extraHTTPHeaders: async ({ server }, use) => use({ origin: server.baseURL }),
  businessZone: [null, { option: true }],
  /** A signed-up user whose session the page already carries. */
  user: async ({ page, server, businessZone }, use) => {
    const user = { email: newEmail(), password: 'quiet-harbour-7' };
    await signUpViaApi(page.request, server, user);
    if (businessZone) await setBusinessZone(page.request, server.baseURL, businessZone);
    await use(user);
  },
  // A console error in the page fails the test (failed HTTP answers are expected and shown in the UI).
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
