import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// At 390×844: an owner creates a client, gives two new properties that client from the
// property form, and reaches them in one tap from the client's page (Call, Text, E-mail, and
// Directions to each property). The clients list and the client page are axe-clean.

test('an owner creates a client with two properties and reaches them in one tap', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });

  // ── the list starts empty; a new client ──
  await page.goto('/resources/clients');
  await expect(page.getByText('No clients yet')).toBeVisible();
  await page.getByRole('link', { name: 'New Client' }).click();
  await expect(page).toHaveURL(/\/resources\/clients\/new$/);
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Client name is required')).toBeVisible();
  await page.getByLabel('Client name').fill('Ada Lovelace');
  await page.getByLabel('Company').fill('Analytical Engines');
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Phone').fill('+1 (555) 010-0199');
  await page.getByLabel('Billing address').fill('12 St James Square, London');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  const clientUrl = page.url();

  // ── two properties, each given the client on the property form ──
  for (const [name, address] of [
    ['Elm House', '12 Elm Street'],
    ['Quay Cottage', '3 Quay Road'],
  ] as const) {
    await page.goto('/resources/properties/new');
    await page.getByLabel('Property name').fill(name);
    await page.getByLabel('Address').fill(address);
    await page.getByLabel('City').fill('Portsmouth');
    const client = page.getByRole('combobox', { name: 'Client' });
    await client.click();
    await client.fill('Ada');
    await page.getByRole('option', { name: 'Ada Lovelace' }).click();
    await expect(client).toHaveValue('Ada Lovelace');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // the property page: its client with one tap, and Directions to it
    const contact = page.getByRole('region', { name: 'Contact' });
    await expect(contact.getByRole('link', { name: 'Ada Lovelace', exact: true })).toBeVisible();
    await expect(contact.getByRole('link', { name: 'Call Ada Lovelace' })).toHaveAttribute('href', 'tel:+15550100199');
    await expect(contact.getByRole('link', { name: `Directions to ${name}` })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );
  }

  // ── the list: searchable by name, e-mail or phone ──
  await page.goto('/resources/clients');
  const row = page.getByRole('listitem', { name: 'Ada Lovelace' });
  await expect(row).toContainText('2 properties');
  await page.getByLabel('Search clients').fill('ada@example');
  await expect(page.getByRole('listitem', { name: 'Ada Lovelace' })).toBeVisible();
  await page.getByLabel('Search clients').fill('nobody-by-that-name');
  await expect(page.getByText('No clients match')).toBeVisible();
  await page.getByLabel('Search clients').fill('');
  await expect(page.getByRole('listitem', { name: 'Ada Lovelace' })).toBeVisible();
  const list = await auditPage(page, '/resources/clients');
  expect(list.details).toEqual([]);
  expect(list.mains).toBe(1);

  // ── the client page: both properties, Call, Text, E-mail and Directions ──
  await page.goto(clientUrl);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  const call = page.getByRole('link', { name: 'Call Ada Lovelace' });
  await expect(call).toHaveAttribute('href', 'tel:+15550100199');
  expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(page.getByRole('link', { name: 'Text Ada Lovelace' })).toHaveAttribute('href', 'sms:+15550100199');
  await expect(page.getByRole('link', { name: 'E-mail Ada Lovelace' })).toHaveAttribute(
    'href',
    'mailto:ada@example.com',
  );
  const properties = page.getByRole('list', { name: 'Properties' });
  await expect(properties.getByRole('listitem')).toHaveCount(2);
  for (const name of ['Elm House', 'Quay Cottage']) {
    await expect(properties.getByRole('link', { name, exact: true })).toBeVisible();
    const directions = properties.getByRole('link', { name: `Directions to ${name}` });
    await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect((await directions.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(page.getByRole('heading', { name: 'Upcoming visits' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  const detail = await auditPage(page, '/resources/clients/{id}');
  expect(detail.details).toEqual([]);
  expect(detail.mains).toBe(1);

  // ── deleting the client says what happens to the properties, and leaves them ──
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Their properties stay, without a client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/resources\/clients$/);
  await expect(page.getByText('No clients yet')).toBeVisible();
  await page.goto('/resources/properties');
  await expect(page.getByRole('listitem', { name: 'Elm House' })).toBeVisible();
});
