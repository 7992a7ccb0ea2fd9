import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// A signed-in phone opening the dashboard or Today sees the page's frame (header,
// heading, bottom bar) from the HTML before the JavaScript has run; the app then draws the page
// over it and takes the frame away, leaving one heading and nothing hidden behind.

/** Where a phone's heading is, in the header row: after the back link's 44 px, or first on the dashboard. */
const HEADING_AT = { '/dashboard': { x: 10, y: 14.453125 }, '/today': { x: 58, y: 14.453125 } };

test('the dashboard’s frame shows from the HTML alone, before any script has run', async ({ page, user: _user }) => {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  const frame = page.locator('#page-frame');
  // On a phone the heading is in the 56 px header row; the wide screens' one is hidden.
  const heading = frame.locator('h1:visible');
  await expect(heading).toHaveText('Dashboard');
  await expect(heading).toBeVisible();
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  // It is where the page's own heading will be.
  expect(await heading.boundingBox()).toMatchObject(HEADING_AT['/dashboard']);
});

test('once the app has drawn the page, the frame is gone: one heading, and the page is usable and accessible', async ({
  page,
  user: _user,
}) => {
  for (const [url, title] of [
    ['/today', 'Today'],
    ['/dashboard', 'Dashboard'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.locator('#page-frame')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    // The app's heading sits exactly where the frame's was.
    expect(await page.locator('h1').boundingBox()).toMatchObject(HEADING_AT[url]);
    expect((await auditPage(page, url)).details).toEqual([]);
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Visits' }).last().click();
  await expect(page).toHaveURL(/\/resources\/visits$/);
});

test('signed out, the dashboard has no frame and goes to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#page-frame')).toHaveCount(0);
});
