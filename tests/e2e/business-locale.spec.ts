import type { Page } from '@playwright/test';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// A business in Perth that writes as Australians do, on a phone: its owner chooses Australia,
// en-AU, AUD and Australia/Perth in Business settings; from then on its invoice, its visit and a
// new property read as that business writes, whatever the browser's own zone is.

test.use({ viewport: { width: 390, height: 844 } });

/** Picks `option` in the searchable select labelled `label` (Mantine's combobox). */
async function choose(page: Page, label: string, search: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test('an Australian business sees its amounts, dates, times and address fields as it writes them', async ({
  page,
  server,
  user: _owner,
}) => {
  test.setTimeout(120_000);
  const api = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${me.workspace.id}`, { name: 'Swan River Pools' });

  // ── Business settings: country, locale, currency and zone ──
  await page.goto('/settings');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('United States');
  await expect(page.getByRole('combobox', { name: 'Locale', exact: true })).toHaveValue('en-US');
  await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('USD');
  await choose(page, 'Country', 'Austral', 'Australia');
  await choose(page, 'Locale', 'en-AU', 'en-AU');
  await choose(page, 'Currency', 'AUD', 'AUD');
  await choose(page, 'Time zone', 'Perth', 'Australia/Perth');
  const settingsAudit = await auditPage(page, '/settings (country, locale, currency)');
  expect(settingsAudit.details).toEqual([]);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  const saved = (await (await page.request.get(`${server.baseURL}/api/workspaces/${me.workspace.id}`)).json()) as {
    country: string;
    locale: string;
    currency: string;
    timeZone: string;
  };
  expect(saved).toMatchObject({ country: 'AU', locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Perth' });

  // ── a visit at 13:00 in Perth (05:00 UTC), done and invoiced, due on 11 December 2030 ──
  const property = await api.post('/api/properties', { name: 'Kings Park Villa', address: '3 Fraser Avenue' });
  const task = await api.post('/api/tasks', {
    name: 'Balance the water',
    estimatedDurationMinutes: 30,
    defaultPrice: 8000,
  });
  await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  const visit = await api.post<{ id: string; tasks: { id: string }[] }>('/api/visits', {
    propertyId: property.id,
    scheduledAt: '2026-11-20T05:00:00.000Z',
  });
  for (const visitTask of visit.tasks)
    await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { status: 'completed' });
  await api.patch(`/api/visits/${visit.id}`, { status: 'completed' });
  const invoice = await api.post('/api/invoices', {
    propertyId: property.id,
    visitIds: [visit.id],
    dueDate: '2030-12-11',
  });

  await page.goto(`/resources/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { name: /^INV-\d+$/ })).toBeVisible();
  const invoiceMain = page.getByRole('main');
  // en-AU writes AUD as '$' (an en-US business billing AUD would read 'A$').
  await expect(invoiceMain.getByText('$80.00').first()).toBeVisible();
  await expect(invoiceMain.getByText('A$')).toHaveCount(0);
  await expect(invoiceMain.getByText('Wed, 11 Dec 2030')).toBeVisible();
  await expect(invoiceMain.getByText('Fri, 20 Nov 2026').first()).toBeVisible();
  const invoiceAudit = await auditPage(page, '/resources/invoices/{id} (en-AU)');
  expect(invoiceAudit.details).toEqual([]);

  // The visit's time on Perth's clock, whatever the browser's zone (en-AU writes 'June' and 'July' whole).
  await page.goto(`/resources/visits/${visit.id}`);
  await expect(page.getByRole('main').getByText('Fri, 20 Nov 2026, 1:00 pm')).toBeVisible();

  // A new visit's time is entered on Perth's clock too, and the field names the zone.
  await page.goto(`/resources/visits/new?property=${property.id}`);
  const when = page.getByLabel('Scheduled date and time');
  await expect(page.getByText("The business's time (Australia/Perth)")).toBeVisible();
  await when.fill('2030-06-14T09:30');
  await page.getByRole('button', { name: 'Create Visit' }).click();
  await expect(page).toHaveURL(/\/resources\/visits\/[0-9a-f-]{36}$/);
  const newVisitId = page.url().split('/').pop()!;
  const created = (await (await page.request.get(`${server.baseURL}/api/visits/${newVisitId}`)).json()) as {
    scheduledAt: string;
  };
  expect(new Date(created.scheduledAt).toISOString()).toBe('2030-06-14T01:30:00.000Z');
  await expect(page.getByRole('main').getByText('Fri, 14 June 2030, 9:30 am')).toBeVisible();

  // ── a new property starts in Australia, with State and Postcode ──
  await page.goto('/resources/properties/new');
  await expect(page.getByLabel('Country')).toHaveValue('Australia');
  await expect(page.getByLabel('State')).toBeVisible();
  await expect(page.getByLabel('Postcode')).toBeVisible();
  await expect(page.getByLabel('ZIP')).toHaveCount(0);
  const propertyAudit = await auditPage(page, '/resources/properties/new (AU)');
  expect(propertyAudit.details).toEqual([]);
});

test('amount fields are labelled with the business currency’s sign', async ({ page, server, user: _owner }) => {
  const api = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${me.workspace.id}`, { country: 'GB', locale: 'en-GB', currency: 'GBP' });

  await page.goto('/resources/tasks/new');
  await expect(page.getByLabel('Default price (£)')).toBeVisible();
  await page.goto('/resources/invoices/new');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price (£)')).toBeVisible();
});

/** The day of an instant on the calendar of `timeZone`, 'YYYY-MM-DD'. */
const dayIn = (instant: Date, timeZone: string) => instant.toLocaleDateString('en-CA', { timeZone });

test("a business in another zone sees its own day on Today, not the phone's", async ({
  page,
  server,
  user: _owner,
}) => {
  // The phone is in the run's zone, where it is about midday. The business is far across the date
  // line, ahead or behind; of the two, one whose day is not the phone's day (a zone exactly 24 hours
  // from the phone's has another date but the same hours, so it cannot tell them apart).
  const phone = process.env.ROUNDS_E2E_TIME_ZONE!;
  const now = new Date();
  // A moment on the business's today that is not the phone's today (half-hour steps around now).
  const steps = Array.from({ length: 145 }, (_, step) => new Date(now.getTime() + (step - 72) * 30 * 60_000));
  const onlyTheBusinessToday = (zone: string) =>
    steps.find((instant) => dayIn(instant, zone) === dayIn(now, zone) && dayIn(instant, phone) !== dayIn(now, phone));
  const zone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find((candidate) => onlyTheBusinessToday(candidate))!;
  expect(zone).toBeTruthy();
  const api = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${me.workspace.id}`, { timeZone: zone });
  const at = onlyTheBusinessToday(zone)!;
  const property = await api.post('/api/properties', { name: 'Date Line Cottage', address: '1 Meridian Way' });
  await api.post('/api/visits', { propertyId: property.id, scheduledAt: at.toISOString() });

  await page.goto('/today');
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today' }).getByText('Date Line Cottage')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tomorrow' })).toHaveCount(0);
});
