import { expect, signUpViaApi, test } from './support/fixtures';

// Phone navigation from every signed-in page, targets of 44×44 px or more,
// and a header that keeps 'Sign out' whole and the workspace switcher usable beside a long e-mail
// (Sign out in the header's account menu).

const AREAS = [
  'Today',
  'Dashboard',
  'Visits',
  'Calendar',
  'Properties',
  'Clients',
  'Tasks',
  'Photos',
  'Notes',
  'Invoices',
  'Profile',
];

test('on a phone, a bottom bar and its Menu reach every area with large targets', async ({ page, user: _user }) => {
  await page.goto('/resources/tasks');
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar).toBeVisible();
  const viewport = page.viewportSize()!;
  for (const target of await bar.locator('a, button').all()) {
    const box = (await target.boundingBox())!;
    expect(box.width, await target.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.height, await target.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }

  await bar.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const links = menu.getByRole('navigation', { name: 'All areas' }).getByRole('link');
  // The user owns their workspace, so its settings and members are there too.
  await expect(links).toHaveText([...AREAS, 'Business settings', 'Members']);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  await menu.getByRole('link', { name: 'Properties' }).click();
  await expect(page).toHaveURL(/\/resources\/properties$/);
  await expect(page.getByRole('heading', { name: 'Properties', level: 1 })).toBeVisible();

  await bar.getByRole('link', { name: 'Visits' }).click();
  await expect(page).toHaveURL(/\/resources\/visits$/);
  await expect(bar.getByRole('link', { name: 'Visits' })).toHaveAttribute('aria-current', 'page');

  // The last control of a long page can be scrolled above the bar and used.
  await bar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const lastTile = page.getByRole('navigation', { name: 'Areas' }).getByRole('link').last();
  await lastTile.click();
  await expect(page).toHaveURL(/\/resources\/profiles$/);
});

test('on a wide screen the areas are in the header and there is no bottom bar', async ({ page, user: _user }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/resources/visits');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toHaveCount(1);
  await expect(nav.getByRole('link')).toHaveText(AREAS);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
});

test('with a 45-character e-mail and workspace name at 390 px, Sign out stays whole and the switcher usable', async ({
  page,
  server,
}) => {
  const email = `${'a-very-long-mailbox-name-'.padEnd(33, 'x')}@example.com`;
  expect(email).toHaveLength(45);
  await signUpViaApi(page.request, server, { email, password: 'quiet-harbour-7' });
  for (const route of ['/dashboard', '/resources/properties']) {
    await page.goto(route);
    const header = page.getByRole('banner');
    // The e-mail and Sign out are in the account menu at the end of the header row.
    const account = header.getByRole('button', { name: `Account: ${email}` });
    // A new workspace is named after its owner's address until the business is named.
    const switcher = header.getByRole('button', { name: `Workspace: ${email}` });
    await expect(account).toBeVisible();
    await expect(switcher).toBeVisible();
    await expect(switcher).toHaveAttribute('title', email);
    await expect(switcher).toContainText('owner'); // read out on a phone, shown in its menu
    const width = page.viewportSize()!.width;
    await account.click();
    const signOut = page.getByRole('link', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    for (const element of [signOut, switcher, account]) {
      const box = (await element.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    // Sign out is whole: its text is not cut off inside its box; the switcher is a 44 px target.
    expect(await signOut.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);
    for (const target of [switcher, account, signOut]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press('Escape');
  }
});
