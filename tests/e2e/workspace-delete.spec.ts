import { linkIn, waitForMail } from '../support/outbox';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

// Deleting a business: from the notice a claimed account gets about the workspaces made before
// the claim (one step), and from Business settings' danger zone (after a confirmation naming it).

test('after claiming the address, the new owner deletes what the squatter made and keeps the rest', async ({
  page,
  browser,
  server,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = newEmail('claimed');
  const first = `Squatter Co ${suffix}`;
  const second = `Squatter Two ${suffix}`;

  // Someone signs up first with the address (without its inbox) and makes two businesses.
  const squatterContext = await browser.newContext(server.contextOptions);
  const squatter = await squatterContext.newPage();
  await signUpViaApi(squatter.request, server, { email, password: 'squatter-harbour-1' }, { verified: false });
  const { workspace } = (await (await squatter.request.get('/api/me')).json()) as { workspace: { id: string } };
  const api = apiClient(squatter.request, server.baseURL);
  await api.patch(`/api/workspaces/${workspace.id}`, { name: first });
  await api.post('/api/clients', { name: 'Their client' });
  await api.post('/api/workspaces', { name: second });

  // The address's owner takes the account back with 'Forgot password?'.
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const reset = await waitForMail(server.dataDir, email, /^Reset your Rounds password/);
  await page.goto(linkIn(reset, '/api/auth/reset-password/'));
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('owners-harbour-6');
  await page.getByLabel('Confirm password').fill('owners-harbour-6');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('owners-harbour-6');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const notices = page.getByRole('region', { name: 'Made before you claimed this address' });
  await expect(notices).toHaveCount(2);
  const made = notices.filter({ hasText: first });
  await expect(made).toContainText('1 client · 0 properties · 0 visits');
  const audit = await auditPage(page, '/dashboard');
  expect(audit.width).toBe(390);
  expect(audit.details).toEqual([]);

  await made.getByRole('button', { name: 'Delete this workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(notices).toHaveCount(1);
  await expect(notices).toContainText(second);
  await notices.getByRole('button', { name: 'Keep it' }).click();
  await expect(notices).toHaveCount(0);

  await page.getByRole('button', { name: `Workspace: ${second}` }).click();
  const menu = page.getByRole('menu', { name: 'Your workspaces' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(1);
  await expect(menu.getByRole('menuitemradio', { name: second })).toBeVisible();
  await expect(menu.getByText(first)).toHaveCount(0);

  // The squatter's session ended with the claim.
  expect((await squatter.request.get('/api/me')).status()).toBe(401);
  await squatterContext.close();
});

test('Business settings: an owner deletes the business after a confirmation that names it', async ({
  page,
  user: _user,
  server,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const doomed = `Doomed Pools ${suffix}`;
  const other = `Other Pools ${suffix}`;
  const api = apiClient(page.request, server.baseURL);
  const { workspace } = (await (await page.request.get('/api/me')).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${workspace.id}`, { name: doomed });
  await api.post('/api/workspaces', { name: other });

  await page.goto('/settings');
  const danger = page.getByRole('region', { name: 'Danger zone' });
  await expect(danger).toContainText(`${doomed} and everything in it go for good`);
  const audit = await auditPage(page, '/settings');
  expect(audit.width).toBe(390);
  expect(audit.details).toEqual([]);

  await danger.getByRole('button', { name: 'Delete this workspace' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${doomed}?` });
  await expect(dialog).toBeVisible();
  expect((await auditPage(page, '/settings (confirm)')).details).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.request.get(`/api/workspaces/${workspace.id}`)).status()).toBe(200);

  await danger.getByRole('button', { name: 'Delete this workspace' }).click();
  await dialog.getByRole('button', { name: 'Delete this workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: `Workspace: ${other}` }).click();
  const menu = page.getByRole('menu', { name: 'Your workspaces' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(1);
  await expect(menu.getByText(doomed)).toHaveCount(0);
  expect((await page.request.get(`/api/workspaces/${workspace.id}`)).status()).toBe(404);
});
