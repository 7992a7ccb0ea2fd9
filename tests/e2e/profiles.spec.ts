import { expect, newEmail, signInViaUi, signUpViaApi, test } from './support/fixtures';

test('a user edits their profile, sees the reload, and changes their password', async ({ page, user }) => {
  await page.goto('/resources/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  await page.getByLabel('Display Name').fill('Robin Field');
  await page.getByLabel('Company Name').fill('Field & Sons');
  await page.getByLabel('Phone').fill('555-0123');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // spec §4: the page reloads after 1 s and shows the saved values.
  await page.waitForEvent('load', { timeout: 5000 });
  await expect(page.getByText('Profile updated successfully!')).toHaveCount(0);
  await expect(page.getByLabel('Display Name')).toHaveValue('Robin Field');
  await expect(page.getByLabel('Company Name')).toHaveValue('Field & Sons');
  await expect(page.getByLabel('Phone')).toHaveValue('555-0123');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-user')).toHaveText('Robin Field');

  // Account Settings → Change Password, with the sign-up rules.
  await page.goto('/resources/profile');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm new password').fill('short');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('brand-new-pw');
  await dialog.getByLabel('Confirm new password').fill('brand-new-pw');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
  await dialog.getByLabel('Current password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInViaUi(page, { email: user.email, password: 'brand-new-pw' });
});

test('a user creates, edits and deletes a secondary profile', async ({ page, user: _user }) => {
  await page.goto('/resources/profiles');
  await expect(page.getByText('Manage additional profiles for different contexts or roles.')).toBeVisible();
  await expect(page.getByText('No secondary profiles yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create your first secondary profile' }).click();
  await expect(page).toHaveURL(/\/resources\/profiles\/new$/);

  await page.getByLabel('Display Name').fill('   ');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('Display name is required')).toBeVisible();

  await page.getByLabel('Display Name').fill('Weekend Landlord');
  await page.getByLabel('Company Name').fill('Lakeside Rentals');
  await page.getByLabel('Email').fill('lake@example.com');
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await expect(page.getByText('Profile created successfully! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/profiles$/);

  const row = page.getByRole('listitem', { name: 'Weekend Landlord' });
  await expect(row).toContainText('Lakeside Rentals');
  await expect(row).toContainText('lake@example.com');
  await expect(row).toContainText('555-0199');

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Display Name')).toHaveValue('Weekend Landlord');
  await page.getByLabel('Display Name').fill('Weekday Landlord');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/profiles$/);

  const edited = page.getByRole('listitem', { name: 'Weekday Landlord' });
  await edited.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Secondary Profile' });
  await expect(dialog).toContainText('Are you sure you want to delete this profile? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Secondary Profile' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No secondary profiles yet')).toBeVisible();
});

test('deleting the only profile on the last page goes back a page', async ({ page, user: _user, baseURL }) => {
  // 21 profiles: 20 on page 1, 'Zz Last' (the oldest) alone on page 2.
  for (const name of ['Zz Last', ...Array.from({ length: 20 }, (_, index) => `Contact ${index + 1}`)]) {
    const response = await page.request.post('/api/secondary-profiles', {
      data: { displayName: name },
      headers: { origin: baseURL! },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/resources/profiles');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  const last = page.getByRole('listitem', { name: 'Zz Last' });
  await last.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Secondary Profile' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: 'Contact 20' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('No secondary profiles yet')).toHaveCount(0);
});

test("another user's secondary profile does not open", async ({ page, user: _user, browser, baseURL, server }) => {
  const created = await page.request.post('/api/secondary-profiles', {
    data: { displayName: 'Mine Only' },
    headers: { origin: baseURL! },
  });
  const { id } = await created.json();
  const other = await browser.newPage({ baseURL });
  await signUpViaApi(other.request, server, { email: newEmail('other'), password: 'quiet-harbour-7' });
  await other.goto(`/resources/profiles/${id}/edit`);
  await expect(other.getByRole('alert')).toHaveText('Failed to load profile: Profile not found');
  await other.close();
});

test('/test-db runs its five queries for the signed-in user', async ({ page, user }) => {
  await page.goto('/test-db');
  for (const name of ['Users', 'Properties', 'Visits', 'User properties', 'Upcoming visits (dashboard query)']) {
    await expect(page.getByRole('region', { name, exact: true })).toContainText('success');
  }
  const users = page.getByRole('region', { name: 'Users', exact: true });
  await expect(users).toContainText('Count: 1');
  await expect(users).toContainText(user.email);
  await expect(page.getByRole('region', { name: 'Properties', exact: true })).toContainText('Count: 0');
  await page.goto('/resources/profile');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
});
