import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Page as ListPage } from '../../src/shared/schemas/common';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient, propertyWithVisit, uploadPhoto } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import { startServer } from './support/server';
import { openControlled } from './support/service-worker';

// Field mode: /today through a dead zone on a 390×844 phone, with the browser's own
// offline emulation. The service worker is the real one (the compiled build); setOffline only
// holds for the page once it is controlled by it.

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Opens /today, waits until the service worker controls the page and the cache is written. */
async function openTodayControlled(page: Page, propertyName: string, photos = 'No photos yet.') {
  await openControlled(page, '/today');
  const card = page.getByRole('article', { name: propertyName });
  await expect(card.getByText('No notes yet.')).toBeVisible();
  await expect(
    photos === 'No photos yet.' ? card.getByText(photos) : card.getByRole('button', { name: photos }),
  ).toBeVisible();
  // The persister writes at most every 500 ms.
  await page.waitForTimeout(1200);
  return card;
}

test('/today works offline: cached visits, three queued changes that survive a reload and sync exactly once', async ({
  page,
  context,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Dune Cottage');
  await uploadPhoto(page.request, server.baseURL, { type: 'visit', id: visit.id }, 'Meter box');
  const card = await openTodayControlled(page, property.name, 'Open photo Meter box');
  // Its thumbnail is drawn (and so kept by the service worker).
  const thumbnail = card.getByRole('button', { name: 'Open photo Meter box' }).locator('img');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(card.getByRole('link', { name: `Directions to ${property.name}` })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20Quay%20Road/,
  );
  await expect(card.getByRole('button', { name: 'Start visit' })).toBeVisible();
  const tick = card.getByRole('checkbox', { name: tasks[0]!.name });
  await expect(tick).not.toBeChecked();
  // The tick is a large target: its row (label included) is at least 44 px high.
  const row = (await card
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: tasks[0]!.name }) })
    .boundingBox())!;
  expect(row.height).toBeGreaterThanOrEqual(44);

  // axe at 390 px.
  expect((await auditPage(page, '/today')).details).toEqual([]);

  // No network: the page still opens from the service worker and the persisted cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Last synced /)).toBeVisible();
  await expect(card).toBeVisible();
  await expect(tick).not.toBeChecked();
  // The photo's thumbnail too, from the service worker's cache.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  // Three changes while offline.
  await tick.click();
  await expect(tick).toBeChecked();
  await card.getByLabel('Add a note').fill('Gate sticks; lift it');
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(card.getByRole('list', { name: 'Notes' }).getByText('Gate sticks; lift it')).toBeVisible();
  await card.getByRole('button', { name: 'Take Photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Take Photo' });
  await camera.getByRole('button', { name: 'Capture' }).click();
  await camera.getByRole('button', { name: 'Use Photo' }).click();
  await expect(camera).toBeHidden();
  await expect(card.getByRole('img', { name: /waiting to upload/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending changes (3)' })).toBeVisible();

  // The queue and the optimistic state survive a reload with no network.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pending changes (3)' })).toBeVisible();
  await expect(tick).toBeChecked();
  await expect(card.getByRole('list', { name: 'Notes' }).getByText('Gate sticks; lift it')).toBeVisible();

  // The list names each change.
  await page.getByRole('button', { name: 'Pending changes (3)' }).click();
  const list = page.getByRole('list', { name: 'Pending changes' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText(`${tasks[0]!.name}: done`);
  await page.keyboard.press('Escape');

  // The network returns: the queue drains and the server has each change exactly once.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0);

  const fresh = await getJson<VisitDetailDto>(page.request, `${server.baseURL}/api/visits/${visit.id}`);
  expect(fresh.tasks.find((task) => task.name === tasks[0]!.name)?.status).toBe('completed');
  expect(fresh.tasks.find((task) => task.name === tasks[1]!.name)?.status).toBe('pending');
  const notes = await getJson<ListPage<{ content: string }>>(
    page.request,
    `${server.baseURL}/api/notes?attachableType=visit&attachableId=${visit.id}`,
  );
  expect(notes.items.map((note) => note.content)).toEqual(['Gate sticks; lift it']);
  const photos = await getJson<ListPage<{ id: string }>>(
    page.request,
    `${server.baseURL}/api/photos?attachableType=visit&attachableId=${visit.id}`,
  );
  expect(photos.total).toBe(2); // the one from before, and exactly one taken offline
  // The uploaded photo replaces the waiting one on the page.
  await expect(card.getByRole('img', { name: /waiting to upload/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Open photo camera-/ })).toBeVisible();
});

test('a tick and a note made offline keep the time they were made, not the time they were synced', async ({
  page,
  context,
  server,
  user: _user,
}) => {
  test.setTimeout(90_000);
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Tide Mill');
  const card = await openTodayControlled(page, property.name);
  const tick = card.getByRole('checkbox', { name: tasks[0]!.name });

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  const madeAt = Date.now();
  await tick.click();
  await expect(tick).toBeChecked();
  await card.getByLabel('Add a note').fill('Tide too high for the sluice');
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('button', { name: 'Pending changes (2)' })).toBeVisible();
  // Still offline a while later: the sync is well after the changes.
  await page.waitForTimeout(5000);
  await context.setOffline(false);
  const syncedFrom = Date.now();
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0, { timeout: 20_000 });

  const fresh = await getJson<VisitDetailDto>(page.request, `${server.baseURL}/api/visits/${visit.id}`);
  const completedAt = Date.parse(fresh.tasks.find((task) => task.name === tasks[0]!.name)!.completedAt!);
  expect(Math.abs(completedAt - madeAt)).toBeLessThan(2000);
  expect(completedAt).toBeLessThan(syncedFrom - 3000);
  const notes = await getJson<ListPage<{ content: string; createdAt: string }>>(
    page.request,
    `${server.baseURL}/api/notes?attachableType=visit&attachableId=${visit.id}`,
  );
  const createdAt = Date.parse(notes.items[0]!.createdAt);
  expect(Math.abs(createdAt - madeAt)).toBeLessThan(4000);
  expect(createdAt).toBeLessThan(syncedFrom - 1000);
});

test('a change against a newer version: Changed by someone else, then Keep mine or Take theirs', async ({
  page,
  server,
  user: _user,
}) => {
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Quarry Lodge');
  const api = apiClient(page.request, server.baseURL);
  const visitTaskId = async () => {
    const detail = await getJson<VisitDetailDto>(page.request, `${server.baseURL}/api/visits/${visit.id}`);
    return detail.tasks.find((task) => task.name === tasks[0]!.name)!;
  };
  await page.goto('/today');
  const card = page.getByRole('article', { name: property.name });
  const tick = card.getByRole('checkbox', { name: tasks[0]!.name });
  await expect(tick).not.toBeChecked();

  // Someone else skips the task behind the page's back; the page still has the old version.
  const task = await visitTaskId();
  await api.patch(`/api/visits/${visit.id}/tasks/${task.id}`, { status: 'skipped' });
  await tick.click();
  let dialog = page.getByRole('dialog', { name: 'Changed by someone else' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('conflict-mine')).toHaveText('Completed');
  await expect(dialog.getByTestId('conflict-theirs')).toHaveText('Skipped');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  await expect.poll(async () => (await visitTaskId()).status).toBe('completed');
  await expect(tick).toBeChecked();

  // Again, and this time the server's value wins.
  await api.patch(`/api/visits/${visit.id}/tasks/${task.id}`, { status: 'skipped' });
  await tick.click();
  dialog = page.getByRole('dialog', { name: 'Changed by someone else' });
  await expect(dialog.getByTestId('conflict-mine')).toHaveText('Pending');
  await expect(dialog.getByTestId('conflict-theirs')).toHaveText('Skipped');
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog).toBeHidden();
  await expect(tick).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  expect((await visitTaskId()).status).toBe('skipped');
});

test('with nothing scheduled, /today says so', async ({ page, user: _user }) => {
  await page.goto('/today');
  await expect(page.getByText('Nothing scheduled')).toBeVisible();
});

test('the app is installable: a manifest with icons that load, start_url /today', async ({ page, server }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(`${server.baseURL}${href}`)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Rounds', start_url: '/today', display: 'standalone' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await page.request.get(`${server.baseURL}${icon.src}`);
    expect(response.headers()['content-type']).toBe('image/png');
    const size = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.src);
    expect(size).toBe(icon.sizes);
  }
});

test('a refused change does not block the ones after it, and shows its error with Retry and Discard', async ({
  page,
  server,
  user: _user,
}) => {
  const { property, visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Mill Barn');
  await page.goto('/today');
  const card = page.getByRole('article', { name: property.name });
  const tick = card.getByRole('checkbox', { name: tasks[0]!.name });
  await expect(tick).toBeVisible();
  await expect(card.getByText('No notes yet.')).toBeVisible();

  // The task leaves the visit behind the page's back: ticking it will be refused (404).
  const detail = await getJson<VisitDetailDto>(page.request, `${server.baseURL}/api/visits/${visit.id}`);
  const gone = detail.tasks.find((task) => task.name === tasks[0]!.name)!;
  await apiClient(page.request, server.baseURL).delete(`/api/visits/${visit.id}/tasks/${gone.id}`);

  await tick.click();
  await card.getByLabel('Add a note').fill('Key under the mat');
  await card.getByRole('button', { name: 'Add Note' }).click();

  // The note after the refused tick still reaches the server.
  await expect
    .poll(async () => {
      const notes = await getJson<ListPage<{ content: string }>>(
        page.request,
        `${server.baseURL}/api/notes?attachableType=visit&attachableId=${visit.id}`,
      );
      return notes.items.map((note) => note.content);
    })
    .toEqual(['Key under the mat']);
  const pending = page.getByRole('button', { name: 'Pending changes (1)' });
  await expect(pending).toBeVisible();
  await pending.click();
  const list = page.getByRole('list', { name: 'Pending changes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(tasks[0]!.name);
  await list.getByRole('button', { name: 'Retry' }).click();
  // Refused again: it stays, with its choices.
  await expect(list.getByRole('button', { name: 'Discard' })).toBeVisible();
  await list.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  await expect(page.getByText('Everything is saved.')).toBeVisible();
});

test('a new build is offered as New version available — Reload, and applied only on Reload', async ({ browser }) => {
  test.setTimeout(90_000);
  // A copy of the built client, served by a server of its own, so that "deploying" a new service
  // worker touches no other test.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'rounds-pwa-'));
  cpSync(path.join(process.env.ROUNDS_E2E_BUILD_DIR!, 'client'), clientDir, { recursive: true });
  const server = await startServer({ env: { CLIENT_DIR: clientDir } });
  try {
    const context = await browser.newContext(server.contextOptions);
    await signUpViaApi(context.request, server, { email: newEmail('pwa'), password: 'quiet-harbour-7' });
    const page = await context.newPage();
    await openControlled(page, '/dashboard');
    await expect(page.getByText('New version available —')).toHaveCount(0);

    // Deploy: the worker's script changes.
    const worker = path.join(clientDir, 'sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next build\n`);
    for (const compressed of ['sw.js.gz', 'sw.js.br']) rmSync(path.join(clientDir, compressed), { force: true });
    await page.reload();
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const prompt = page.getByRole('status').filter({ hasText: 'New version available —' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    // Nothing was applied under the user's feet: the page was not reloaded.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // Reload: the new worker takes over and the page loads again.
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('New version available —')).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
});
