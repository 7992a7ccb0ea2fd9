import type { Page, Route } from '@playwright/test';
import type { StaffNotificationDto, StaffNotificationPage } from '../../src/shared/schemas/notifications';
import { propertyWithVisit } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// Issue 28, the bell at 390×844: in the header row (56 px), a 44 px target named with its unread
// count, opening 'Notifications' with the newest first, unread ones in bold with a dot, each
// leading to what it is about; 'Mark all as read'; 'No notifications yet' when there are none.
// Nothing in the app writes a notification yet on this branch (the visit changes and the
// clients' requests call notifyStaff): the second test answers GET /api/notifications itself,
// with the list shape the API tests check (tests/api/staff-notifications.test.ts).

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

test('unread ones are counted, bold with a dot, and lead to their visit or the requests', async ({
  page,
  server,
  user: _user,
}) => {
  const { visit, property } = await propertyWithVisit(page.request, server.baseURL, 'Bell Manor');
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  let items: StaffNotificationDto[] = [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'visit_changed',
      text: `Visit at ${property.name} moved to tomorrow, 9:00 AM`,
      visitId: visit.id,
      requestId: null,
      readAt: null,
      createdAt: minutesAgo(5),
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'visit_request',
      text: 'Ann Client asked for a visit at Bell Manor',
      visitId: null,
      requestId: '00000000-0000-4000-8000-0000000000aa',
      readAt: null,
      createdAt: minutesAgo(90),
    },
    {
      id: '00000000-0000-4000-8000-000000000003',
      kind: 'visit_assigned',
      text: `You were assigned a visit at ${property.name}`,
      visitId: visit.id,
      requestId: null,
      readAt: minutesAgo(60 * 24),
      createdAt: minutesAgo(60 * 26),
    },
  ];
  const answer = (route: Route) => {
    const limit = Number(new URL(route.request().url()).searchParams.get('limit') ?? 20);
    const body: StaffNotificationPage = {
      items: items.slice(0, limit),
      total: items.length,
      unread: items.filter((item) => item.readAt === null).length,
    };
    return route.fulfill({ json: body });
  };
  await page.route('**/api/notifications?*', (route) =>
    route.request().method() === 'GET' ? answer(route) : route.continue(),
  );
  // The real endpoint answers 204; the list the stub gives follows it.
  await page.route('**/api/notifications/read-all', async (route) => {
    items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() }));
    await route.continue();
  });

  await page.goto('/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveText('2');
  expect(await headerHeight(page)).toBeLessThanOrEqual(56);

  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const links = dialog.getByRole('link');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveAccessibleName(/^Unread: Visit at .* moved to tomorrow, 9:00 AM 5 minutes ago$/);
  await expect(links.nth(0)).toHaveAttribute('href', `/resources/visits/${visit.id}`);
  await expect(links.nth(1)).toHaveAttribute('href', '/resources/requests');
  await expect(links.nth(2)).toHaveAccessibleName(/^You were assigned a visit at .* 1 day ago$|yesterday$/);
  const weight = (index: number) =>
    links
      .nth(index)
      .getByText(items[index]!.text)
      .evaluate((element) => getComputedStyle(element).fontWeight);
  expect(await weight(0)).toBe('700');
  expect(await weight(2)).toBe('400');
  for (let index = 0; index < 3; index += 1) {
    expect((await links.nth(index).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  const audit = await auditPage(page, '/dashboard (notifications)');
  expect(audit.details).toEqual([]);

  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(await weight(0)).toBe('400');

  await links.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${visit.id}$`));
  await expect(dialog).toBeHidden();
});
