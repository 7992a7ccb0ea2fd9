import type { APIRequestContext, Page } from '@playwright/test';
import { SERIES_MESSAGES } from '../../src/shared/messages/series';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';
import { openControlled } from './support/service-worker';

// The calendar, recurring visits and the calendar feed.

// The days and times below are the browser's (the run's zone): the business keeps that clock, so
// the calendar, which shows the business's days, shows them where the test looks.
test.use({ businessZone: process.env.ROUNDS_E2E_TIME_ZONE });

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The Monday at least a week ahead (local time), so every occurrence is in the future. */
function mondayAhead(): Date {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() + 7 + ((8 - date.getDay()) % 7));
  return date;
}

const addDays = (date: Date, days: number) => {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
};

/** A property with one task, made through the API as the signed-in user. */
async function propertyWithTask(request: APIRequestContext, baseURL: string) {
  const api = apiClient(request, baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Lawn House ${suffix}`;
  const property = await api.post('/api/properties', { name, address: '3 Green Lane', city: 'Bath' });
  const task = await api.post('/api/tasks', { name: `Mow lawn ${suffix}`, estimatedDurationMinutes: 45 });
  await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  return { id: property.id, name, taskName: `Mow lawn ${suffix}` };
}

/** The visits of a window, as the calendar asks for them. */
async function visitsBetween(request: APIRequestContext, baseURL: string, from: Date, to: Date, propertyId: string) {
  const query = new URLSearchParams({
    from: from.toISOString(),
    to: to.toISOString(),
    propertyId,
    limit: '500',
  });
  const response = await request.get(`${baseURL}/api/visits?${query}`);
  expect(response.ok()).toBe(true);
  const page = (await response.json()) as { items: { id: string; scheduledAt: string; seriesId: string | null }[] };
  return page.items.sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

  test('a weekly series from a property: see it, drag one, undo, delete this and following', async ({
    page,
    server,
    user: _user,
  }) => {
    const property = await propertyWithTask(page.request, server.baseURL);
    const monday = mondayAhead();

    await page.goto(`/resources/properties/${property.id}`);
    await page.getByRole('link', { name: 'Repeat Visits' }).click();
    await expect(page.getByRole('heading', { name: 'Repeat Visits', level: 1 })).toBeVisible();
    await page.getByLabel('First visit').fill(`${day(monday)}T10:00`);
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('checkbox', { name: 'Thursday' }).check();
    await page.getByRole('spinbutton', { name: 'Number of visits' }).fill('4');
    await expect(page.getByTestId('series-words')).toHaveText('Every week on Monday and Thursday, 4 times');
    await expect(page.getByRole('list', { name: 'Next dates' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('checkbox', { name: property.taskName })).toBeChecked();
    await page.getByRole('button', { name: 'Create Series' }).click();

    await expect(page).toHaveURL(/\/resources\/calendar\?date=/);
    const events = page.getByRole('link', { name: new RegExp(property.name) });
    await expect(events).toHaveCount(2);
    const cell = (date: Date) => page.locator(`[role="cell"][data-date="${day(date)}"]`);
    const visitIn = (date: Date) => cell(date).getByRole('link', { name: new RegExp(property.name) });
    const tuesday = addDays(monday, 1);
    const thursday = addDays(monday, 3);
    await expect(visitIn(monday)).toHaveCount(1);
    await expect(visitIn(thursday)).toHaveCount(1);
    const [first] = await visitsBetween(page.request, server.baseURL, monday, addDays(monday, 1), property.id);
    expect(first?.seriesId).toBeTruthy();

    // Drag Monday's visit to Tuesday at the same height (time of day).
    const from = (await visitIn(monday).boundingBox())!;
    const to = (await cell(tuesday).boundingBox())!;
    const y = from.y + from.height / 2;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, y, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, y, { steps: 15 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'Move visit' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog).toBeHidden();
    await expect(visitIn(tuesday)).toHaveCount(1);
    await expect(visitIn(monday)).toHaveCount(0);
    const tuesdayTen = new Date(tuesday);
    tuesdayTen.setHours(10);
    await expect
      .poll(async () => (await visitsBetween(page.request, server.baseURL, monday, thursday, property.id))[0])
      .toMatchObject({ id: first!.id, scheduledAt: tuesdayTen.toISOString() });

    // Undo puts it back on Monday.
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(visitIn(monday)).toHaveCount(1);
    await expect(visitIn(tuesday)).toHaveCount(0);
    await expect
      .poll(async () => (await visitsBetween(page.request, server.baseURL, monday, thursday, property.id))[0])
      .toMatchObject({ id: first!.id, scheduledAt: first!.scheduledAt });

    // Delete 'This and following' from Thursday: Monday stays, the later ones are gone.
    await visitIn(thursday).click();
    await expect(page.getByRole('heading', { name: 'Visit Details', level: 1 })).toBeVisible();
    await expect(page.getByTestId('series-line')).toHaveText(
      'Part of a series: Every week on Monday and Thursday, 4 times',
    );
    await page.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete Visit' });
    await expect(ask.getByRole('button', { name: 'This visit' })).toBeVisible();
    await expect(ask.getByRole('button', { name: 'All visits in the series' })).toBeVisible();
    await ask.getByRole('button', { name: 'This and following' }).click();
    await expect(page).toHaveURL(/\/resources\/calendar\?date=/);
    await expect(visitIn(monday)).toHaveCount(1);
    await expect(visitIn(thursday)).toHaveCount(0);
    await page.getByRole('button', { name: /next/i }).click();
    await expect(page.getByRole('link', { name: new RegExp(property.name) })).toHaveCount(0);
    const left = await visitsBetween(page.request, server.baseURL, monday, addDays(monday, 21), property.id);
    expect(left.map((visit) => visit.id)).toEqual([first!.id]);
  });
});

/** A weekly series at 10:00 on Mondays and Thursdays, four visits, made through the API. */
async function weeklySeries(request: APIRequestContext, baseURL: string, propertyId: string, monday: Date) {
  const start = new Date(monday);
  start.setHours(10);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return apiClient(request, baseURL).post<{ series: { id: string }; occurrences: { id: string }[] }>(
    '/api/visit-series',
    { propertyId, startsAt: start.toISOString(), timeZone, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4', taskIds: [] },
  );
}

test('an edit of "This and following" moves that visit and the later ones, not the earlier', async ({
  page,
  server,
  user: _user,
}) => {
  const property = await propertyWithTask(page.request, server.baseURL);
  const monday = mondayAhead();
  await weeklySeries(page.request, server.baseURL, property.id, monday);
  const before = await visitsBetween(page.request, server.baseURL, monday, addDays(monday, 14), property.id);
  expect(before).toHaveLength(4);
  const third = before[2]!;

  await page.goto(`/resources/visits/${third.id}`);
  await expect(page.getByTestId('series-line')).toHaveText(
    'Part of a series: Every week on Monday and Thursday, 4 times',
  );
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit Visit' }).getByRole('button', { name: 'This and following' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Series', level: 1 })).toBeVisible();
  const first = page.getByLabel('First visit');
  await expect(first).toHaveValue(`${day(addDays(monday, 7))}T10:00`);
  await first.fill(`${day(addDays(monday, 7))}T11:00`);
  await page.getByRole('button', { name: 'Update Series' }).click();
  await expect(page).toHaveURL(/\/resources\/calendar\?date=/);

  const after = await visitsBetween(page.request, server.baseURL, monday, addDays(monday, 60), property.id);
  const hours = after.map((visit) => new Date(visit.scheduledAt).getHours());
  expect(after.slice(0, 2).map((visit) => visit.id)).toEqual([before[0]!.id, before[1]!.id]);
  expect(hours.slice(0, 2)).toEqual([10, 10]);
  expect(after.length).toBeGreaterThan(2);
  expect(hours.slice(2).every((hour) => hour === 11)).toBe(true);
});

async function expectNoSeriousAxe(page: Page, route: string) {
  const { details, ...row } = await auditPage(page, route);
  expect(details, `${route} at ${row.width} px`).toEqual([]);
  expect(row.mains).toBe(1);
}

test('on a phone the calendar is a day-by-day agenda, not a grid', async ({ page, server, user }) => {
  const property = await propertyWithTask(page.request, server.baseURL);
  const monday = mondayAhead();
  await weeklySeries(page.request, server.baseURL, property.id, monday);

  await page.goto(`/resources/calendar?date=${day(monday)}`);
  const visits = page.getByRole('link', { name: new RegExp(property.name) });
  await expect(visits).toHaveCount(2);
  // One heading per day with visits, Monday's before Thursday's; no time grid.
  const monLabel = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(monday);
  await expect(page.getByText(monLabel).first()).toBeVisible();
  await expect(page.locator('[role="cell"][data-date]')).toHaveCount(0);
  const boxes = await Promise.all((await visits.all()).map((link) => link.boundingBox()));
  expect(boxes[0]!.y).toBeLessThan(boxes[1]!.y);
  // Each day is a full-width block under its heading, with its visits' time and status.
  const mondayBlock = page.getByRole('region', { name: new RegExp(monLabel) });
  expect((await mondayBlock.boundingBox())!.width).toBeGreaterThan(300);
  await expect(mondayBlock.getByRole('listitem')).toContainText(['Scheduled']);
  await expect(page.getByRole('region', { name: /Tuesday/ })).toHaveCount(0);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);

  // Filters, kept in the URL: the person (the series' creator leads its visits), another property.
  await page.getByLabel('Person').selectOption({ label: user.email });
  await expect(page).toHaveURL(/person=/);
  await expect(visits).toHaveCount(2);
  const other = await propertyWithTask(page.request, server.baseURL);
  await page.goto(`/resources/calendar?date=${day(monday)}&property=${other.id}`);
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveValue(other.name);
  await expect(page.getByText('No visits in this week')).toBeVisible();
  await expect(visits).toHaveCount(0);

  // The phone's bottom bar leads here.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
});

test('My Profile shows the calendar feed address; Regenerate gives a new one and the old one stops', async ({
  page,
  server,
  user: _user,
}) => {
  await page.goto('/resources/profile');
  const section = page.getByRole('region', { name: SERIES_MESSAGES.subscribe });
  const address = section.getByRole('textbox', { name: 'Calendar address' });
  await expect(address).toHaveValue(/^https?:\/\/.+\.ics$/);
  const oldUrl = await address.inputValue();
  const feed = await page.request.get(oldUrl.replace(/^https?:\/\/[^/]+/, server.baseURL));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  await section.getByRole('button', { name: 'Regenerate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate calendar address' });
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(oldUrl);
  await expect(address).toHaveValue(/\.ics$/);
  const old = await page.request.get(oldUrl.replace(/^https?:\/\/[^/]+/, server.baseURL));
  expect(old.status()).toBe(404);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the calendar and the series form have no serious axe violation at ${viewport.width} px`, async ({
    page,
    server,
    user: _user,
  }) => {
    await page.setViewportSize(viewport);
    const property = await propertyWithTask(page.request, server.baseURL);
    const monday = mondayAhead();
    const { occurrences } = await weeklySeries(page.request, server.baseURL, property.id, monday);

    await page.goto(`/resources/calendar?date=${day(monday)}`);
    await expect(page.getByRole('link', { name: new RegExp(property.name) })).toHaveCount(2);
    await expectNoSeriousAxe(page, '/resources/calendar');
    if (viewport.width > 600) {
      await page.getByRole('tab', { name: 'Month view' }).click();
      await expect(page).toHaveURL(/view=month/);
      await expectNoSeriousAxe(page, '/resources/calendar?view=month');
    }

    await page.goto(`/resources/visits/new-series?property=${property.id}`);
    await expect(page.getByTestId('series-words')).toHaveText('Every week, 10 times');
    await expectNoSeriousAxe(page, '/resources/visits/new-series');

    await page.goto(`/resources/visits/${occurrences[0]!.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Visit' })).toBeVisible();
    await expectNoSeriousAxe(page, '/resources/visits/{id} (series scope)');
  });
}

test('offline, the calendar shows the visits in the cache, and says when a week is not available', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(90_000);
  await page.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email: `calendar-offline-${Date.now()}@example.com`, password: 'quiet-harbour-7', name: '' },
    headers: { origin: server.baseURL },
  });
  const property = await propertyWithTask(page.request, server.baseURL);
  const api = apiClient(page.request, server.baseURL);
  // Three visits later today (the user made them, so leads them: they are on /today too).
  for (const hours of [1, 2, 3]) {
    await api.post('/api/visits', {
      propertyId: property.id,
      scheduledAt: new Date(Date.now() + hours * 3600_000).toISOString(),
    });
  }
  const visits = page.getByRole('link', { name: new RegExp(property.name) });

  // Only /today was opened online: its visits are in the cache, the calendar's week is not.
  await openControlled(page, '/today');
  await expect(page.getByRole('article', { name: property.name })).toHaveCount(3);
  await page.waitForTimeout(1200); // the persister writes at most every 500 ms

  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(visits).toHaveCount(3);
  await expect(page.getByText('No visits in this week')).toHaveCount(0);
  // A week nothing is known of: unknown, not empty.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText('Not available offline')).toBeVisible();
  await expect(page.getByText('No visits in this week')).toHaveCount(0);

  // Online, the calendar fetches its week; offline again, a reload shows it from the kept copy.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.reload();
  await expect(visits).toHaveCount(3);
  await page.waitForTimeout(1200);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(visits).toHaveCount(3);
  await expect(page.getByText('No visits in this week')).toHaveCount(0);
});

test('the series form puts its errors on the fields typed into, and clears them as they are corrected', async ({
  page,
  user: _user,
}) => {
  await page.goto('/resources/visits/new-series');
  const start = page.getByLabel('First visit');
  await expect(start).toBeVisible();
  await start.fill('');
  await page.getByRole('button', { name: 'Create Series' }).click();
  await expect(page.getByText(SERIES_MESSAGES.startsAtRequired)).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please select a property')).toBeVisible();
  await start.fill(`${day(mondayAhead())}T09:00`);
  await expect(page.getByText(SERIES_MESSAGES.startsAtRequired)).toHaveCount(0);
  await expect(start).not.toHaveAttribute('aria-invalid', 'true');
  // The property is still missing and still says so.
  await expect(page.getByText('Please select a property')).toBeVisible();
});
