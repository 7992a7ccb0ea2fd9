import type { Page } from '@playwright/test';
import { apiClient, joinWorkspace } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import type { Get } from '../../src/client/api/contract';

type StaffNotificationPage = Get<'/notifications'>;

// The bell at 390×844: in the header row (56 px), a 44 px target named with its unread
// count, opening 'Notifications' with the newest first, unread ones in bold with a dot, each
// leading to what it is about; 'Mark all as read'; 'No notifications yet' when there are none.
// The notifications are real: the office puts the technician on a visit and moves it.

async function headerHeight(page: Page) {
  return (await page.getByRole('banner').boundingBox())!.height;
}

test('a new member’s bell: no count, and the empty list', async ({ page, user: _user }) => {
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  const bell = header.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  const box = (await bell.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await headerHeight(page)).toBeLessThanOrEqual(56);

  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(dialog.getByText('No notifications yet')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  const audit = await auditPage(page, '/dashboard (notifications, empty)');
  expect(audit.details).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bell).toBeFocused();
});

test('unread ones are counted, bold with a dot, and lead to their visit', async ({
  page,
  server,
  user: _technician,
  playwright,
}) => {
  test.setTimeout(90_000);
  // The office puts the technician on a visit, then moves it: two notifications, made for real.
  const office = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL },
  });
  await signUpViaApi(office, server, { email: newEmail('office'), password: 'quiet-harbour-7' });
  const workspaceId = await joinWorkspace(office, page.request, server.baseURL, 'technician');
  const chosen = await page.request.put('/api/me/workspace', { data: { workspaceId } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  const api = apiClient(office, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const property = await api.post('/api/properties', { name: `Bell Manor ${suffix}`, address: '1 Bell Lane' });
  const visit = await api.post('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
    assigneeIds: [me.id],
  });
  await api.patch(`/api/visits/${visit.id}`, { scheduledAt: new Date(Date.now() + 50 * 3600_000).toISOString() });
  const list = (await (await page.request.get('/api/notifications?limit=20')).json()) as StaffNotificationPage;
  expect(list.items.map((item) => item.kind)).toEqual(['visit_changed', 'visit_assigned']);

  await page.goto('/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveText('2');
  expect(await headerHeight(page)).toBeLessThanOrEqual(56);

  // One read elsewhere (another device): the bell follows on its next look.
  const read = await page.request.post(`/api/notifications/${list.items[1]!.id}/read`, {
    headers: { origin: server.baseURL },
  });
  expect(read.status()).toBe(204);
  await page.reload();
  const oneUnread = page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' });
  await oneUnread.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const links = dialog.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toHaveAccessibleName(new RegExp(`^Unread: Bell Manor ${suffix}, .*: moved`));
  await expect(links.nth(0)).toHaveAttribute('href', `/resources/visits/${visit.id}`);
  await expect(links.nth(1)).toHaveAccessibleName(new RegExp(`^Bell Manor ${suffix}, .*: assigned to you`));
  const weight = (index: number) =>
    links
      .nth(index)
      .getByText(list.items[index]!.text)
      .evaluate((element) => getComputedStyle(element).fontWeight);
  expect(await weight(0)).toBe('700');
  expect(await weight(1)).toBe('400');
  for (let index = 0; index < 2; index += 1) {
    expect((await links.nth(index).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  const audit = await auditPage(page, '/dashboard (notifications)');
  expect(audit.details).toEqual([]);

  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect.poll(() => weight(0)).toBe('400');

  await links.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${visit.id}$`));
  await expect(dialog).toBeHidden();
  await office.dispose();
});
