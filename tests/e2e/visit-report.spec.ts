import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// Issue 27 §7 at 390×844: an owner switches the property's proof-of-visit options on, writes a note
// marked 'Share with client', opens the visit's report from the visit page (the business, the
// client, a flagged reading, the shared note only, 'Not signed'), the page is axe-clean, the PDF is
// there to download, and 'Send report' e-mails it to the client.

test('an owner opens the visit report from the visit, downloads its PDF and sends it', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = apiClient(page.request, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const client = await api.post('/api/clients', { name: 'Cora Client', email: `cora-${suffix}@example.com` });
  const property = await api.post('/api/properties', {
    name: `Lagoon House ${suffix}`,
    address: '9 Shore Drive',
    clientId: client.id,
  });
  const task = await api.post('/api/tasks', {
    name: `Chlorine ${suffix}`,
    estimatedDurationMinutes: 15,
    defaultPrice: 2000,
    requirements: [{ type: 'reading', unit: 'ppm', min: 1, max: 3 }],
  });
  await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  const visit = await api.post<VisitDetailDto>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  const visitTask = visit.tasks[0]!;
  await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { reading: 4.5, notes: 'Shocked the pool' });

  // ── the property form: both switches; the note form: 'Share with client' ──
  await page.goto(`/resources/properties/${property.id}/edit`);
  await page.getByRole('checkbox', { name: 'Require customer signature' }).check();
  await page.getByRole('checkbox', { name: 'Send report on completion' }).check();
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByRole('heading', { name: `Lagoon House ${suffix}`, level: 1 })).toBeVisible();
  const saved = await (await page.request.get(`${server.baseURL}/api/properties/${property.id}`)).json();
  expect(saved).toMatchObject({ requireSignature: true, sendReportOnComplete: true });
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('checkbox', { name: 'Send report on completion' })).toBeChecked();

  await page.goto(`/resources/notes/new?type=visit&id=${visit.id}`);
  await page.getByLabel('Content').fill('The gate latch is loose');
  await page.getByRole('checkbox', { name: 'Share with client' }).check();
  await page.getByRole('button', { name: 'Create Note' }).click();
  await expect(page.getByRole('heading', { name: 'Note Details' })).toBeVisible();
  await api.post('/api/notes', {
    content: 'Internal: bring a new latch',
    attachableType: 'visit',
    attachableId: visit.id,
  });

  // ── from the visit page ──
  await page.goto(`/resources/visits/${visit.id}`);
  await page.getByRole('link', { name: 'View report' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${visit.id}/report$`));
  await expect(page.getByRole('heading', { name: 'Visit report', level: 1 })).toBeVisible();
  for (const name of ['Business and client', 'Visit', 'Tasks', 'Notes', 'Signature']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Cora Client', { exact: true })).toBeVisible();
  const row = page.getByRole('listitem', { name: `Chlorine ${suffix}` });
  await expect(row).toContainText('Reading: 4.5 ppm (1–3)');
  await expect(row.getByText('Out of range')).toBeVisible();
  await expect(row).toContainText('Note: Shocked the pool');
  await expect(page.getByText('The gate latch is loose')).toBeVisible();
  await expect(page.getByText('Internal: bring a new latch')).toHaveCount(0);
  await expect(page.getByText('Not signed')).toBeVisible();

  const audit = await auditPage(page, '/resources/visits/:id/report');
  expect(audit.details).toEqual([]);
  expect(audit.mains).toBe(1);

  // ── the PDF ──
  const download = page.getByRole('link', { name: 'Download PDF' });
  await expect(download).toHaveAttribute('href', `/api/visits/${visit.id}/report.pdf`);
  const pdf = await page.request.get(`${server.baseURL}/api/visits/${visit.id}/report.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // ── Send report, after asking ──
  await page.getByRole('button', { name: 'Send report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send report' });
  await expect(dialog).toContainText('e-mailed to the client');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report sent' })).toBeVisible();
  await expect(page.getByText(/^Last sent to the client /)).toBeVisible();
});
