import { expect, test } from './support/fixtures';

test('a user builds a task template, assigns it to properties, and deletes it', async ({ page, user: _user }) => {
  for (const name of ['Lake House', 'City Flat']) {
    const response = await page.request.post('/api/properties', { data: { name, address: `1 ${name} Rd` } });
    expect(response.ok()).toBe(true);
  }

  await page.goto('/resources/tasks');
  await page.getByRole('link', { name: 'New Task' }).click();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task name is required')).toBeVisible();

  await page.getByLabel('Task name').fill('Winterize pipes');
  await page.getByLabel('Description').fill('Drain and insulate.\nCheck the shut-off valve.');
  await page.getByLabel('Estimated duration (minutes)').fill('1.5');
  await page.getByLabel('Default price ($)').fill('120.5');
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Duration must be a whole number of minutes, 0 or more')).toBeVisible();
  await page.getByLabel('Estimated duration (minutes)').fill('90');
  await page.getByRole('button', { name: 'Create Task' }).click();

  await expect(page.getByRole('heading', { name: 'Winterize pipes', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Duration')).toHaveText('1 h 30 min');
  await expect(page.getByLabel('Default price')).toHaveText('$120.50');
  await expect(page.getByText('Check the shut-off valve.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Photos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes' })).toBeVisible();
  const taskPath = new URL(page.url()).pathname;
  await expect(page.getByRole('link', { name: 'Add to Visit' })).toHaveAttribute('href', `${taskPath}/add-to-visit`);

  // edit: blank duration is stored as none
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Default price ($)')).toHaveValue('120.50');
  await page.getByLabel('Estimated duration (minutes)').fill('');
  await page.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByLabel('Duration')).toHaveText('—');

  // the list, by name, with search
  await page.goto('/resources/tasks?q=winterize');
  await expect(page.getByRole('listitem', { name: 'Winterize pipes' })).toContainText('$120.50');
  // a page past the end shows the last page, not 'no task templates'
  await page.goto('/resources/tasks?q=winterize&page=3');
  await expect(page.getByRole('listitem', { name: 'Winterize pipes' })).toBeVisible();

  // assign to both properties at once
  await page.goto(taskPath);
  await page.getByRole('link', { name: 'Assign to Properties' }).click();
  await page.getByRole('checkbox', { name: 'Lake House' }).check();
  await page.getByRole('checkbox', { name: 'City Flat' }).check();
  // A price that is not one is refused on its field, and the error goes as it is corrected.
  await page.getByLabel('Custom price ($)').fill('-5');
  await page.getByRole('button', { name: 'Assign to 2 properties' }).click();
  await expect(page.getByText('Price must be 0 or more')).toBeVisible();
  await page.getByLabel('Custom price ($)').fill('99');
  await expect(page.getByText('Price must be 0 or more')).toHaveCount(0);
  await page.getByRole('button', { name: 'Assign to 2 properties' }).click();
  await expect(page.getByText('Added Winterize pipes to 2 properties.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Lake House' })).toBeDisabled();

  await page.goto('/resources/properties');
  await page.getByRole('link', { name: 'Lake House', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Winterize pipes' })).toContainText('$99.00');

  // delete after confirming: gone from the catalogue; the property keeps its own copy of the task
  // (a property task copies the template's name, description and price when made)
  await page.goto(taskPath);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete task' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/resources\/tasks$/);
  await expect(page.getByRole('listitem', { name: 'Winterize pipes' })).toHaveCount(0);
  await page.goto('/resources/properties');
  await page.getByRole('link', { name: 'Lake House', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Winterize pipes' })).toContainText('$99.00');
});
