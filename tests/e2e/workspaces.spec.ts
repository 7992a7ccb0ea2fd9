import type { APIRequestContext, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { linkIn, mailsTo, waitForMail } from '../support/outbox';
import { apiClient, joinWorkspace } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

// The workspace journeys on a 390×844 phone: a business is set up, takes on a technician by an
// e-mailed invitation, schedules them, sees their work and bills it under its own name; and a
// person in two businesses switches between them in the header.

/** "YYYY-MM-DDTHH:mm" tomorrow at 09:30 in this machine's zone, which the browser shares. */
function tomorrowAtHalfNine(): string {
  const day = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:30`;
}

/** A property with two priced tasks ($40 and $60), made through the API in the caller's current workspace. */
async function pricedProperty(request: APIRequestContext, baseURL: string, name: string) {
  const api = apiClient(request, baseURL);
  const property = await api.post('/api/properties', { name, address: '3 Pier Lane', city: 'Portsmouth' });
  const taskNames: string[] = [];
  for (const [taskName, price] of [
    [`Wash windows ${name}`, 4000],
    [`Sweep porch ${name}`, 6000],
  ] as const) {
    const task = await api.post('/api/tasks', { name: taskName, estimatedDurationMinutes: 30, defaultPrice: price });
    await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
    taskNames.push(taskName);
  }
  return { id: property.id, name, taskNames };
}

async function expectNoAxeViolations(page: Page, route: string) {
  const audit = await auditPage(page, route);
  expect(audit.details, route).toEqual([]);
  expect(audit.mains, route).toBe(1);
}

test('an owner sets up the business, takes on a technician by invitation, schedules them, and bills the work under the business name', async ({
  page,
  user: owner,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const business = `Harbour Cleaning ${suffix}`;

  // ── the dashboard asks for the business name until it has one ──
  await page.goto('/dashboard');
  const setUp = page.getByRole('region', { name: 'Finish setting up' });
  await expect(setUp).toContainText('What is your business called?');
  await setUp.getByRole('button', { name: 'Save' }).click();
  await expect(setUp.getByText('Business name is required')).toBeVisible();
  await setUp.getByLabel('Business name').fill(business);
  await setUp.getByRole('button', { name: 'Save' }).click();
  await expect(setUp).toHaveCount(0);
  const switcher = page.getByRole('button', { name: `Workspace: ${business}` });
  await expect(switcher).toContainText('owner');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);

  // ── Business settings, from the switcher's menu: the identity on invoices and a 10 % tax ──
  await switcher.click();
  const menu = page.getByRole('menu', { name: 'Your workspaces' });
  await expect(menu.getByRole('menuitemradio', { name: business })).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page, 'switcher menu');
  await menu.getByRole('menuitem', { name: 'Business settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('Business name')).toHaveValue(business);
  await expect(page.getByLabel('Tax rate (%)')).toHaveValue('8');
  await page.getByLabel('Address').fill('1 Harbour Walk, Portsmouth');
  await page.getByLabel('Phone').fill('555-0100');
  await page.getByLabel('Tax rate (%)').fill('101');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Tax rate must be between 0 and 100 %, with at most two decimals')).toBeVisible();
  await page.getByLabel('Tax rate (%)').fill('10');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Business settings saved');
  await expectNoAxeViolations(page, '/settings');

  // ── Members: invite the technician; the invitation is e-mailed ──
  const tech = { email: newEmail('tech'), password: 'quiet-harbour-7' };
  await switcher.click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/settings\/members$/);
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem', { name: owner.email })).toContainText('(you)');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(tech.email);
  await invite.getByRole('combobox', { name: 'Role' }).selectOption('technician');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`Invitation sent to ${tech.email}`);
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem', { name: tech.email }),
  ).toContainText('technician');
  await expectNoAxeViolations(page, '/settings/members');
  const invitationMail = await waitForMail(server.dataDir, tech.email, new RegExp(`invited to join ${business}`));

  // ── the technician follows the link and joins with a name and a password ──
  const techContext = await browser.newContext(server.contextOptions);
  const techPage = await techContext.newPage();
  await techPage.goto(linkIn(invitationMail, '/invitations/'));
  await techPage.getByLabel('Your name').fill('Tess Tech');
  await techPage.getByRole('textbox', { name: 'Password', exact: true }).fill(tech.password);
  await techPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(techPage).toHaveURL(/\/today$/);
  const techSwitcher = techPage.getByRole('button', { name: `Workspace: ${business}` });
  await expect(techSwitcher).toContainText('technician');
  await page.reload();
  await expect(members.getByRole('listitem', { name: tech.email })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);

  // ── the owner schedules a visit with the technician as its lead ──
  const property = await pricedProperty(page.request, server.baseURL, `Pier House ${suffix}`);
  await page.goto(`/resources/visits/new?property=${property.id}`);
  await page.getByLabel('Scheduled date and time').fill(tomorrowAtHalfNine());
  const assignTo = page.getByRole('group', { name: 'Assign to' });
  const ownerBox = assignTo.getByRole('checkbox', { name: owner.email });
  // The technician gave a name on joining: the team knows them by it.
  const techBox = assignTo.getByRole('checkbox', { name: 'Tess Tech' });
  await expect(ownerBox).toBeChecked(); // whoever schedules it is on it by default
  await expect(techBox).not.toBeChecked();
  await ownerBox.uncheck();
  await techBox.check();
  await ownerBox.check();
  await expect(assignTo).toHaveAccessibleDescription('Tess Tech leads the visit (the first one checked).');
  await page.getByRole('button', { name: 'Create Visit' }).click();
  await expect(page.getByRole('heading', { name: 'Visit Details' })).toBeVisible();
  const visitId = new URL(page.url()).pathname.split('/').pop()!;
  const people = page.getByRole('region', { name: 'People' }).getByRole('list');
  await expect(people.getByRole('listitem').filter({ hasText: 'Tess Tech' })).toContainText('Lead');
  await expect(people.getByRole('listitem').filter({ hasText: owner.email })).toContainText('Assistant');

  // ── the technician sees it on Today, ticks a task, and sees no prices and no invoices anywhere ──
  await techPage.goto('/today');
  const card = techPage.getByRole('article', { name: property.name });
  const tick = card.getByRole('checkbox', { name: property.taskNames[0] });
  await expect(tick).not.toBeChecked();
  await tick.click();
  await expect(tick).toBeChecked();
  await expect(techPage.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0);
  await techPage.goto(`/resources/visits/${visitId}`);
  await expect(techPage.getByRole('combobox', { name: `Status of ${property.taskNames[0]}` })).toHaveValue('completed');
  await expect(techPage.getByRole('main')).not.toContainText('$');
  await expect(techPage.getByRole('link', { name: 'Create Invoice' })).toHaveCount(0);
  await expect(techPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(techPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await techPage.goto(`/resources/properties/${property.id}`);
  await expect(techPage.getByRole('listitem', { name: property.taskNames[1] })).toBeVisible();
  await expect(techPage.getByRole('main')).not.toContainText('$');
  await techPage.goto('/resources/tasks');
  await expect(techPage.getByRole('listitem', { name: property.taskNames[1] })).toBeVisible();
  await expect(techPage.getByRole('main')).not.toContainText('$');
  await expect(techPage.getByRole('link', { name: 'New Task' })).toHaveCount(0);
  await techPage.goto('/dashboard');
  await expect(techPage.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Tasks' })).toBeVisible();
  await expect(techPage.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Invoices' })).toHaveCount(
    0,
  );
  await techPage.getByRole('button', { name: 'Menu' }).click();
  const areas = techPage.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'All areas' });
  await expect(areas.getByRole('link', { name: 'Visits' })).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  // Clients are the office's
  await expect(areas.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await expect(areas.getByRole('link', { name: 'Members' })).toHaveCount(0);
  await techPage.keyboard.press('Escape');
  await techPage.goto('/settings');
  await expect(techPage.getByRole('alert')).toHaveText('Only owners and managers can do this');
  await expect(techPage.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

  // ── the owner completes the visit and bills it at the business's rate ──
  await page.goto(`/resources/visits/${visitId}`);
  await expect(page.getByRole('combobox', { name: `Status of ${property.taskNames[0]}` })).toHaveValue('completed');
  await page.getByRole('combobox', { name: `Status of ${property.taskNames[1]}` }).selectOption('completed');
  await expect(page.getByText('2 of 2 completed')).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('completed');
  await page.getByRole('button', { name: 'Update Visit' }).click();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Completed');
  await page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(page.getByLabel('Subtotal')).toHaveText('$100.00');
  await expect(page.getByLabel('Tax (10%)')).toHaveText('$10.00');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('$110.00');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^INV-/);
  const seller = page.getByRole('region', { name: 'From' });
  await expect(seller).toContainText(business);
  await expect(seller).toContainText('1 Harbour Walk, Portsmouth');
  await expect(seller).toContainText('555-0100');
  await expect(page.getByLabel('Tax (10%)')).toHaveText('$10.00');
  const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
  const pdf = await page.request.get(`/api/invoices/${invoiceId}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain(business);
  expect(text).toContain('$110.00');

  // The technician cannot open it.
  expect((await techPage.request.get(`/api/invoices/${invoiceId}`)).status()).toBe(404);
  await techContext.close();
});

test('a technician joins from the e-mailed link: a name and a password, no verification, straight to Today in the business', async ({
  page,
  user: _owner,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const business = `Quay Cleaners ${suffix}`;
  const ownerApi = apiClient(page.request, server.baseURL);
  const me = (await (await page.request.get('/api/me')).json()) as { workspace: { id: string } };
  await ownerApi.patch(`/api/workspaces/${me.workspace.id}`, { name: business });
  await ownerApi.patch('/api/me/profile', { displayName: 'Olive Owner' });

  // ── the owner invites a technician on the phone ──
  const techEmail = newEmail('joiner');
  await page.goto('/settings/members');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(techEmail);
  await invite.getByRole('combobox', { name: 'Role' }).selectOption('technician');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`Invitation sent to ${techEmail}`);
  const mail = await waitForMail(server.dataDir, techEmail, new RegExp(`invited to join ${business}`));
  const link = linkIn(mail, '/invitations/');

  // ── in a new browser, the technician opens the link ──
  const techContext = await browser.newContext(server.contextOptions);
  const techPage = await techContext.newPage();
  await techPage.goto(link);
  await expect(techPage.getByRole('heading', { name: `Join ${business}` })).toBeVisible();
  await expect(techPage.getByText(`Olive Owner invited you to join ${business} as a technician.`)).toBeVisible();
  await expect(techPage.getByLabel('Email')).toHaveValue(techEmail);
  await expect(techPage.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(techPage.getByRole('link', { name: 'Sign in' })).toBeVisible();
  const audit = await auditPage(techPage, '/invitations/{token}');
  expect(audit.details).toEqual([]);
  expect(audit.mains).toBe(1);
  // Opening the page (as a mail scanner would) answered nothing.
  const token = link.split('/invitations/')[1]!;
  const read = await techPage.request.get(`/api/invitations/by-token/${token}`);
  expect(await read.json()).toMatchObject({ status: 'pending', role: 'technician', workspaceName: business });

  await techPage.getByLabel('Your name').fill('Tess Tech');
  await techPage.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour-7');
  await techPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(techPage).toHaveURL(/\/today$/);
  await expect(techPage.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  // No verification step, and only the one business.
  await expect(techPage.getByText(/Check your inbox to verify/)).toHaveCount(0);
  const switcher = techPage.getByRole('button', { name: `Workspace: ${business}` });
  await expect(switcher).toContainText('technician');
  await switcher.click();
  await expect(techPage.getByRole('menu', { name: 'Your workspaces' }).getByRole('menuitemradio')).toHaveCount(1);
  await techPage.keyboard.press('Escape');
  expect(await mailsTo(server.dataDir, techEmail, /^Verify your e-mail address/)).toEqual([]);

  // ── the owner schedules a visit for the technician; it is on their Today ──
  const techMe = (await (await techPage.request.get('/api/me')).json()) as { id: string; emailVerified: boolean };
  expect(techMe.emailVerified).toBe(true);
  const clientEmail = newEmail('quay-client');
  const client = await ownerApi.post('/api/clients', { name: 'Quinn Client', email: clientEmail });
  const property = await ownerApi.post('/api/properties', {
    name: `Quay House ${suffix}`,
    address: '1 Quay',
    clientId: client.id,
  });
  const visit = await ownerApi.post<{ id: string }>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    assigneeIds: [techMe.id],
  });
  await techPage.reload();
  await expect(techPage.getByRole('article', { name: `Quay House ${suffix}` })).toBeVisible();

  // ── the technician, named, goes and does it; the client hears it in the order it happened ──
  await techPage.request.patch('/api/me/profile', { data: { displayName: 'Tess Tech' } });
  const onMyWay = await techPage.request.post(`/api/visits/${visit.id}/on-my-way`, {
    data: { etaMinutes: 15 },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(onMyWay.status(), await onMyWay.text()).toBe(200);
  // The drive takes a while: the client has the notice before the technician starts (a start
  // that overtakes a notice still waiting drops it, docs/decisions/notifications.md).
  await waitForMail(server.dataDir, clientEmail, /^On my way/, { timeoutMs: 20_000 });
  for (const status of ['in_progress', 'completed']) {
    const changed = await techPage.request.patch(`/api/visits/${visit.id}`, {
      data: { status },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  await waitForMail(server.dataDir, clientEmail, /^Visit completed/, { timeoutMs: 20_000 });
  const toClient = await mailsTo(server.dataDir, clientEmail);
  expect(toClient.map((mail) => (mail.subject ?? '').split(':')[0])).toEqual(['On my way', 'Visit completed']);
  expect(toClient[0]!.text).toContain('Tess Tech');

  // Signing in again later also starts on Today.
  await techPage.goto('/signout');
  await expect(techPage).toHaveURL(/\/login$/);
  await techPage.getByLabel('Email').fill(techEmail);
  await techPage.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour-7');
  await techPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(techPage).toHaveURL(/\/today$/);

  // The used link says so.
  await techPage.goto(link);
  await expect(techPage.getByRole('status')).toHaveText('This invitation has already been used.');

  // A business of their own, later, from the switcher: 'New business'.
  await techPage.goto('/today');
  await techPage.getByRole('button', { name: `Workspace: ${business}` }).click();
  await techPage.getByRole('menuitem', { name: 'New business' }).click();
  await techPage.getByLabel('Business name').fill(`Tess Fixes ${suffix}`);
  await techPage.getByRole('button', { name: 'Create business' }).click();
  await expect(techPage).toHaveURL(/\/dashboard$/);
  const own = techPage.getByRole('button', { name: `Workspace: Tess Fixes ${suffix}` });
  await expect(own).toContainText('owner');
  await expect(techPage.getByRole('region', { name: 'Finish setting up' })).toHaveCount(0);
  await own.click();
  await expect(techPage.getByRole('menu', { name: 'Your workspaces' }).getByRole('menuitemradio')).toHaveCount(2);
  await techContext.close();
});

test('a person in two businesses switches in the header; every list, and each tab, follows', async ({
  page,
  user: _ada,
  browser,
  server,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const api = apiClient(page.request, server.baseURL);
  const ada = (await (await page.request.get('/api/me')).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${ada.workspace.id}`, { name: `Ada Gardens ${suffix}` });
  const alpha = await api.post('/api/properties', { name: `Alpha Lodge ${suffix}`, address: '1 Alpha Street' });
  await api.post('/api/visits', { propertyId: alpha.id, scheduledAt: '2031-01-01T10:00:00.000Z' });

  // Bo runs another business with its own property, and takes Ada on as a manager.
  const boContext = await browser.newContext(server.contextOptions);
  const boPage = await boContext.newPage();
  await signUpViaApi(boPage.request, server, { email: newEmail('bo'), password: 'quiet-harbour-7' });
  const boApi = apiClient(boPage.request, server.baseURL);
  const bo = (await (await boPage.request.get('/api/me')).json()) as { workspace: { id: string } };
  await boApi.patch(`/api/workspaces/${bo.workspace.id}`, { name: `Bo Pools ${suffix}` });
  const beta = await boApi.post('/api/properties', { name: `Beta Barn ${suffix}`, address: '2 Beta Street' });
  await boApi.post('/api/visits', { propertyId: beta.id, scheduledAt: '2031-01-02T10:00:00.000Z' });
  await joinWorkspace(boPage.request, page.request, server.baseURL, 'manager');
  await boContext.close();

  const expectLists = async (tab: Page, shown: string, hidden: string, street: string, otherStreet: string) => {
    await tab.goto('/resources/properties');
    await expect(tab.getByRole('listitem', { name: shown })).toBeVisible();
    await expect(tab.getByRole('listitem', { name: hidden })).toHaveCount(0);
    await tab.goto('/resources/visits');
    await expect(tab.getByRole('list', { name: 'Visits' }).getByText(street)).toBeVisible();
    await expect(tab.getByRole('list', { name: 'Visits' }).getByText(otherStreet)).toHaveCount(0);
  };

  // Ada's own business first.
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: `Workspace: Ada Gardens ${suffix}` })).toContainText('owner');
  await expectLists(page, `Alpha Lodge ${suffix}`, `Beta Barn ${suffix}`, '1 Alpha Street', '2 Beta Street');

  // Switch to Bo's business in the header: the dashboard opens there, and every list changes.
  await page.getByRole('button', { name: /^Workspace: / }).click();
  const menu = page.getByRole('menu', { name: 'Your workspaces' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
  await expect(menu.getByRole('menuitemradio', { name: `Bo Pools ${suffix}` })).toContainText('manager');
  await expectNoAxeViolations(page, 'switcher menu, two workspaces');
  await menu.getByRole('menuitemradio', { name: `Bo Pools ${suffix}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: `Workspace: Bo Pools ${suffix}` })).toContainText('manager');
  await expectLists(page, `Beta Barn ${suffix}`, `Alpha Lodge ${suffix}`, '2 Beta Street', '1 Alpha Street');

  // A second tab opens in the business chosen last; switching there leaves the first tab where it is.
  const second = await page.context().newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('button', { name: `Workspace: Bo Pools ${suffix}` })).toBeVisible();
  await second.getByRole('button', { name: /^Workspace: / }).click();
  await second.getByRole('menuitemradio', { name: `Ada Gardens ${suffix}` }).click();
  await expect(second.getByRole('button', { name: `Workspace: Ada Gardens ${suffix}` })).toBeVisible();
  await expectLists(second, `Alpha Lodge ${suffix}`, `Beta Barn ${suffix}`, '1 Alpha Street', '2 Beta Street');
  // The first tab, reloaded, is still in Bo's business, with none of the other's kept data.
  await page.reload();
  await expect(page.getByRole('button', { name: `Workspace: Bo Pools ${suffix}` })).toBeVisible();
  await expectLists(page, `Beta Barn ${suffix}`, `Alpha Lodge ${suffix}`, '2 Beta Street', '1 Alpha Street');
  await second.close();
});
