import type { Page } from '@playwright/test';
import { propertyWithVisit } from './support/api';
import { expect, test } from './support/fixtures';
import { openControlled } from './support/service-worker';

// A warm start (the service worker in control, the cache kept in IndexedDB)
// draws the landing page from the kept copy on its first screen, without waiting for the server:
// never 'Checking sign-in' or a list's spinner first. The app-drawn main content carries the
// Element Timing name that bench/web-vitals.mjs measures.

/** The loaders a warm start must not show (the guard's, the dashboard's list, Today's list). */
const LOADERS = ['Checking sign-in', 'Loading visits', 'Loading your visits'];

/** Records, from the page's very start, every loader that appears. */
async function recordLoaders(page: Page) {
  await page.addInitScript((labels: string[]) => {
    const seen: string[] = [];
    (window as unknown as { __loaders: string[] }).__loaders = seen;
    new MutationObserver(() => {
      for (const label of labels) {
        if (!seen.includes(label) && document.querySelector(`[role="status"][aria-label="${label}"]`)) seen.push(label);
      }
    }).observe(document, { childList: true, subtree: true });
  }, LOADERS);
}

test('a warm start draws the dashboard and Today from the kept copy, before the server answers', async ({
  page,
  context,
  server,
  user: _user,
}) => {
  test.setTimeout(90_000);
  const { property } = await propertyWithVisit(page.request, server.baseURL, 'Tide Mill');
  // Today's visits and the dashboard's are both kept in the copy.
  await openControlled(page, '/today');
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Upcoming visits' }).getByText(property.name)).toBeVisible();
  // The persister writes at most every 500 ms.
  await page.waitForTimeout(1200);

  // From here the API never answers: what shows comes from the copy.
  await context.route('**/api/**', () => undefined);
  await recordLoaders(page);
  for (const [url, name, shown] of [
    [
      '/today',
      'today-first-stop',
      // The stop's own heading: its Notes and Photos headings follow a frame later.
      page.getByRole('article', { name: property.name }).getByRole('heading', { name: property.name }),
    ],
    [
      '/dashboard',
      'dashboard-upcoming-first',
      page.getByRole('list', { name: 'Upcoming visits' }).getByText(property.name),
    ],
  ] as const) {
    await page.goto(url);
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute('elementtiming', name);
    expect(await page.evaluate(() => (window as unknown as { __loaders: string[] }).__loaders)).toEqual([]);
  }
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});
