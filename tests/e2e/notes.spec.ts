import { propertyWithVisit } from './support/api';
import { expect, test } from './support/fixtures';

// The notes journey on a 390×844 phone.

test('add a note in a visit’s panel, edit it inline, open it, follow View Visit, delete it from the notes list', async ({
  page,
  server,
  user: _user,
}) => {
  const { visit, property } = await propertyWithVisit(page.request, server.baseURL, 'Noted Lodge');
  await page.goto(`/resources/visits/${visit.id}`);
  const panel = page.getByRole('region', { name: 'Notes' });
  await expect(panel.getByText('No notes yet.')).toBeVisible();

  // Add: the spec's rules first, then a note with two lines.
  await panel.getByRole('button', { name: 'Add Note' }).click();
  await expect(panel.getByText('Note content is required')).toBeVisible();
  await panel.getByLabel('Add a note').fill('   ');
  await panel.getByRole('button', { name: 'Add Note' }).click();
  await expect(panel.getByText('Note content cannot be empty')).toBeVisible();
  await panel.getByLabel('Add a note').fill('Dog in the garden.\nUse the side gate.');
  await panel.getByRole('button', { name: 'Add Note' }).click();
  const item = panel.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Dog in the garden.');
  await expect(panel.getByLabel('Add a note')).toHaveValue('');

  // Edit inline: '(edited)' appears.
  await item.getByRole('button', { name: 'Edit' }).click();
  await item.getByLabel('Note').fill('Dog in the garden.\nUse the side gate; code 1234.');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item).toContainText('code 1234');
  await expect(item).toContainText('(edited)');

  // Open it: spec §2's note page.
  await item.getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: 'Note Details' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link', { name: 'Notes' })).toBeVisible();
  await expect(crumbs.getByText('Note Details')).toBeVisible();
  await expect(page.getByText('visit', { exact: true })).toBeVisible(); // the type badge
  await expect(page.getByRole('link', { name: new RegExp(`^${property.name}, `) })).toBeVisible();
  await expect(page.getByLabel('Created By')).toHaveText(/@example\.com$/);
  await expect(page.getByLabel('Last Updated')).toBeVisible();
  await expect(page.getByText('Use the side gate; code 1234.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Notes' })).toBeVisible();
  await page.getByRole('link', { name: 'View Visit' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${visit.id}$`));

  // Delete it from the notes list, after the spec's question.
  await page.goto('/resources/notes');
  const row = page.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(edited)');
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Note' });
  await expect(dialog).toContainText('Are you sure you want to delete this note?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No notes yet')).toBeVisible();
});

test('the note form: a standalone note with the type select and the hint, then one attached from a link', async ({
  page,
  server,
  user: _user,
}) => {
  const { property } = await propertyWithVisit(page.request, server.baseURL, 'Form Farm');
  await page.goto('/resources/notes/new');
  await expect(page.getByLabel('Type')).toHaveValue('property');
  await expect(page.getByText('leave blank for standalone note')).toBeVisible();
  await expect(page.getByLabel('Content')).toHaveAttribute('rows', '8');
  await page.getByLabel('Content').fill('Buy more gutter guards');
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page.getByRole('heading', { name: 'Note Details' })).toBeVisible();
  await expect(page.getByText('Standalone note')).toBeVisible();
  await expect(page.getByRole('link', { name: /^View / })).toHaveCount(0);

  // Edit: the attachment is fixed (no type select), 'Update Note', back to the note.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Type')).toHaveCount(0);
  await page.getByLabel('Content').fill('Buy more gutter guards (20 m)');
  await page.getByRole('button', { name: 'Update Note' }).click();
  await expect(page.getByText('Buy more gutter guards (20 m)')).toBeVisible();

  await page.goto(`/resources/notes/new?type=property&id=${property.id}`);
  await expect(page.getByText(`Attaching to: ${property.name} (property)`)).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveCount(0);
  await page.getByLabel('Content').fill('Boiler is in the cellar');
  await page.getByRole('button', { name: 'Create Note' }).click();
  await page.getByRole('link', { name: 'View Property' }).click();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Boiler is in the cellar');
});

test('a new note names its types as people do and picks its record by name, never by id', async ({
  page,
  server,
  user: _user,
}) => {
  const { property } = await propertyWithVisit(page.request, server.baseURL, 'Picker Place');
  await page.goto('/resources/notes/new');
  const type = page.getByLabel('Type');
  await expect(type.locator('option[value="secondary_profile"]')).toHaveText('Secondary Profile');
  await expect(type.locator('option[value="property"]')).toHaveText('Property');
  await expect(page.getByLabel('Entity ID')).toHaveCount(0);

  // The record: searched by name, chosen from the options.
  const picker = page.getByRole('combobox', { name: 'Property (optional)' });
  await picker.fill('Picker Pl');
  await page.getByRole('option', { name: property.name }).click();
  await expect(picker).toHaveValue(property.name);
  await page.getByLabel('Content').fill('Gate code is on the fob');
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page.getByRole('heading', { name: 'Note Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: property.name })).toBeVisible();
  await page.getByRole('link', { name: 'View Property' }).click();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Gate code is on the fob');
});

test.describe('one delete question for a note', () => {
  // The refusal is made with `page.route`, which does not see requests a service worker makes.
  test.use({ serviceWorkers: 'block' });

  test('the notes panel and the note’s page ask the spec’s question and report a refusal the same way', async ({
    page,
    server,
    user: _user,
  }) => {
    const { visit } = await propertyWithVisit(page.request, server.baseURL, 'Asked Once Lodge');
    await page.goto(`/resources/visits/${visit.id}`);
    const panel = page.getByRole('region', { name: 'Notes' });
    await panel.getByLabel('Add a note').fill('Leave the key under the mat');
    await panel.getByRole('button', { name: 'Add Note' }).click();
    const item = panel.getByRole('listitem');
    await expect(item).toHaveCount(1);

    // spec §8: 'Error deleting note: {message}', from the panel as from the note's page.
    await page.route('**/api/notes/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Unauthorized to delete this note' } }),
          })
        : route.fallback(),
    );
    const dialog = page.getByRole('dialog', { name: 'Delete Note' });
    await item.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Are you sure you want to delete this note?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Error deleting note: Unauthorized to delete this note');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await item.getByRole('link', { name: 'View' }).click();
    await expect(page.getByRole('heading', { name: 'Note Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Are you sure you want to delete this note?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toContainText('Error deleting note: Unauthorized to delete this note');

    // Allowed again: the note goes, and so does the page, to the notes list (spec §8).
    await page.unroute('**/api/notes/*');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/resources\/notes$/);
    await expect(page.getByText('No notes yet')).toBeVisible();
  });
});
