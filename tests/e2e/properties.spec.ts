import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

test('an owner creates, edits, prices, shares and deletes a property; the technician sees it come and go', async ({
  page,
  user: _owner,
  browser,
  baseURL,
}) => {
  // A task template to put on the property, created by the owner through the API.
  const template = await page.request.post('/api/tasks', {
    data: { name: 'Clean gutters', estimatedDurationMinutes: 90, defaultPrice: 6000 },
  });
  expect(template.ok()).toBe(true);

  // The technician-to-be, in a browser of their own.
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  const tech = { email: newEmail('tech'), password: 'password123' };
  await signUpViaApi(techPage.request, baseURL!, tech);

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

  // ── invite the second user as technician; they see nothing until they accept ──
  const inviteForm = page.getByRole('form', { name: 'Invite a person' });
  await inviteForm.getByLabel('Email').fill('nope');
  await inviteForm.getByRole('button', { name: 'Invite' }).click();
  await expect(inviteForm.getByText('Please enter a valid email address')).toBeVisible();
  await inviteForm.getByLabel('Email').fill(tech.email);
  await inviteForm.getByRole('button', { name: 'Invite' }).click();
  await expect(inviteForm.getByRole('status')).toContainText(`Invitation sent to ${tech.email}`);
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem', { name: tech.email }),
  ).toBeVisible();
  await techPage.goto('/resources/properties');
  await expect(techPage.getByText('No properties yet')).toBeVisible();
  await techPage.goto('/dashboard');
  const invitation = techPage.getByRole('listitem', { name: 'Invitation to Maple Cottage East' });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(techPage).toHaveURL(new RegExp(`/resources/properties/${propertyId}$`));
  await page.reload();
  await expect(page.getByRole('list', { name: 'People' }).getByRole('listitem', { name: tech.email })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);

  // ── the technician sees it with the technician badge, read-only ──
  await techPage.goto('/resources/properties');
  const techRow = techPage.getByRole('listitem', { name: 'Maple Cottage East' });
  await expect(techRow.getByLabel('Role: technician')).toBeVisible();
  await expect(techRow.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await techRow.getByRole('link', { name: 'Maple Cottage East' }).click();
  await expect(techPage.getByLabel('Your role')).toHaveText('technician');
  await expect(techPage.getByRole('form', { name: 'Invite a person' })).toHaveCount(0);
  await expect(techPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await techPage.goto(`/resources/properties/${propertyId}/edit`);
  await expect(techPage.getByRole('alert')).toHaveText("Only the property's owners may do this");
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

test('a technician leaves a property shared with them', async ({ page, user: _owner, browser, baseURL }) => {
  const created = await page.request.post('/api/properties', { data: { name: 'Birch Lodge', address: '7 Birch Rd' } });
  const property = (await created.json()) as { id: string };

  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  const tech = { email: newEmail('leaver'), password: 'password123' };
  await signUpViaApi(techPage.request, baseURL!, tech);
  const invited = await page.request.post(`/api/properties/${property.id}/people`, {
    data: { email: tech.email, role: 'technician' },
  });
  expect(invited.status()).toBe(202);
  const { items } = (await (
    await techPage.request.get('/api/invitations', { headers: { origin: baseURL! } })
  ).json()) as {
    items: { id: string }[];
  };
  const accepted = await techPage.request.post(`/api/invitations/${items[0]!.id}/accept`, {
    headers: { origin: baseURL! },
  });
  expect(accepted.status()).toBe(200);

  await techPage.goto(`/resources/properties/${property.id}`);
  const people = techPage.getByRole('list', { name: 'People' });
  await expect(people.getByRole('button', { name: 'Leave' })).toHaveCount(1);
  await people.getByRole('listitem', { name: tech.email }).getByRole('button', { name: 'Leave' }).click();
  const dialog = techPage.getByRole('dialog', { name: 'Unlink person' });
  await expect(dialog).toContainText('Remove yourself from this property and its visits?');
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(techPage).toHaveURL(/\/resources\/properties$/);
  await expect(techPage.getByText('No properties yet')).toBeVisible();

  // the owner still has it, now with only themselves linked
  await page.goto(`/resources/properties/${property.id}`);
  await expect(page.getByRole('list', { name: 'People' }).getByRole('listitem')).toHaveCount(1);
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
