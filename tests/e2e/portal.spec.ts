import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { linkIn, waitForMail } from '../support/outbox';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// At 390×844: the owner sends a client a portal link from the client page; the client
// opens it from the e-mail (read from the outbox) in a browser of their own, sees the last visit's
// photos in two taps at most, looks at the invoices and requests a visit; the office then finds the
// request on 'Visit requests'. Every portal page is axe-clean, and none shows the staff navigation.

test('a client opens the portal from the e-mailed link, sees the last report’s photos and requests a visit', async ({
  page,
  browser,
  server,
  user: _user,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const api = apiClient(page.request, server.baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const email = `ada-${suffix}@example.com`;
  const client = await api.post<{ id: string }>('/api/clients', { name: 'Ada Lovelace', email });
  const property = await api.post<{ id: string }>('/api/properties', {
    name: `Villa Rosa ${suffix}`,
    address: '1 Garden Lane',
    clientId: client.id,
  });
  const task = await api.post<{ id: string }>('/api/tasks', {
    name: `Skim pool ${suffix}`,
    estimatedDurationMinutes: 15,
  });
  await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  const visit = await api.post<VisitDetailDto>('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() - 3600_000).toISOString(),
  });
  const visitTask = visit.tasks[0]!;
  // The evidence photo of the task: uploaded with its visit task and tag.
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#47a' } })
    .png()
    .toBuffer();
  const evidence = await page.request.post(`${server.baseURL}/api/photos`, {
    headers: { origin: server.baseURL },
    multipart: {
      caption: 'Pool before',
      attachableType: 'visit',
      attachableId: visit.id,
      visitTaskId: visitTask.id,
      tag: 'before',
      file: { name: 'before.png', mimeType: 'image/png', buffer },
    },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);
  await api.patch(`/api/visits/${visit.id}/tasks/${visitTask.id}`, { status: 'completed' });
  const current = (await (await page.request.get(`${server.baseURL}/api/visits/${visit.id}`)).json()) as VisitDetailDto;
  await api.patch(`/api/visits/${visit.id}`, { status: 'completed', version: current.version });

  const invoice = await api.post<{ id: string; invoiceNumber: string }>('/api/invoices', {
    propertyId: property.id,
    visitIds: [visit.id],
    items: [{ description: 'Skimming', quantity: 1, unitPrice: 4500 }],
  });
  await api.patch(`/api/invoices/${invoice.id}`, { status: 'sent' });

  // ── the owner sends the link from the client page ──
  await page.goto(`/resources/clients/${client.id}`);
  await expect(page.getByRole('heading', { name: 'Client portal', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Send portal link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Portal link sent to ${email}` })).toBeVisible();
  const mail = await waitForMail(server.dataDir, email, /portal/i);
  const link = linkIn(mail, '/portal/enter/');
  // A mail scanner opens the link first (GET and HEAD): that uses nothing up.
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(200);
  expect((await page.request.head(link, { maxRedirects: 0 })).status()).toBe(200);

  // ── the client, in a browser of their own, from the e-mail ──
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const phone = await context.newPage();
  const errors: string[] = [];
  phone.on('pageerror', (error) => errors.push(error.message));
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Your client portal', level: 1 })).toBeVisible();
  let audit = await auditPage(phone, '/portal/enter/:token');
  expect(audit.details).toEqual([]);
  await phone.getByRole('button', { name: 'Open my portal' }).click();
  await expect(phone).toHaveURL(/\/portal$/);
  const me = await (await phone.request.get(`${server.baseURL}/api/portal/me`)).json();
  await expect(phone.getByRole('banner')).toContainText(me.business.name);
  await expect(phone.getByRole('heading', { name: 'Past visits', level: 2 })).toBeVisible();
  await expect(phone.getByRole('navigation')).toHaveCount(0); // never the staff shell
  audit = await auditPage(phone, '/portal');
  expect(audit.details).toEqual([]);
  expect(audit.mains).toBe(1);

  // one tap: the last visit's report, its photos on screen
  await phone.getByRole('link', { name: new RegExp(`^Report: Villa Rosa ${suffix}`) }).click();
  await expect(phone).toHaveURL(new RegExp(`/portal/visits/${visit.id}$`));
  const photo = phone.getByRole('img', { name: `Before: Skim pool ${suffix}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(phone.getByRole('banner')).toContainText(me.business.name);
  audit = await auditPage(phone, '/portal/visits/:id');
  expect(audit.details).toEqual([]);

  await phone.goto('/portal/invoices');
  await expect(phone.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  const row = phone.getByRole('listitem').filter({ hasText: invoice.invoiceNumber });
  await expect(row).toContainText('Balance due');
  await expect(row.getByRole('link', { name: `Download PDF of invoice ${invoice.invoiceNumber}` })).toHaveAttribute(
    'href',
    `/api/portal/invoices/${invoice.id}/pdf`,
  );
  const pdf = await phone.request.get(`${server.baseURL}/api/portal/invoices/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  audit = await auditPage(phone, '/portal/invoices');
  expect(audit.details).toEqual([]);

  // ── 'Request a visit' ──
  await phone.goto('/portal');
  await phone.getByRole('link', { name: 'Request a visit' }).click();
  await expect(phone.getByRole('heading', { name: 'Request a visit', level: 1 })).toBeVisible();
  audit = await auditPage(phone, '/portal/request');
  expect(audit.details).toEqual([]);
  const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
  await phone.getByLabel('Preferred date 1').fill(inTwoDays);
  await phone.getByLabel('Message').fill('The pool has turned green');
  await phone.getByRole('button', { name: 'Send request' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Your request was sent' })).toBeVisible();

  // a used link no longer works
  const again = await context.newPage();
  await context.clearCookies();
  await again.goto(link);
  await again.getByRole('button', { name: 'Open my portal' }).click();
  await expect(again).toHaveURL(/\/portal\/expired$/);
  await expect(again.getByRole('alert')).toContainText(
    'This link is no longer valid. Please ask the business for a new one.',
  );
  audit = await auditPage(again, '/portal/expired');
  expect(audit.details).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();

  // ── the office finds it on 'Visit requests' ──
  await page.goto('/resources/requests');
  await expect(page.getByRole('heading', { name: 'Visit requests', level: 1 })).toBeVisible();
  const request = page.getByRole('listitem', { name: `Ada Lovelace, Villa Rosa ${suffix}` });
  await expect(request).toContainText('The pool has turned green');
  await request.getByRole('link', { name: 'Schedule visit' }).click();
  await expect(page).toHaveURL(/\/resources\/visits\/new\?property=/);
});
