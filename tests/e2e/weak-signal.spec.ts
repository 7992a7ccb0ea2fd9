import type { APIRequestContext, Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/shared/schemas/common';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { propertyWithVisit } from './support/api';
import { expect, test } from './support/fixtures';

// Bars but no data: every request to the server fails while the phone says it is online
// (`navigator.onLine` stays true), as with a weak signal or a captive portal. The app must treat it
// as offline (the kept page, 'Offline', the queue kept), never as signed out. The service worker is
// blocked: `page.route` does not see the requests a service worker makes, and the app's own code
// still comes from the server (only `/api` fails).
test.use({ serviceWorkers: 'block' });

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Every request to the API fails as with no data: no answer at all. */
const loseTheSignal = (page: Page) => page.route('**/api/**', (route) => route.abort('internetdisconnected'));

test('a weak signal is offline, not signed out: the kept page, the queue kept, and it drains when the signal returns', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(90_000);
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Cliff House');
  await page.goto('/today');
  const card = page.getByRole('article', { name: property.name });
  const tick = card.getByRole('checkbox', { name: tasks[0]!.name });
  await expect(card.getByText('No notes yet.')).toBeVisible();
  await expect(tick).not.toBeChecked();
  // The persister writes the kept copy at most every 500 ms.
  await page.waitForTimeout(1200);

  // The signal goes; the phone still says it is online.
  await loseTheSignal(page);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await tick.click();
  await expect(tick).toBeChecked();
  await card.getByLabel('Add a note').fill('No data up on the cliff');
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending changes (2)' })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Notes' }).getByText('No data up on the cliff')).toBeVisible();
  await page.waitForTimeout(1200);

  // Reload with no data: Today comes from the kept copy, offline, not Sign in.
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(card.getByRole('list', { name: 'Notes' }).getByText('No data up on the cliff')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending changes (2)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);

  // Past the 5 s sign-in time-out: still Today, never /clear-auth.
  await page.waitForTimeout(6000);
  await expect(page).toHaveURL(/\/today$/);
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending changes (2)' })).toBeVisible();

  // The signal returns: the probe finds the server, the queue drains, and the phone says so.
  await page.unroute('**/api/**');
  const allSent = page.getByRole('status').filter({ hasText: 'All changes sent' });
  await expect(allSent).toBeVisible({ timeout: 20_000 });
  // On the phone it sits in the header's one row, whole and on screen.
  expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(56);
  const badge = (await allSent.boundingBox())!;
  expect(badge.x).toBeGreaterThanOrEqual(0);
  expect(badge.x + badge.width).toBeLessThanOrEqual(390);
  expect(await allSent.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('all-changes-sent.png') });
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0);
  await expect(tick).toBeChecked();

  // The server has the tick and the note, once each.
  const fresh = await getJson<VisitDetailDto>(page.request, `${server.baseURL}/api/visits/${visit.id}`);
  expect(fresh.tasks.find((task) => task.name === tasks[0]!.name)?.status).toBe('completed');
  expect(fresh.tasks.find((task) => task.name === tasks[1]!.name)?.status).toBe('pending');
  const notes = await getJson<ListPage<{ content: string }>>(
    page.request,
    `${server.baseURL}/api/notes?attachableType=visit&attachableId=${visit.id}`,
  );
  expect(notes.items.map((note) => note.content)).toEqual(['No data up on the cliff']);
});
