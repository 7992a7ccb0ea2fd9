import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { auditPage, writeAxeTable, type AxeRow } from './support/axe';
import { expect, newEmail, signInViaUi, signUpViaApi, test } from './support/fixtures';
import { startServer } from './support/server';

const run = promisify(execFile);

test('a non-admin opening /admin/users lands on /dashboard', async ({ page, user: _user }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/users/00000000-0000-4000-8000-000000000000/edit');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('make-admin bootstraps an admin, who finds a user by company and changes their role', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-admin-'));
  const admin = { email: newEmail('admin'), password: 'admin-pass-1' };
  const worker = { email: newEmail('worker'), password: 'worker-pass-1' };
  const company = `Hedge Cutters Unlimited International ${Date.now()}`; // long: it wraps on a phone
  try {
    // Accounts made on a first run; then `npm run make-admin` promotes one while the server is down.
    const first = await startServer({ dataDir });
    try {
      const setup = await playwright.request.newContext({ baseURL: first.baseURL });
      await signUpViaApi(setup, first, admin);
      const setupWorker = await playwright.request.newContext({ baseURL: first.baseURL });
      await signUpViaApi(setupWorker, first, worker);
      const profile = await setupWorker.patch('/api/me/profile', {
        data: { displayName: 'Wendy Worker', companyName: company, phone: '555-0142' },
        headers: { origin: first.baseURL },
      });
      expect(profile.ok()).toBe(true);
      await setup.dispose();
      await setupWorker.dispose();
    } finally {
      await first.stop();
    }
    await run(process.execPath, ['--import', 'tsx', 'scripts/make-admin.ts', admin.email], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });

    const server = await startServer({ dataDir });
    try {
      const workerPage = await browser.newPage(server.contextOptions);
      await signInViaUi(workerPage, worker);
      await expect(workerPage.getByRole('link', { name: /^Users/ })).toHaveCount(0);

      // A page of its own context: axe needs to open pages beside it.
      const adminPage = await (await browser.newContext(server.contextOptions)).newPage();
      await signInViaUi(adminPage, admin);
      // The dashboard drawn whole first: a card arriving late moves the links under the pointer.
      await expect(adminPage.getByRole('region', { name: 'Finish setting up' })).toBeVisible();
      await adminPage.getByRole('link', { name: /^Users/ }).click();
      await expect(adminPage).toHaveURL(/\/admin\/users$/);
      await expect(adminPage.getByRole('heading', { name: 'Users' })).toBeVisible();
      await expect(adminPage.getByText('Manage user accounts and roles')).toBeVisible();

      // axe on the admin pages, at both widths; the rest runs on a phone.
      const editHref = await adminPage.getByRole('link', { name: `Edit ${worker.email}` }).getAttribute('href');
      const rows: AxeRow[] = [];
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await adminPage.setViewportSize(viewport);
        for (const route of ['/admin/users', editHref!]) {
          await adminPage.goto(route);
          const { details, ...row } = await auditPage(adminPage, route.replace(/[0-9a-f-]{36}/, '{id}'));
          rows.push(row);
          expect(details, route).toEqual([]);
          expect(row.mains, route).toBe(1);
        }
      }
      writeAxeTable('admin', rows);
      await adminPage.goto('/admin/users');

      const search = adminPage.getByPlaceholder('Search by email, name, or company...');
      await search.fill('no such company anywhere');
      await expect(adminPage.getByText('No users found')).toBeVisible();
      await search.fill(company.toLowerCase());
      const row = adminPage.getByRole('listitem', { name: worker.email });
      await expect(row).toContainText('Wendy Worker');
      await expect(row).toContainText(company);
      await expect(row).toContainText('customer');
      await expect(adminPage.getByRole('listitem')).toHaveCount(1);
      // The role badge stays whole beside the long company name (no ellipsis).
      const badge = row.getByText('customer', { exact: true });
      expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

      await row.getByRole('link', { name: `Edit ${worker.email}` }).click();
      await expect(adminPage.getByText('Not provided')).toHaveCount(0);
      await expect(adminPage.getByText('555-0142')).toBeVisible();
      const save = adminPage.getByRole('button', { name: 'Save Changes' });
      await expect(save).toBeDisabled();
      await expect(
        adminPage.getByText("Changing the user's role will immediately affect their access permissions."),
      ).toBeVisible();
      await adminPage.getByRole('combobox', { name: 'Change Role' }).click();
      await adminPage.getByRole('option', { name: 'provider' }).click();
      await expect(save).toBeEnabled();
      await save.click();
      await expect(adminPage.getByText('User role updated successfully!')).toBeVisible();
      // Back on the list as it was left: the search is still in the URL and the box.
      await expect(adminPage).toHaveURL(/\/admin\/users\?q=/, { timeout: 5000 });
      await expect(adminPage.getByRole('searchbox', { name: 'Search users' })).toHaveValue(company.toLowerCase());

      // The role filter finds them among providers now.
      await adminPage.getByRole('combobox', { name: 'Filter by role' }).click();
      await adminPage.getByRole('option', { name: 'Provider' }).click();
      await expect(adminPage).toHaveURL(/role=provider/);
      await expect(adminPage.getByRole('listitem', { name: worker.email })).toContainText('provider');

      // Edit → Cancel keeps the search and the filter.
      await adminPage.getByRole('link', { name: `Edit ${worker.email}` }).click();
      await adminPage.getByRole('link', { name: 'Cancel' }).click();
      await expect(adminPage).toHaveURL(/role=provider/);
      await expect(adminPage.getByRole('combobox', { name: 'Filter by role' })).toHaveValue('Provider');
      await expect(adminPage.getByRole('listitem')).toHaveCount(1);

      // The worker's same session sees the new role on its next request.
      await workerPage.goto('/resources/profile');
      // My Profile and the Menu show the role in the business; the account role only here, on Users.
      await expect(workerPage.getByTestId('workspace-role')).toContainText('Owner');
      await expect(workerPage.getByRole('main')).not.toContainText('provider');
      await workerPage.goto('/dashboard');
      await workerPage.getByRole('button', { name: 'Menu' }).click();
      await expect(workerPage.getByRole('dialog', { name: 'Menu' })).toContainText('Owner');
      await expect(workerPage.getByRole('dialog', { name: 'Menu' })).not.toContainText('provider');
      await workerPage.keyboard.press('Escape');
      await expect(workerPage.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

      // Made an admin, the worker's dashboard gains the Users tile at once.
      await adminPage.getByRole('link', { name: `Edit ${worker.email}` }).click();
      await adminPage.getByRole('combobox', { name: 'Change Role' }).click();
      await adminPage.getByRole('option', { name: 'admin' }).click();
      await adminPage.getByRole('button', { name: 'Save Changes' }).click();
      await expect(adminPage.getByText('User role updated successfully!')).toBeVisible();
      await workerPage.goto('/dashboard');
      await expect(workerPage.getByRole('link', { name: /^Users/ })).toBeVisible();
      await workerPage.getByRole('button', { name: 'Menu' }).click();
      await expect(workerPage.getByRole('dialog', { name: 'Menu' })).toContainText('Admin');
      await workerPage.keyboard.press('Escape');

      // An unknown user id goes back to the list.
      await adminPage.goto('/admin/users/00000000-0000-4000-8000-000000000000/edit');
      await expect(adminPage).toHaveURL(/\/admin\/users$/);

      // With another admin left, an admin may give up the role: the success shows for 1.5 s,
      // then the change applies to them at once and the admin guard sends them to /dashboard.
      await adminPage.getByRole('link', { name: `Edit ${admin.email}` }).click();
      await adminPage.getByRole('combobox', { name: 'Change Role' }).click();
      await adminPage.getByRole('option', { name: 'provider' }).click();
      await adminPage.getByRole('button', { name: 'Save Changes' }).click();
      await expect(adminPage.getByText('User role updated successfully!')).toBeVisible();
      const shown = Date.now();
      await expect(adminPage).toHaveURL(/\/dashboard$/, { timeout: 5000 });
      expect(Date.now() - shown).toBeGreaterThan(1000);
      await adminPage.getByRole('button', { name: 'Menu' }).click();
      await expect(adminPage.getByRole('dialog', { name: 'Menu' })).toContainText('Owner');
      await expect(adminPage.getByRole('dialog', { name: 'Menu' })).not.toContainText('Admin');
      await adminPage.keyboard.press('Escape');
      await expect(adminPage.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
      await expect(adminPage.getByRole('link', { name: /^Users/ })).toHaveCount(0);

      // A field worker (provider) lands on /today after signing in; Dashboard stays a tap away.
      await adminPage.getByRole('button', { name: /^Account: / }).click();
      await adminPage.getByRole('link', { name: 'Sign out' }).click();
      await expect(adminPage).toHaveURL(/\/login$/);
      await adminPage.getByLabel('Email').fill(admin.email);
      await adminPage.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
      await adminPage.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(adminPage).toHaveURL(/\/today$/);
      await expect(adminPage.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
      await expect(
        adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
      ).toBeVisible();
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
