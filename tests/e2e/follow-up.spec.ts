import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// Issue 27 §5 and §6 at 390×844: the office opens a visit whose filter check failed, sees it under
// Findings, adds a follow-up to the property's next scheduled visit, and reads the time report.

test('the office follows up a failed inspection on the next visit and reads the time report', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(90_000);
  const api = apiClient(page.request, server.baseURL);
  const property = await api.post('/api/properties', { name: 'Pelican Pool House', address: '3 Reef Road' });
  const task = await api.post('/api/tasks', {
    name: 'Filter check',
    estimatedDurationMinutes: 15,
    requirements: [{ type: 'pass_fail' }],
  });
  const visit = await api.post<{ id: string }>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  const next = await api.post<{ id: string }>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
  });
  const visitTask = await api.post(`/api/visits/${visit.id}/tasks`, { taskId: task.id });
  await api.patch(`/api/visits/${visit.id}`, { status: 'in_progress' });
  await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { status: 'completed', result: 'fail' });
  await api.patch(`/api/visits/${visit.id}`, { status: 'completed' });

  await page.goto(`/resources/visits/${visit.id}`);
  const time = page.getByRole('region', { name: 'Time on site' });
  await expect(time.getByText(/^Actual: \d+ min$/)).toBeVisible();
  await expect(time.getByText('Estimated: 15 min')).toBeVisible();
  const findings = page.getByRole('region', { name: 'Findings' });
  const finding = findings.getByRole('listitem', { name: 'Filter check' });
  await expect(finding).toContainText('Failed inspection');
  const audit = await auditPage(page, '/resources/visits/{id}');
  expect(audit.details).toEqual([]);

  await finding.getByRole('button', { name: 'Add follow-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add follow-up' });
  await dialog.getByRole('button', { name: 'Next scheduled visit' }).click();
  await expect(dialog).toBeHidden();
  await expect(findings.getByRole('status')).toContainText('Follow-up added');
  await findings.getByRole('link', { name: 'Open the visit' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/visits/${next.id}$`));
  const followUp = page.getByRole('region', { name: 'Findings' }).getByRole('listitem', { name: 'Filter check' });
  await expect(followUp.getByText('Follow-up', { exact: true })).toBeVisible();
  await expect(followUp).toContainText(/Follow-up: Filter check failed on \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByRole('region', { name: 'Time on site' })).toContainText('Not started yet');

  await page.goto('/resources/tasks');
  await page.getByRole('link', { name: 'Time report' }).click();
  await expect(page.getByRole('heading', { name: 'Time on site by task', level: 1 })).toBeVisible();
  const row = page.getByRole('table', { name: 'Time on site by task' }).getByRole('row', { name: /Filter check/ });
  await expect(row.getByRole('cell')).toHaveText(['Filter check', '15 min', /^\d+ min$/, '1']);
  const reportAudit = await auditPage(page, '/resources/tasks/time-report');
  expect(reportAudit.details).toEqual([]);
  expect(reportAudit.mains).toBe(1);
});
