import type { APIRequestContext, Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/shared/schemas/common';
import { propertyWithVisit } from './support/api';
import { expect, newEmail, signInViaUi, signUpViaApi, test } from './support/fixtures';

// The queue of unsent changes survives everything but an informed choice: /clear-auth asks before
// it, and the queue belongs to the account that made it. The signal is lost with `page.route`
// (the service worker blocked: `page.route` does not see its requests).
test.use({ serviceWorkers: 'block' });

const loseTheSignal = (page: Page) => page.route('**/api/**', (route) => route.abort('internetdisconnected'));
const signalBack = (page: Page) => page.unroute('**/api/**');
/** Still no data, but the one request that clears the HttpOnly session cookie gets through. */
async function letClearAuthThrough(page: Page) {
  await signalBack(page);
  await page.route('**/api/**', (route) =>
    new URL(route.request().url()).pathname === '/api/clear-auth'
      ? route.continue()
      : route.abort('internetdisconnected'),
  );
}

async function notesOn(request: APIRequestContext, baseURL: string, visitId: string) {
  const response = await request.get(`${baseURL}/api/notes?attachableType=visit&attachableId=${visitId}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as ListPage<{ content: string }>).items.map((note) => note.content);
}

/** /today with the card drawn and kept, then a note written with no signal: one change waits. */
async function queueANote(page: Page, propertyName: string, content: string) {
  await page.goto('/today');
  const card = page.getByRole('article', { name: propertyName });
  await expect(card.getByText('No notes yet.')).toBeVisible();
  await loseTheSignal(page);
  await card.getByLabel('Add a note').fill(content);
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('button', { name: 'Pending changes (1)' })).toBeVisible();
}

test('/clear-auth with a change waiting asks first; going back keeps it; after signing in again it drains', async ({
  page,
  context,
  server,
  user,
}) => {
  test.setTimeout(90_000);
  const { property, visit } = await propertyWithVisit(page.request, server.baseURL, 'Beacon Hut');
  await queueANote(page, property.name, 'Shutters need oil');

  // /clear-auth lists the change and offers Sync now; nothing is wiped yet.
  await page.goto('/clear-auth');
  await expect(page.getByRole('heading', { name: 'Unsent changes', level: 1 })).toBeVisible();
  await expect(page.getByText('1 change made on this device is not sent yet')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Unsent changes' })).toContainText('New note: Shutters need oil');
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();

  // Going back keeps the queue (and the session).
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByRole('button', { name: 'Pending changes (1)' })).toBeVisible();

  // Discarding is its own choice, naming how many are lost, and asks again; Cancel keeps them.
  await page.goto('/clear-auth');
  await page.getByRole('button', { name: 'Discard 1 change' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Discard unsent changes?' });
  await expect(confirm).toContainText('1 change made on this device will be lost');
  await expect(confirm.getByRole('button', { name: 'Discard 1 change' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // To the login page: the spec's wipe (cookies included) happens, the queue stays. The signal
  // flickers just long enough for the server to clear its HttpOnly cookie.
  await letClearAuthThrough(page);
  await page.getByRole('button', { name: 'Force Redirect to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const cookies = await context.cookies();
  expect(cookies.filter((cookie) => cookie.name.includes('session_token'))).toEqual([]);
  expect(await notesOn(page.request, server.baseURL, visit.id).catch(() => null)).toBeNull();

  // The signal is back and the same account signs in: the queue drains, and the phone says so.
  await signalBack(page);
  await signInViaUi(page, user);
  await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible({ timeout: 20_000 });
  expect(await notesOn(page.request, server.baseURL, visit.id)).toEqual(['Shutters need oil']);
});

test('another account signing in on the same browser neither sends nor sees the first account’s queue', async ({
  page,
  server,
  user,
}) => {
  test.setTimeout(90_000);
  const { property, visit } = await propertyWithVisit(page.request, server.baseURL, 'Signal Box');
  await queueANote(page, property.name, 'Only mine to send');
  await page.goto('/clear-auth');
  await letClearAuthThrough(page);
  await page.getByRole('button', { name: 'Force Redirect to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signalBack(page);

  // Someone else signs in on this browser.
  const other = { email: newEmail('other'), password: 'quiet-harbour-7' };
  await signUpViaApi(page.request, server, other);
  await page.context().clearCookies();
  await signInViaUi(page, other);
  await page.goto('/today');
  await expect(page.getByText('Nothing scheduled')).toBeVisible();
  // Nothing of the first account's queue is shown, and nothing is sent, however long we wait.
  await page.waitForTimeout(3000);
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  await expect(page.getByText('All changes sent')).toHaveCount(0);

  // The other account signs out (nothing of theirs waits: no question), the first signs in again:
  // its change is sent now, once.
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInViaUi(page, user);
  await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible({ timeout: 20_000 });
  expect(await notesOn(page.request, server.baseURL, visit.id)).toEqual(['Only mine to send']);
});
