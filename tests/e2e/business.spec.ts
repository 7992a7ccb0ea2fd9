import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiClient } from './support/api';
import { expect, test } from './support/fixtures';

// The business journey at 390×844: a client with two properties, one tap to reach them, the
// client's completed visit invoiced with an extra line and sent to the client, paid in two
// parts; the dashboard's numbers move with it.

test('a client’s visit is invoiced with an extra line, sent to the client and paid in two parts; the dashboard follows', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  const api = apiClient(page.request, server.baseURL);
  // The business named, as its owner does on the dashboard's set-up card.
  const me = (await (await page.request.get(`${server.baseURL}/api/me`)).json()) as { workspace: { id: string } };
  await api.patch(`/api/workspaces/${me.workspace.id}`, {
    name: 'Hopper Pool Care',
    address: '4 Harbour Way, Arlington',
    phone: '+1 555 010 0100',
    email: 'office@hopper.example',
  });
  const client = await api.post('/api/clients', {
    name: 'Grace Hopper',
    email: 'grace@client.example',
    phone: '+1 555 010 0142',
    billingAddress: '1 Compiler Court, Arlington',
  });
  const [home] = [
    await api.post('/api/properties', {
      name: 'Cobol Cottage',
      address: '9 Loop Lane',
      city: 'Arlington',
      clientId: client.id,
    }),
    await api.post('/api/properties', {
      name: 'Flow Farm',
      address: '2 Branch Road',
      city: 'Arlington',
      clientId: client.id,
    }),
  ];
  const task = await api.post('/api/tasks', {
    name: 'Service the pool pump',
    estimatedDurationMinutes: 45,
    defaultPrice: 8000,
  });
  await api.post(`/api/properties/${home!.id}/tasks`, { taskId: task.id });
  const visit = await api.post<{ id: string; tasks: { id: string }[] }>('/api/visits', {
    propertyId: home!.id,
    scheduledAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  for (const visitTask of visit.tasks)
    await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { status: 'completed' });
  await api.patch(`/api/visits/${visit.id}`, { status: 'completed' });

  // The dashboard before: one visit waiting to be billed, nothing paid yet.
  await page.goto('/dashboard');
  const numbers = page.getByRole('region', { name: 'At a glance' });
  await expect(numbers.getByRole('link', { name: 'Unbilled visits 1 completed, not invoiced' })).toBeVisible();
  await expect(numbers.getByRole('link', { name: /^Paid this month \$0\.00 0 invoices$/ })).toBeVisible();

  // The visit page reaches the client in one tap.
  await page.goto(`/resources/visits/${visit.id}`);
  await expect(page.getByRole('link', { name: 'Call Grace Hopper' })).toHaveAttribute('href', 'tel:+15550100142');
  await expect(page.getByRole('link', { name: 'Directions to Cobol Cottage' })).toBeVisible();

  // Invoice it with an extra line: 80.00 + 15.00 = 95.00; 8 % tax = 7.60; 102.60.
  await page.goto(`/resources/invoices/new?visit=${visit.id}`);
  await expect(page.getByLabel('Subtotal')).toHaveText('$80.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Description of line 1').fill('Call-out fee');
  await page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price ($)').fill('15');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('$102.60');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('heading', { name: /^INV-\d+$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(page.getByLabel('Bill to', { exact: true })).toHaveText('Grace Hopper, 1 Compiler Court, Arlington');

  // Send: the client is the recipient; the mail comes from the business with the amount and the PDF.
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  const send = page.getByRole('dialog', { name: 'Send Invoice' });
  await expect(send.getByLabel('Send to')).toHaveValue('grace@client.example');
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invoice sent to grace@client.example')).toBeVisible();
  const outbox = path.join(server.dataDir, 'outbox');
  const mails = await Promise.all(
    readdirSync(outbox).map((file) => simpleParser(readFileSync(path.join(outbox, file)))),
  );
  const mail = mails.find((candidate) => candidate.subject?.includes(number))!;
  expect(mail.to).toMatchObject({ text: 'grace@client.example' });
  expect(mail.text).toContain('Amount due: $102.60');
  expect(mail.html).toContain('Grace Hopper');
  expect(mail.from?.value[0]?.name).toBe('Hopper Pool Care');
  expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
  const { text: pdf } = await extractText(await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)), {
    mergePages: true,
  });
  for (const line of [
    'Hopper Pool Care',
    '4 Harbour Way, Arlington',
    'Bill to',
    'Grace Hopper',
    'Call-out fee',
    'Status: Sent',
  ]) {
    expect(pdf).toContain(line);
  }
  expect(pdf).not.toContain('Draft');

  // Paid in two parts.
  for (const [amount, balance] of [
    ['50', '$52.60'],
    ['52.60', '$0.00'],
  ] as const) {
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount ($)').fill(amount);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Balance due', { exact: true })).toHaveText(balance);
  }
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Paid');

  // The dashboard after: nothing left to bill, 102.60 paid this month.
  await page.goto('/dashboard');
  await expect(numbers.getByRole('link', { name: 'Unbilled visits 0 completed, not invoiced' })).toBeVisible();
  await expect(numbers.getByRole('link', { name: /^Paid this month \$102\.60 1 invoice$/ })).toBeVisible();
  // The client's page lists the invoice, nothing left to pay.
  await page.goto(`/resources/clients/${client.id}`);
  await expect(page.getByRole('link', { name: number })).toBeVisible();
});
