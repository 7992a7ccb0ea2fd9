import dayjs from 'dayjs';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { propertyWithVisit } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// The invoices journey on a 390×844 phone: complete a visit, bill it, send it, mark it paid.

test('complete a visit, Create Invoice from it, see the total, send it, mark it paid', async ({
  page,
  server,
  user,
}) => {
  const { visit, tasks } = await propertyWithVisit(page.request, server.baseURL, 'Invoice Inn');

  // Complete the visit: both tasks (40.00 and 60.00), then the visit itself.
  await page.goto(`/resources/visits/${visit.id}`);
  for (const task of tasks) {
    await page.getByRole('combobox', { name: `Status of ${task.name}` }).selectOption('completed');
  }
  await expect(page.getByText('2 of 2 completed')).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Visit' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('completed');
  await page.getByRole('button', { name: 'Update Visit' }).click();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Completed');

  // Create Invoice: the visit and its property arrive chosen, with live totals.
  await page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/invoices/new\\?visit=${visit.id}$`));
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(page.getByLabel('Subtotal')).toHaveText('$100.00');
  await expect(page.getByLabel('Tax (8%)')).toHaveText('$8.00');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('$108.00');
  expect((await auditPage(page, 'new invoice')).details).toEqual([]);
  // Due after the business's payment terms (30 days unless changed), until another date is picked.
  await expect(page.getByLabel('Due date')).toHaveValue(dayjs().add(30, 'day').format('YYYY-MM-DD'));
  await page.getByRole('button', { name: '60 Days' }).click();
  await expect(page.getByLabel('Due date')).toHaveValue(dayjs().add(60, 'day').format('YYYY-MM-DD'));
  await page.getByRole('button', { name: 'Create Invoice' }).click();

  await expect(page.getByRole('heading', { name: /^INV-\d+$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Draft');
  await expect(page.getByLabel('Total', { exact: true }).first()).toHaveText('$108.00');
  await expect(page.getByRole('table', { name: 'Invoice lines' }).getByRole('row')).toHaveCount(3);

  // Send Invoice: the owner's address is offered; the PDF goes to the outbox (no SMTP_URL here).
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invoice' });
  await expect(dialog.getByLabel('Send to')).toHaveValue(user.email);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Invoice sent to ${user.email}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Sent');
  expect(readdirSync(path.join(server.dataDir, 'outbox')).some((name) => name.endsWith('.eml'))).toBe(true);

  // Print Invoice opens the PDF.
  const print = page.getByRole('link', { name: 'Print Invoice' });
  const pdf = await page.request.get(`${server.baseURL}${await print.getAttribute('href')}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Mark as Paid.
  await page.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  await expect(page.getByLabel('Paid', { exact: true })).not.toHaveText('—');

  // The visit lists it; the invoices list shows it paid with its total.
  await page.goto(`/resources/visits/${visit.id}`);
  const related = page.getByRole('region', { name: 'Related invoices' });
  await expect(related.getByRole('link', { name: number })).toBeVisible();
  await expect(related).toContainText('Paid');
  await page.goto('/resources/invoices');
  const row = page.getByRole('listitem', { name: number });
  await expect(row).toContainText('$108.00');
  await expect(row).toContainText('Paid');
});

test('an invoice with an extra line and a percent discount: errors on the line clear as it is filled, live totals', async ({
  page,
  server,
  user: _user,
}) => {
  const { visit } = await propertyWithVisit(page.request, server.baseURL, 'Extras Hall');
  // The visit done through the API: both tasks (40.00 and 60.00), then the visit.
  const detail = (await (await page.request.get(`${server.baseURL}/api/visits/${visit.id}`)).json()) as {
    tasks: { id: string }[];
  };
  for (const task of detail.tasks) {
    const ticked = await page.request.patch(`${server.baseURL}/api/visits/${visit.id}/tasks/${task.id}`, {
      data: { status: 'completed' },
      headers: { origin: server.baseURL },
    });
    expect(ticked.ok(), await ticked.text()).toBe(true);
  }
  const done = await page.request.patch(`${server.baseURL}/api/visits/${visit.id}`, {
    data: { status: 'completed' },
    headers: { origin: server.baseURL },
  });
  expect(done.ok(), await done.text()).toBe(true);

  await page.goto(`/resources/invoices/new?visit=${visit.id}`);
  await expect(page.getByLabel('Subtotal')).toHaveText('$100.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const description = page.getByLabel('Description of line 1');
  await expect(page.getByText('Please describe the line')).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await description.fill('Call-out fee');
  await expect(page.getByText('Please describe the line')).toHaveCount(0);
  await page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price ($)').fill('20');
  await page.getByRole('combobox', { name: 'Discount' }).selectOption('percent');
  await page.getByLabel('Discount percent (%)').fill('10');
  // 100 + 20 = 120; 10 % off = 12; 8 % of 108 = 8.64; total 116.64.
  await expect(page.getByLabel('Subtotal')).toHaveText('$120.00');
  await expect(page.getByLabel('Discount (10%)')).toHaveText('-$12.00');
  await expect(page.getByLabel('Tax (8%)')).toHaveText('$8.64');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('$116.64');
  expect((await auditPage(page, 'invoice form with a line and a discount')).details).toEqual([]);
  await page.getByRole('button', { name: 'Create Invoice' }).click();

  await expect(page.getByRole('heading', { name: /^INV-\d+$/ })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByRole('row', { name: /Call-out fee/ })).toContainText('$20.00');
  await expect(page.getByLabel('Discount (10%)')).toHaveText('-$12.00');
  await expect(page.getByLabel('Total', { exact: true }).first()).toHaveText('$116.64');
});
