import { randomUUID } from 'node:crypto';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { linkIn, waitForMail } from '../support/outbox';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// At 390×844: the owner sets the business's client notifications; 'On my way' reaches
// the client's inbox (the .eml outbox) from the business with its unsubscribe link; the visit
// page lists the message as sent; the client follows the link and unsubscribes with one tap;
// the client's page then says so, with the consent record.

test('client notifications: settings, a message sent, the unsubscribe link, the consent record', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = apiClient(page.request, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = `cora-${suffix}@example.com`;

  // ── the business's switches ──
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Client notifications' });
  await expect(section.getByRole('checkbox', { name: 'On my way' })).toBeChecked();
  await section.getByRole('checkbox', { name: 'Invoice sent' }).uncheck();
  await section.getByLabel('Reminder (hours before the visit)').fill('48');
  await section.getByRole('button', { name: 'Save Notifications' }).click();
  await expect(section.getByRole('status')).toHaveText('Client notifications saved');
  const me = await (await page.request.get(`${server.baseURL}/api/me`)).json();
  const workspace = await (await page.request.get(`${server.baseURL}/api/workspaces/${me.workspace.id}`)).json();
  expect(workspace).toMatchObject({ reminderHours: 48, clientNotifications: { invoice_sent: false, on_my_way: true } });
  const settingsAudit = await auditPage(page, '/settings');
  expect(settingsAudit.details).toEqual([]);

  // ── 'On my way' reaches the client ──
  const client = await api.post('/api/clients', { name: 'Cora Client', email });
  const property = await api.post('/api/properties', {
    name: `Lagoon ${suffix}`,
    address: '9 Shore Drive',
    clientId: client.id,
  });
  const visit = await api.post<VisitDetailDto>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  const onMyWay = await page.request.post(`${server.baseURL}/api/visits/${visit.id}/on-my-way`, {
    data: { etaMinutes: 30 },
    headers: { 'Idempotency-Key': randomUUID(), origin: server.baseURL },
  });
  expect(onMyWay.status()).toBe(200);
  const mail = await waitForMail(server.dataDir, email, /^On my way/);
  expect(mail.text).toContain(`Lagoon ${suffix}, 9 Shore Drive`);

  // The .eml is written just before the row says 'sent': wait for the row, as the page will show it.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${server.baseURL}/api/visits/${visit.id}/messages`);
      const { items } = (await answer.json()) as { items: { kind: string; status: string }[] };
      return items.filter((item) => item.kind === 'on_my_way').map((item) => item.status);
    })
    .toEqual(['sent']);
  await page.goto(`/resources/visits/${visit.id}`);
  const messages = page.getByRole('region', { name: 'Messages to the client' });
  await messages.getByRole('button', { name: 'Show messages' }).click();
  const table = messages.getByRole('table', { name: 'Messages to the client' });
  await expect(table.getByRole('row').nth(1)).toContainText('On my way');
  await expect(table.getByRole('row').nth(1)).toContainText('Sent');
  await expect(table).toContainText(email);

  // ── the client's unsubscribe link, as they would follow it ──
  const link = linkIn(mail, '/unsubscribe/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  const unsubscribeAudit = await auditPage(page, '/unsubscribe/:token');
  expect(unsubscribeAudit.details).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed.');

  // ── staff see it on the client's page, and can read the record ──
  await page.goto(`/resources/clients/${client.id}`);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toContainText('this client gets no e-mails');
  await expect(notifications.getByText(/unsubscribed from all e-mails by the e-mail's link/)).toBeVisible();
  const clientAudit = await auditPage(page, '/resources/clients/:id');
  expect(clientAudit.details).toEqual([]);
});
