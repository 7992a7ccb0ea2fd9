import type { APIRequestContext } from '@playwright/test';
import { propertyWithVisit } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// On a 390×844 phone: a partial payment, the balance, the rest, Paid; 'No due date'.

/** A completed visit (tasks of $40 and $60) of a new property, done through the API. */
async function completedVisit(request: APIRequestContext, baseURL: string, name: string) {
  const made = await propertyWithVisit(request, baseURL, name);
  const headers = { origin: baseURL };
  const detail = (await (await request.get(`${baseURL}/api/visits/${made.visit.id}`)).json()) as {
    tasks: { id: string }[];
  };
  for (const task of detail.tasks) {
    const ticked = await request.patch(`${baseURL}/api/visits/${made.visit.id}/tasks/${task.id}`, {
      data: { status: 'completed' },
      headers,
    });
    expect(ticked.ok(), await ticked.text()).toBe(true);
  }
  const done = await request.patch(`${baseURL}/api/visits/${made.visit.id}`, {
    data: { status: 'completed' },
    headers,
  });
  expect(done.ok(), await done.text()).toBe(true);
  return made;
}

test("'No due date' creates an invoice with none; a partial payment, the balance, the rest: Paid", async ({
  page,
  server,
  user: _user,
}) => {
  const { visit } = await completedVisit(page.request, server.baseURL, 'Payment Lodge');

  await page.goto(`/resources/invoices/new?visit=${visit.id}`);
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('$108.00');
  // The payment terms fill the date first; 'No due date' empties it and the invoice is made without one.
  await expect(page.getByLabel('Due date')).not.toHaveValue('');
  await page.getByRole('button', { name: 'No due date' }).click();
  await expect(page.getByLabel('Due date')).toHaveValue('');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('heading', { name: /^INV-\d+$/ })).toBeVisible();
  await expect(page.getByLabel('Due date', { exact: true })).toHaveText('—');
  await expect(page.getByLabel('Balance due', { exact: true })).toHaveText('$108.00');

  // A partial payment by check.
  await page.getByRole('button', { name: 'Record payment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('108.00');
  await dialog.getByLabel('Amount ($)').fill('40');
  await dialog.getByLabel('Method').selectOption('check');
  await dialog.getByLabel('Reference').fill('Cheque 1042');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Balance due', { exact: true })).toHaveText('$68.00');
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Sent');
  const payments = page.getByRole('list', { name: 'Payments' });
  await expect(payments).toContainText('Check');
  await expect(payments).toContainText('Cheque 1042');
  await expect(payments).toContainText('$40.00');
  expect((await auditPage(page, 'invoice with a payment')).details).toEqual([]);

  // More than is due is refused with why.
  await page.getByRole('button', { name: 'Record payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByLabel('Amount ($)').fill('70');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The payment is more than the balance due ($68.00)');
  // The rest.
  await dialog.getByLabel('Amount ($)').fill('68');
  await dialog.getByLabel('Method').selectOption('card');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Paid');
  await expect(page.getByLabel('Balance due', { exact: true })).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  // Paid: Edit and Delete are gone, and the page says why.
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(page.getByText('This invoice is paid: it can no longer be edited or deleted.')).toBeVisible();
  expect((await auditPage(page, 'paid invoice')).details).toEqual([]);

  // Void it with a reason: it stays, shown void with the reason.
  await page.getByRole('button', { name: 'Void invoice' }).click();
  dialog = page.getByRole('dialog', { name: 'Void invoice' });
  await dialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(dialog.getByText('Please give a reason for voiding')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Billed the wrong property');
  await dialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Void');
  await expect(page.getByText('Reason: Billed the wrong property')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Void invoice' })).toHaveCount(0);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;

  // The list filtered to void, exported as CSV with that filter.
  await page.goto('/resources/invoices?status=void');
  await expect(page.getByRole('listitem', { name: number })).toContainText('Void');
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', '/api/invoices.csv?status=void');
  const csv = await page.request.get(`${server.baseURL}${await exportLink.getAttribute('href')}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${number},Payment Lodge \\w+,void,,100\\.00,8\\.00,108\\.00,108\\.00,0\\.00,`));
  expect((await auditPage(page, 'invoices list')).details).toEqual([]);
});
