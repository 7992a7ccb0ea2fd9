import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

// Issue 16 (dashboard LCP): a page's first data requests start with its code (api/early.ts),
// not one after another once the guard and the page have rendered.

const DASHBOARD_REQUESTS = ['/api/me', '/api/visits/upcoming?limit=5', '/api/invitations'];

test("the dashboard's first requests start while its code loads, and each is made once", async ({
  page,
  user: _signedIn,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
  });
  await page.goto('/dashboard');
  await expect(page.getByText('No upcoming visits scheduled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  for (const path of DASHBOARD_REQUESTS)
    expect(
      asked.filter((url) => url === path),
      path,
    ).toHaveLength(1);

  // Each request began before the dashboard's own code had arrived, let alone run.
  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map(({ name, startTime, responseEnd }) => ({
        path: new URL(name).pathname + new URL(name).search,
        startTime,
        responseEnd,
      })),
  );
  const chunk = timings.find((timing) => /\/assets\/dashboard-page-[^/]+\.js$/.test(timing.path));
  expect(chunk, timings.map((timing) => timing.path).join('\n')).toBeDefined();
  for (const path of DASHBOARD_REQUESTS) {
    const request = timings.find((timing) => timing.path === path);
    expect(request?.startTime, path).toBeLessThan(chunk!.responseEnd);
  }
});

test('an early answer from before signing in is not used after it', async ({ page, baseURL }) => {
  const user = { email: newEmail(), password: 'password123' };
  await signUpViaApi(page.context().request, baseURL!, user);
  await page.context().clearCookies();

  // Signed out, /dashboard starts its requests (each answers 401) and sends the browser to /login.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Within seconds of those 401s, the dashboard asks again and shows the user's (empty) list.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No upcoming visits scheduled')).toBeVisible();
  await expect(page.getByText('Failed to load visits')).toHaveCount(0);
});
