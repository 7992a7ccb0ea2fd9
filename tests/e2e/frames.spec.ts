import { apiClient } from './support/api';
import { expect, test } from './support/fixtures';

// Honest offline in the page frames: a page whose data is cached shows it while
// offline; one that needs the network says 'Not available offline' at once, with no spinner.

test('offline, a page with nothing cached says “Not available offline” at once; a cached list still shows', async ({
  page,
  context,
  server,
  user: _user,
}) => {
  const api = apiClient(page.request, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const seen = await api.post('/api/properties', { name: `Seen Stables ${suffix}`, address: '1 Cached Row' });
  const unseen = await api.post('/api/properties', { name: `Unseen Yard ${suffix}`, address: '2 Network Lane' });

  // Online: the list, and one property's page opened (its data now in the cache).
  await page.goto(`/resources/properties/${seen.id}`);
  await expect(page.getByRole('heading', { name: `Seen Stables ${suffix}`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Properties' }).first().click();
  await expect(page.getByRole('listitem', { name: `Unseen Yard ${suffix}` })).toBeVisible();

  // Offline, what is in the cache still shows, with 'Offline' (a reload from the kept copy in
  // IndexedDB is offline.spec's and calendar.spec's).
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Seen Stables ${suffix}` })).toBeVisible();
  await page.getByRole('link', { name: `Seen Stables ${suffix}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Seen Stables ${suffix}`, level: 1 })).toBeVisible();
  await page.goBack();

  // Never opened: nothing cached and no network. It says so, and does not spin.
  await page.getByRole('link', { name: `Unseen Yard ${suffix}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/properties/${unseen.id}$`));
  await expect(page.getByText('Not available offline')).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('status', { name: 'Loading property' })).toHaveCount(0);

  // Back online, the same page loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: `Unseen Yard ${suffix}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Not available offline')).toHaveCount(0);
});
