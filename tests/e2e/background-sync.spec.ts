import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/shared/schemas/common';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { propertyWithVisit } from './support/api';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import { openControlled } from './support/service-worker';

// Background Sync (Chromium): changes made with no network are sent by the service worker after
// the tab is closed. The page queues them offline and asks for a sync; the tab is closed, the
// network comes back, and the browser wakes the worker (here through the DevTools protocol's
// `ServiceWorker.dispatchSyncEvent`, as the browser does when it sees the network): the server
// then has the changes with no tab open. The worker sends only the account the server names.

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  // A kept-alive connection the server has closed meanwhile is tried again, once.
  const response = await request.get(url).catch(() => request.get(url));
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const notesOn = async (request: APIRequestContext, baseURL: string, visitId: string) =>
  (
    await getJson<ListPage<{ content: string }>>(
      request,
      `${baseURL}/api/notes?attachableType=visit&attachableId=${visitId}`,
    )
  ).items.map((note) => note.content);

/** /today controlled by the service worker, then a tick and a note made with no network. */
async function queueOffline(page: Page, context: BrowserContext, propertyName: string, taskName: string, note: string) {
  await openControlled(page, '/today');
  const card = page.getByRole('article', { name: propertyName });
  await expect(card.getByText('No notes yet.')).toBeVisible();
  // Nothing in flight, and the kept copy written (at most every 500 ms).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1200);
  await context.setOffline(true);
  const tick = card.getByRole('checkbox', { name: taskName });
  await tick.click();
  await expect(tick).toBeChecked();
  await card.getByLabel('Add a note').fill(note);
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('button', { name: 'Pending changes (2)' })).toBeVisible();
  // The page has asked the browser for a sync of the queue.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (registration as unknown as { sync: { getTags: () => Promise<string[]> } }).sync.getTags();
      }),
    )
    .toContain('rounds-outbox');
}

/** The tags of the syncs the browser still owes the service worker (asked of the worker: no tab needed). */
function pendingSyncs(context: BrowserContext) {
  const worker = context.serviceWorkers()[0]!;
  return worker.evaluate(() =>
    (self as unknown as { registration: { sync: { getTags: () => Promise<string[]> } } }).registration.sync.getTags(),
  );
}

/** The requests the service worker makes to `path` (Chromium reports them to the context). */
function workerRequests(context: BrowserContext, path: string) {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

test('a tick and a note made offline reach the server after the tab is closed', async ({
  page,
  context,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Quarry Lodge');
  await queueOffline(page, context, property.name, tasks[0]!.name, 'Sent by the worker');

  // The tab goes, with nothing sent; then the network comes back, and the browser wakes the worker.
  await page.close();
  expect(context.pages()).toHaveLength(0);
  const request = context.request;
  expect(await notesOn(request, server.baseURL, visit.id)).toEqual([]);
  const meAsked = workerRequests(context, '/api/me');
  await context.setOffline(false);
  await expect
    .poll(() => notesOn(request, server.baseURL, visit.id), { timeout: 20_000 })
    .toEqual(['Sent by the worker']);
  const fresh = await getJson<VisitDetailDto>(request, `${server.baseURL}/api/visits/${visit.id}`);
  expect(fresh.tasks.find((task) => task.name === tasks[0]!.name)?.status).toBe('completed');
  expect(fresh.tasks.find((task) => task.name === tasks[1]!.name)?.status).toBe('pending');
  await expect.poll(() => pendingSyncs(context)).toEqual([]);
  expect(meAsked).toEqual(['GET']);

  // Opened again, the phone shows the note and nothing waiting; the server has each change once.
  const again = await context.newPage();
  await again.goto('/today');
  const card = again.getByRole('article', { name: property.name });
  await expect(card.getByText('Sent by the worker')).toBeVisible();
  await expect(card.getByRole('checkbox', { name: tasks[0]!.name })).toBeChecked();
  await expect(again.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  expect(await notesOn(request, server.baseURL, visit.id)).toEqual(['Sent by the worker']);
});

/** Someone other than the account that queued the changes (`who`) when the network comes back. */
async function syncAs(
  who: 'another account' | 'nobody',
  {
    page,
    context,
    server,
    user,
  }: {
    page: Page;
    context: BrowserContext;
    server: { baseURL: string; dataDir: string };
    user: { email: string; password: string };
  },
) {
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Mill Race');
  await queueOffline(page, context, property.name, tasks[0]!.name, 'Only the first account sends this');
  await page.close();
  const request = context.request;
  const mine = await context.cookies();
  await context.clearCookies();
  if (who === 'another account') {
    await signUpViaApi(request, server, { email: newEmail('other'), password: 'quiet-harbour-7' });
  }

  // The network comes back: the worker runs, asks who is signed in, and sends nothing.
  const meAsked = workerRequests(context, '/api/me');
  await context.setOffline(false);
  await expect.poll(() => pendingSyncs(context), { timeout: 20_000 }).toEqual([]);
  expect(meAsked).toEqual(['GET']);
  await context.clearCookies();
  await context.addCookies(mine);
  expect(await notesOn(request, server.baseURL, visit.id)).toEqual([]);
  const fresh = await getJson<VisitDetailDto>(request, `${server.baseURL}/api/visits/${visit.id}`);
  expect(fresh.tasks.find((task) => task.name === tasks[0]!.name)?.status).toBe('pending');

  // The changes waited as they were (not failed): the first account's next visit sends them, once.
  const again = await context.newPage();
  await again.goto('/today');
  await expect(again.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible({ timeout: 20_000 });
  expect(await notesOn(request, server.baseURL, visit.id)).toEqual(['Only the first account sends this']);
  expect(user.email).toBeTruthy();
}

test("another account signed in when the network returns: the worker sends none of the first account's changes", async ({
  page,
  context,
  server,
  user,
}) => {
  test.setTimeout(120_000);
  await syncAs('another account', { page, context, server, user });
});

test('signed out when the network returns: the worker sends nothing, and the changes wait for the next sign-in', async ({
  page,
  context,
  server,
  user,
}) => {
  test.setTimeout(120_000);
  await syncAs('nobody', { page, context, server, user });
});
