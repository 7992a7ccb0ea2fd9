import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { linkIn, waitForMail } from '../support/outbox';
import { apiClient } from './support/api';
import { cutOffText, emailsBrokenMidWord } from './support/cut-off';
import { expect, signUpViaApi, test } from './support/fixtures';
import type { Get } from '../../src/client/api/contract';

type MeDto = Get<'/me'>;

// At 390×844 every word of every main page is whole, with the longest names a business gives:
// a 60-character business, a 45-character e-mail, a long property and a long client. Nothing is
// cut by an ellipsis, by a box that hides what does not fit, or by the side of the screen;
// labels only a screen reader hears are left aside (support/cut-off.ts).

const BUSINESS = 'Harbourside Property Maintenance and Garden Services Limited';
const CLIENT = 'Jameson Fitzgerald-Montgomery Worthington-Smythe';
const PROPERTY = 'Arbour View Apartments, Building Seventeen East Wing';
const ADDRESS = '1234 Longwood Heights Boulevard, Apartment 17B, Floor 3';

/** A 45-character address of its own (every test signs up anew on the same server). */
const longEmail = (prefix: string) =>
  `${`${prefix}-${randomUUID().slice(0, 8)}-long-mailbox-`.padEnd(33, 'x')}@example.com`;

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')).toHaveCount(0);
}

test('the check finds text cut by an ellipsis, by a clipping box and by the side of the screen', async ({ page }) => {
  await page.setContent(`
    <p style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Ellipsis cuts this sentence</p>
    <div style="width:80px;overflow:hidden"><span style="white-space:nowrap">A clipping parent cuts this</span></div>
    <p style="white-space:nowrap">Beyond the right side of a 390 px screen this sentence runs and runs and runs</p>
    <p style="width:60px">Wrapping text is whole</p>
    <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap">Screen-reader-only label</span>
    <div style="height:0;overflow:hidden"><p>Collapsed, out of sight</p></div>
  `);
  const found = await cutOffText(page);
  expect(found).toHaveLength(3);
  expect(found[0]).toContain('Ellipsis cuts this sentence');
  expect(found[1]).toContain('A clipping parent cuts this');
  expect(found[2]).toContain('Beyond the right side');
});

test('the check finds an e-mail address broken inside a word, not one broken after its @ or a dot', async ({
  page,
}) => {
  const pieces = ['ada-lovelace-mailbox@', 'example.', 'com']
    .map((piece) => `<span style="white-space:nowrap">${piece}</span>`)
    .join('<wbr>');
  await page.setContent(`
    <p style="width:120px;overflow-wrap:anywhere">ada-lovelace-mailbox@example.com</p>
    <p style="width:120px">${pieces}</p>
    <p style="width:150px">Remove grace-hopper-mailbox@example.com from the team?</p>
  `);
  expect(await emailsBrokenMidWord(page)).toEqual([
    '"ada-lovelace-mailbox@example.com" breaks after "ada-lovelace-"',
    '"grace-hopper-mailbox@example.com" breaks after "grace-hopper-"',
  ]);
});

test('every main page shows every word whole at 390 px with long names', async ({ page, browser, server }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = longEmail('cut');
  expect(email).toHaveLength(45);
  expect(BUSINESS).toHaveLength(60);
  await signUpViaApi(page.request, server, { email, password: 'quiet-harbour-7' });
  const api = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as MeDto;
  await api.patch(`/api/workspaces/${me.workspace!.id}`, { name: BUSINESS });

  const suffix = Math.random().toString(36).slice(2, 7);
  const clientEmail = longEmail('client');
  const client = await api.post('/api/clients', { name: CLIENT, phone: '555-0100', email: clientEmail });
  const property = await api.post('/api/properties', {
    name: `${PROPERTY} ${suffix}`,
    address: ADDRESS,
    city: 'Kingston upon Hull',
    clientId: client.id,
  });
  const task = await api.post('/api/tasks', {
    name: `Inspect and service the communal heating system ${suffix}`,
    estimatedDurationMinutes: 45,
    defaultPrice: 12_500,
  });
  // A reading out of its range: the 'Out of range' badge on Today's card and in the report.
  const reading = await api.post('/api/tasks', {
    name: `Hot water cylinder temperature at the outlet ${suffix}`,
    estimatedDurationMinutes: 10,
    requirements: [{ type: 'reading', unit: '°C', min: 55, max: 65 }],
  });
  for (const template of [task, reading])
    await api.post(`/api/properties/${property.id}/tasks`, { taskId: template.id });
  const flag = (visit: VisitDetailDto, done: boolean) => {
    const cylinder = visit.tasks.find((item) => item.name.startsWith('Hot water'))!;
    return api.patch(`/api/visits/${visit.id}/tasks/${cylinder.id}`, {
      reading: 75,
      notes: 'Thermostat turned down to 60 °C',
      ...(done ? { status: 'completed' } : {}),
    });
  };
  // One visit now-ish (Today shows it with 'On my way'), one done and invoiced (the portal's report).
  const visit = await api.post<VisitDetailDto>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  const done = await api.post<VisitDetailDto>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  await flag(visit, false);
  await flag(done, true);
  const service = done.tasks.find((item) => !item.name.startsWith('Hot water'))!;
  await api.patch(`/api/visits/${done.id}/tasks/${service.id}`, { status: 'completed' });
  const current = (await (await page.request.get(`${server.baseURL}/api/visits/${done.id}`)).json()) as VisitDetailDto;
  await api.patch(`/api/visits/${done.id}`, { status: 'completed', version: current.version });
  const invoice = await api.post<{ id: string }>('/api/invoices', {
    propertyId: property.id,
    visitIds: [done.id],
    items: [{ description: 'Annual service of the communal heating system', quantity: 1, unitPrice: 12_500 }],
  });
  await api.patch(`/api/invoices/${invoice.id}`, { status: 'sent' });
  // A pending invitation: the members page lists it with 'Cancel'; its e-mail opens the invitation page.
  const inviteeEmail = longEmail('invitee');
  const invited = await page.request.post(`${server.baseURL}/api/workspaces/${me.workspace!.id}/invitations`, {
    data: { email: inviteeEmail, role: 'technician' },
    headers: { origin: server.baseURL },
  });
  expect(invited.status(), await invited.text()).toBe(202);

  const report: string[] = [];
  const check = async (where: string) => {
    await settled(page);
    for (const found of await cutOffText(page)) report.push(`${where}: ${found}`);
    for (const found of await emailsBrokenMidWord(page)) report.push(`${where}: ${found}`);
  };
  const routes = [
    '/dashboard',
    '/today',
    '/resources/properties',
    `/resources/properties/${property.id}`,
    '/resources/visits',
    `/resources/visits/${visit.id}`,
    `/resources/visits/${done.id}/report`,
    '/resources/visits/new',
    '/resources/tasks',
    '/resources/clients',
    `/resources/clients/${client.id}`,
    '/resources/invoices',
    `/resources/invoices/${invoice.id}`,
    '/resources/calendar',
    '/settings',
    '/settings/members',
    '/resources/profile',
  ];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(route);
  }

  // Today's card flags the reading; 'On my way' offers the minutes to choose from.
  await page.goto('/today');
  await expect(page.getByText('Out of range')).toBeVisible();
  await page.getByRole('button', { name: 'On my way' }).first().click();
  await expect(page.getByText('Arriving in about')).toBeVisible();
  await check('/today, On my way');

  // The notifications and the menus of the header.
  await page.goto('/dashboard');
  await settled(page);
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await check('/dashboard, notifications');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('/dashboard, workspace menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  await check('/dashboard, account menu');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'All areas' })).toBeVisible();
  await check('/dashboard, the bottom bar’s menu');
  await page.keyboard.press('Escape');

  // The client's portal, opened from the e-mailed link in a browser of their own.
  await page.goto(`/resources/clients/${client.id}`);
  await page.getByRole('button', { name: 'Send portal link' }).click();
  const mail = await waitForMail(server.dataDir, clientEmail, /portal/i);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const phone = await context.newPage();
  await phone.goto(linkIn(mail, '/portal/enter/'));
  await phone.getByRole('button', { name: 'Open my portal' }).click();
  await expect(phone).toHaveURL(/\/portal$/);
  for (const route of ['/portal', `/portal/visits/${done.id}`, '/portal/invoices', '/portal/request']) {
    if (route !== '/portal') await phone.goto(route);
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(phone);
    for (const found of await cutOffText(phone)) report.push(`${route}: ${found}`);
    for (const found of await emailsBrokenMidWord(phone)) report.push(`${route}: ${found}`);
  }
  await context.close();

  // The invitation e-mail's page, signed out: its subtitle names the inviter by address (no name).
  const invitation = await waitForMail(server.dataDir, inviteeEmail, /invited to join/);
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const invitee = await guest.newPage();
  await invitee.goto(linkIn(invitation, '/invitations/'));
  await expect(invitee.getByRole('heading', { level: 1, name: `Join ${BUSINESS}` })).toBeVisible();
  await expect(invitee.getByText(`${email} invited you to join ${BUSINESS} as a technician.`)).toBeVisible();
  await settled(invitee);
  for (const found of await cutOffText(invitee)) report.push(`/invitations/…: ${found}`);
  for (const found of await emailsBrokenMidWord(invitee)) report.push(`/invitations/…: ${found}`);
  await guest.close();

  expect(report).toEqual([]);
});
