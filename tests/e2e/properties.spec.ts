import { PROPERTY_MESSAGES } from '../../src/shared/messages/properties';
import { joinWorkspace } from './support/api';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

test('an owner creates, edits, prices and deletes a property; a technician of the business sees it come and go', async ({
  page,
  user: owner,
  browser,
  server,
}) => {
  // A task template to put on the property, created by the owner through the API.
  const template = await page.request.post('/api/tasks', {
    data: { name: 'Clean gutters', estimatedDurationMinutes: 90, defaultPrice: 6000 },
  });
  expect(template.ok()).toBe(true);

  // The technician-to-be, in a browser of their own.
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  const tech = { email: newEmail('tech'), password: 'quiet-harbour-7' };
  await signUpViaApi(techPage.request, server, tech);

  // ── create ──
  await page.goto('/resources/properties');
  await expect(page.getByText('No properties yet')).toBeVisible();
  await page.getByRole('link', { name: 'New Property' }).click();
  await expect(page).toHaveURL(/\/resources\/properties\/new$/);
  await expect(page.getByLabel('Country')).toHaveValue('USA');
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(page.getByText('Property name is required')).toBeVisible();
  await expect(page.getByText('Property address is required')).toBeVisible();

  await page.getByLabel('Property name').fill('Maple Cottage');
  await page.getByLabel('Address').fill('42 Maple Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('ZIP').fill('97201');
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(page.getByRole('heading', { name: 'Maple Cottage', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Your role')).toHaveText('owner');
  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visit history' })).toBeVisible();
  const propertyUrl = page.url();
  const propertyId = propertyUrl.split('/').pop()!;
  await expect(page.getByRole('link', { name: 'Schedule Visit' })).toHaveAttribute(
    'href',
    `/resources/visits/new?property=${propertyId}`,
  );

  // ── it appears in the list ──
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Properties' }).click();
  const row = page.getByRole('listitem', { name: 'Maple Cottage' });
  await expect(row).toContainText('42 Maple Street');
  await expect(row).toContainText('Portland, OR 97201');
  await expect(row.getByLabel('Role: owner')).toBeVisible();
  // a page past the end (an old link, or its last row deleted) shows the last page, not 'No properties yet'
  await page.goto('/resources/properties?page=5');
  await expect(page.getByRole('listitem', { name: 'Maple Cottage' })).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/properties$/);

  // ── edit ──
  await row.getByRole('link', { name: 'Edit Maple Cottage' }).click();
  await expect(page.getByLabel('Property name')).toHaveValue('Maple Cottage');
  await page.getByLabel('Property name').fill('Maple Cottage East');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByRole('heading', { name: 'Maple Cottage East', level: 1 })).toBeVisible();

  // ── Manage Tasks: add the template with a custom price ──
  await page.getByRole('link', { name: 'Manage Tasks' }).click();
  await expect(page).toHaveURL(`${propertyUrl}/tasks`);
  await page.getByRole('combobox', { name: 'Task template' }).click();
  await page.getByRole('option', { name: /^Clean gutters \(/ }).click();
  await page.getByLabel('Custom price ($)').fill('75.25');
  await page.getByRole('button', { name: 'Add Task' }).click();
  const taskRow = page.getByRole('listitem', { name: 'Clean gutters' });
  await expect(taskRow).toContainText('Custom price: $75.25');
  await expect(taskRow).toContainText('Default price: $60.00');
  await expect(taskRow).toContainText('1 h 30 min');
  // the price editor starts from the saved price, not from what was typed and cancelled
  await taskRow.getByRole('button', { name: 'Change price' }).click();
  await taskRow.getByLabel('Custom price of Clean gutters ($)').fill('12');
  await taskRow.getByRole('button', { name: 'Cancel' }).click();
  await taskRow.getByRole('button', { name: 'Change price' }).click();
  await expect(taskRow.getByLabel('Custom price of Clean gutters ($)')).toHaveValue('75.25');
  await taskRow.getByRole('button', { name: 'Cancel' }).click();

  // ── the detail shows that price ──
  await page.getByRole('link', { name: 'Back to property' }).click();
  const detailTask = page.getByRole('listitem', { name: 'Clean gutters' });
  await expect(detailTask).toContainText('$75.25');
  await expect(detailTask).toContainText('1 h 30 min');

  // ── the second user joins the business as technician and is put on a visit there ──
  await joinWorkspace(page.request, techPage.request, server.baseURL, 'technician');
  const techId = ((await (await techPage.request.get('/api/me')).json()) as { id: string }).id;
  await techPage.goto('/resources/properties');
  // Their tab is still in their own workspace, which has no properties.
  await expect(techPage.getByText('No properties yet')).toBeVisible();
  const scheduled = await page.request.post('/api/visits', {
    data: {
      propertyId,
      scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      assigneeIds: [techId],
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  // The owner's business is still named after the owner's address (it was never set up).
  await techPage.getByRole('button', { name: /^Workspace: / }).click();
  await techPage.getByRole('menuitemradio', { name: owner.email }).click();
  await expect(techPage).toHaveURL(/\/dashboard$/);
  await expect(techPage.getByRole('button', { name: `Workspace: ${owner.email}` })).toContainText('technician');

  // ── the technician sees it with the technician badge, read-only and without prices ──
  await techPage.goto('/resources/properties');
  await expect(techPage.getByRole('link', { name: 'New Property' })).toHaveCount(0);
  const techRow = techPage.getByRole('listitem', { name: 'Maple Cottage East' });
  await expect(techRow.getByLabel('Role: technician')).toBeVisible();
  await expect(techRow.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await techRow.getByRole('link', { name: 'Maple Cottage East' }).click();
  await expect(techPage.getByLabel('Your role')).toHaveText('technician');
  await expect(techPage.getByRole('listitem', { name: 'Clean gutters' })).toContainText('1 h 30 min');
  await expect(techPage.getByText('$75.25')).toHaveCount(0);
  await expect(techPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(techPage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(techPage.getByRole('link', { name: 'Schedule Visit' })).toHaveCount(0);
  await expect(techPage.getByRole('link', { name: 'Manage Tasks' })).toHaveCount(0);
  await techPage.goto(`/resources/properties/${propertyId}/edit`);
  await expect(techPage.getByRole('alert')).toHaveText('Only owners and managers can do this');
  await expect(techPage.getByRole('button', { name: 'Update Property' })).toHaveCount(0);

  // ── the owner deletes it after confirming ──
  await page.goto('/resources/properties');
  await page.getByRole('button', { name: 'Delete Maple Cottage East' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete property' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('listitem', { name: 'Maple Cottage East' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Maple Cottage East' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: 'Maple Cottage East' })).toHaveCount(0);
  await expect(page.getByText('No properties yet')).toBeVisible();

  // ── gone for both ──
  await techPage.goto('/resources/properties');
  await expect(techPage.getByText('No properties yet')).toBeVisible();
  await techPage.goto(propertyUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect(techPage.getByRole('alert')).toContainText('Property not found or access denied');
  await techContext.close();
});

test('a technician leaves the workspace they joined; the owner no longer lists them', async ({
  page,
  user: owner,
  browser,
  server,
}) => {
  const techContext = await browser.newContext(server.contextOptions);
  const techPage = await techContext.newPage();
  const tech = { email: newEmail('leaver'), password: 'quiet-harbour-7' };
  await signUpViaApi(techPage.request, server, tech);
  const workspaceId = await joinWorkspace(page.request, techPage.request, server.baseURL, 'technician');

  await page.goto('/settings/members');
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem', { name: tech.email })).toBeVisible();

  // The technician opens the owner's business in their tab and leaves it from the switcher.
  await techPage.goto('/dashboard');
  await techPage.getByRole('button', { name: /^Workspace: / }).click();
  await techPage.getByRole('menuitemradio', { name: owner.email }).click();
  await expect(techPage.getByRole('button', { name: `Workspace: ${owner.email}` })).toBeVisible();
  await techPage.getByRole('button', { name: /^Workspace: / }).click();
  await techPage.getByRole('menuitem', { name: 'Leave workspace' }).click();
  await expect(techPage).toHaveURL(/\/settings\/members$/);
  // A technician does not see the team, but may leave.
  await expect(techPage.getByRole('alert')).toHaveText('Only owners and managers can do this');
  await techPage.getByRole('button', { name: 'Leave workspace' }).click();
  const dialog = techPage.getByRole('dialog', { name: 'Leave workspace' });
  await expect(dialog).toContainText(`Leave ${owner.email}?`);
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  // Back in their own workspace, the only one left.
  await expect(techPage).toHaveURL(/\/dashboard$/);
  await expect(techPage.getByRole('button', { name: `Workspace: ${tech.email}` })).toBeVisible();
  expect((await techPage.request.get(`/api/workspaces/${workspaceId}/members`)).status()).toBe(404);

  await page.reload();
  await expect(members.getByRole('listitem', { name: owner.email })).toBeVisible();
  await expect(members.getByRole('listitem', { name: tech.email })).toHaveCount(0);
  await techContext.close();
});

test('Manage Tasks pages through a long task list', async ({ page, user: _owner }) => {
  const created = await page.request.post('/api/properties', { data: { name: 'Big Estate', address: '1 Long Rd' } });
  const property = (await created.json()) as { id: string };
  for (let n = 1; n <= 21; n++) {
    const template = await page.request.post('/api/tasks', { data: { name: `Chore ${String(n).padStart(2, '0')}` } });
    const { id } = (await template.json()) as { id: string };
    expect((await page.request.post(`/api/properties/${property.id}/tasks`, { data: { taskId: id } })).status()).toBe(
      201,
    );
  }

  await page.goto(`/resources/properties/${property.id}/tasks`);
  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('listitem', { name: 'Chore 01' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(20);
  await expect(list.getByRole('listitem', { name: 'Chore 21' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(list.getByRole('listitem', { name: 'Chore 21' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The picker offers none of the 21, wherever they are in the list; a new template it does.
  await page.request.post('/api/tasks', { data: { name: 'Chore 22' } });
  await page.getByRole('combobox', { name: 'Task template' }).fill('Chore');
  await expect(page.getByRole('option', { name: /Chore 22/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Chore (0\d|1\d|2[01])\b/ })).toHaveCount(0);
});

test('a form’s field errors clear as each field is corrected, and only that field’s', async ({ page, user: _user }) => {
  await page.goto('/resources/properties/new');
  await page.getByRole('button', { name: 'Create Property' }).click();
  const name = page.getByRole('textbox', { name: 'Property name' });
  const address = page.getByRole('textbox', { name: 'Address' });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(PROPERTY_MESSAGES.nameRequired)).toBeVisible();

  await name.fill('Corrected Cottage');
  await expect(page.getByText(PROPERTY_MESSAGES.nameRequired)).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  // The address is still wrong, and says so until it too is corrected.
  await expect(page.getByText(PROPERTY_MESSAGES.addressRequired)).toBeVisible();
  await address.fill('1 Mended Way');
  await expect(page.getByText(PROPERTY_MESSAGES.addressRequired)).toHaveCount(0);
  // Emptied again, the field's error comes back at once.
  await name.fill('');
  await expect(page.getByText(PROPERTY_MESSAGES.nameRequired)).toBeVisible();
  await name.fill('Corrected Cottage');
  await page.getByRole('button', { name: 'Create Property' }).click();
  await expect(page.getByRole('heading', { name: 'Corrected Cottage', level: 1 })).toBeVisible();
});
