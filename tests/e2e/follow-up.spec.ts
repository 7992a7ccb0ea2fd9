import dayjs from 'dayjs';
import { apiClient, joinWorkspace } from './support/api';
import { auditPage } from './support/axe';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

// At 390×844: the office opens a visit whose filter check failed, sees it under
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

test('a new follow-up visit asks the date, time and people; it shows on that technician’s Today', async ({
  page,
  server,
  browser,
  playwright,
  user: _owner,
}) => {
  test.setTimeout(120_000);
  const api = apiClient(page.request, server.baseURL);
  // A technician in the owner's business, working there.
  const technicianRequest = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL },
  });
  const technicianEmail = newEmail('tech');
  await signUpViaApi(technicianRequest, server, { email: technicianEmail, password: 'quiet-harbour-7' });
  const workspaceId = await joinWorkspace(page.request, technicianRequest, server.baseURL, 'technician');
  const chosen = await technicianRequest.put('/api/me/workspace', { data: { workspaceId } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
  // The business keeps the run's clock, so the dates and times below read the same in the form.
  await api.patch(`/api/workspaces/${workspaceId}`, { timeZone: process.env.ROUNDS_E2E_TIME_ZONE });

  const suffix = Math.random().toString(36).slice(2, 7);
  const property = await api.post('/api/properties', { name: `Osprey Court ${suffix}`, address: '5 Bay Road' });
  const task = await api.post('/api/tasks', { name: 'Valve check', requirements: [{ type: 'pass_fail' }] });
  const visitAt = new Date(Date.now() - 3600_000);
  const visit = await api.post<{ id: string }>('/api/visits', {
    propertyId: property.id,
    scheduledAt: visitAt.toISOString(),
  });
  const visitTask = await api.post(`/api/visits/${visit.id}/tasks`, { taskId: task.id });
  await api.patch(`/api/visits/${visit.id}`, { status: 'in_progress' });
  await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { status: 'completed', result: 'fail' });
  await api.patch(`/api/visits/${visit.id}`, { status: 'completed' });

  await page.goto(`/resources/visits/${visit.id}`);
  const findings = page.getByRole('region', { name: 'Findings' });
  await findings.getByRole('listitem', { name: 'Valve check' }).getByRole('button', { name: 'Add follow-up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add follow-up' });
  await dialog.getByRole('button', { name: 'New visit' }).click();

  // The defaults: the next working day at the visit's time, with the visit's people (the owner).
  const next = dayjs().add(1, 'day');
  const workday = next.add(next.day() === 6 ? 2 : next.day() === 0 ? 1 : 0, 'day');
  const date = dialog.getByLabel('Date');
  await expect(date).toHaveValue(workday.format('YYYY-MM-DD'));
  await expect(dialog.getByLabel('Time')).toHaveValue(dayjs(visitAt).format('HH:mm'));
  const ownerBox = dialog.getByRole('checkbox', { name: /\(you\)/ });
  await expect(ownerBox).toBeChecked();
  const technicianBox = dialog.getByRole('checkbox', { name: `${technicianEmail} · technician` });
  await expect(technicianBox).not.toBeChecked();
  const audit = await auditPage(page, '/resources/visits/{id} (Add follow-up: a new visit)');
  expect(audit.details).toEqual([]);

  // Today, two hours from now, the technician alone.
  const at = dayjs().add(2, 'hour');
  await date.fill(dayjs().format('YYYY-MM-DD'));
  await dialog.getByLabel('Time').fill(at.format('HH:mm'));
  await technicianBox.check();
  await ownerBox.uncheck();
  await dialog.getByRole('button', { name: 'Add follow-up' }).click();
  await expect(dialog).toBeHidden();
  await expect(findings.getByRole('status')).toContainText('Follow-up added');

  const technicianContext = await browser.newContext({
    storageState: await technicianRequest.storageState(),
    viewport: { width: 390, height: 844 },
  });
  const technicianPage = await technicianContext.newPage();
  await technicianPage.goto(`${server.baseURL}/today`);
  await expect(technicianPage.getByRole('article', { name: `Osprey Court ${suffix}` })).toBeVisible();
  await technicianContext.close();
  await technicianRequest.dispose();
});
