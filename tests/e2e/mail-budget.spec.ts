import { randomUUID } from 'node:crypto';
import { MAIL_LIMITS } from '../../src/shared/constants';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient } from './support/api';
import { expect, test } from './support/fixtures';

// The mail budget as the office sees it, at 390×844: a person who has caused their hour's
// e-mails taps 'On my way' once more; that message is held, not sent. The bell tells the office,
// and the visit's messages say 'Held'.

test('a message past the mail budget is held: the bell tells the office, the visit shows it', async ({
  page,
  server,
  user: _owner,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as { workspace: { id: string } };
  // Only 'On my way' goes: the visits' own 'scheduled' messages would count too.
  await api.patch(`/api/workspaces/${me.workspace.id}`, { clientNotifications: { visit_changes: false } });
  const suffix = Math.random().toString(36).slice(2, 7);

  let last: VisitDetailDto | undefined;
  for (let index = 0; index <= MAIL_LIMITS.perHour; index += 1) {
    // A client each: the per-address cap stays out of it.
    const client = await api.post('/api/clients', {
      name: `Client ${index}`,
      email: `c${index}-${suffix}@example.com`,
    });
    const property = await api.post('/api/properties', {
      name: `Budget House ${index} ${suffix}`,
      address: `${index} Quota Road`,
      clientId: client.id,
    });
    last = await api.post<VisitDetailDto>('/api/visits', {
      propertyId: property.id,
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const onMyWay = await page.request.post(`${server.baseURL}/api/visits/${last.id}/on-my-way`, {
      data: { etaMinutes: 30 },
      headers: { 'Idempotency-Key': randomUUID(), origin: server.baseURL },
    });
    expect(onMyWay.status()).toBe(200);
  }
  const statusOf = async (visitId: string) => {
    const answer = await page.request.get(`${server.baseURL}/api/visits/${visitId}/messages`);
    const { items } = (await answer.json()) as { items: { kind: string; status: string }[] };
    return items.map((item) => item.status);
  };
  await expect.poll(() => statusOf(last!.id), { timeout: 30_000 }).toEqual(['held']);

  await page.goto('/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const link = dialog.getByRole('link');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAccessibleName(/E-mails to clients are held, not sent: /);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${last!.id}$`));

  const messages = page.getByRole('region', { name: 'Messages to the client' });
  await messages.getByRole('button', { name: 'Show messages' }).click();
  const table = messages.getByRole('table', { name: 'Messages to the client' });
  await expect(table.getByRole('row').nth(1)).toContainText('On my way');
  await expect(table.getByRole('row').nth(1)).toContainText('Held');
});
