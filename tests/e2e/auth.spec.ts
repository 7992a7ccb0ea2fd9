import { apiClient } from './support/api';
import { expect, newEmail, signInViaUi, signUpViaApi, test } from './support/fixtures';

test('a new user signs up, signs out, signs back in, and meets the 404 page', async ({ page }) => {
  const user = { email: newEmail('journey'), password: 'quiet-harbour-7' };

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  // The address changes before the sign-up page's code has arrived; until then /login's own
  // Email field is still on screen, and typing into it would be lost.
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();

  // Client-side rules of spec §5 before anything is sent.
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-user')).toHaveText(user.email);
  await expect(page.getByRole('heading', { name: 'Upcoming Visits' })).toBeVisible();
  await expect(page.getByText('No upcoming visits scheduled')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: /Properties/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Users/ })).toHaveCount(0);

  await page.getByRole('button', { name: `Account: ${user.email}` }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A wrong password shows the spec's message and keeps the user on /login.
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Please check your credentials.');

  await signInViaUi(page, user);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Redirecting you back...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });

  await page.goto('/no/such/page');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/clear-auth ends signed out on /login, and protected routes then go to /login', async ({ page, user }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-user')).toHaveText(user.email);

  await page.goto('/clear-auth');
  await expect(page).toHaveURL(/\/login$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes('session_token'))).toEqual([]);

  await page.goto('/resources/properties');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the page shell shows the back link, breadcrumbs, e-mail and Sign out', async ({ page, server, user }) => {
  // On a phone the breadcrumbs show only a level the bottom bar does not (a task's list).
  const task = await apiClient(page.request, server.baseURL).post('/api/tasks', {
    name: 'Check boiler',
    estimatedDurationMinutes: 30,
    defaultPrice: 4000,
  });
  await page.goto(`/resources/tasks/${task.id}`);
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Tasks');
  // The e-mail and Sign out are in the account menu at the end of the header.
  await expect(page.getByTestId('signed-in-email')).toHaveText(user.email);
  await page.getByRole('button', { name: `Account: ${user.email}` }).click();
  await expect(page.getByTestId('signed-in-email')).toBeVisible();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/auth-test runs its four checks without revealing secrets', async ({ page }) => {
  await page.goto('/auth-test');
  for (const name of ['Database connection', 'Session', 'Environment variables', 'Test sign-in']) {
    await expect(page.getByLabel(name)).toContainText('passed');
  }
  await expect(page.getByText(/Backend URL: http:\/\/localhost:\d+/)).toBeVisible();
  await expect(page.getByText('BETTER_AUTH_SECRET: set')).toBeVisible();
  await expect(page.getByText('e2e-secret-that-is-long-enough')).toHaveCount(0);
});

test('a sign-in check that hangs for over 5 s sends the user to /clear-auth, which ends on /login', async ({
  page,
  user,
}) => {
  expect(user.email).toBeTruthy();
  // Hold the first /api/me answer back (a stalled network), let the rest through.
  let held = false;
  await page.route('**/api/me', async (route) => {
    if (held) return route.continue();
    held = true;
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await route.continue().catch(() => undefined);
  });
  const clearAuthVisited = page.waitForURL(/\/clear-auth$/, { timeout: 8000 });
  await page.goto('/dashboard');
  await expect(page.getByRole('status', { name: 'Checking sign-in' })).toBeVisible();
  await clearAuthVisited;
  await expect(page).toHaveURL(/\/login$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes('session_token'))).toEqual([]);
});

test('on a phone, a long e-mail is whole in the account menu and Sign out stays whole', async ({ page, server }) => {
  const user = { email: `a-very-long-address-${newEmail('for-the-shell')}`, password: 'quiet-harbour-7' };
  await signUpViaApi(page.request, server, user);
  await page.goto('/resources/tasks');
  const account = page.getByRole('button', { name: `Account: ${user.email}` });
  const back = (await page.getByRole('link', { name: 'Back to Dashboard' }).boundingBox())!;
  const width = page.viewportSize()?.width ?? 0;
  const accountBox = (await account.boundingBox())!;
  expect(back.x >= 0 && back.x + back.width <= accountBox.x).toBe(true);
  expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(width);
  await account.click();
  const email = page.getByTestId('signed-in-email');
  await expect(email).toBeVisible();
  expect(await email.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  const signOut = (await page.getByRole('link', { name: 'Sign out' }).boundingBox())!;
  expect(signOut.x >= 0 && signOut.x + signOut.width <= width).toBe(true);
});
