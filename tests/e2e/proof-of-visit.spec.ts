import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import type { VisitDetailDto } from '../../src/shared/schemas/visits';
import { apiClient } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';
import { openControlled } from './support/service-worker';

// Proof of visit on a 390×844 phone with Chromium's fake camera: a pool-service visit
// whose templates require before/after photos, a chlorine reading and a filter check, at a property
// that requires the customer's signature. Completion is refused with the list, the evidence is
// captured, the gate opens; once online and once offline (synced on reconnect). The signature pad
// is drawn with touch events at 360 and 390 px on a 3× screen: the saved image has ink where the
// strokes were.

async function visitDetail(request: APIRequestContext, baseURL: string, id: string) {
  const response = await request.get(`${baseURL}/api/visits/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as VisitDetailDto;
}

/** A pool property (signature required) with two templates on it, and a visit of the user's in ten minutes. */
async function poolVisit(page: Page, baseURL: string, name: string) {
  const api = apiClient(page.request, baseURL);
  const suffix = Math.random().toString(36).slice(2, 7);
  const chlorine = await api.post('/api/tasks', {
    name: `Pool chlorine ${suffix}`,
    estimatedDurationMinutes: 20,
    requirements: [{ type: 'before_after' }, { type: 'reading', unit: 'ppm', min: 1, max: 3 }],
  });
  const filter = await api.post('/api/tasks', {
    name: `Filter check ${suffix}`,
    estimatedDurationMinutes: 10,
    requirements: [{ type: 'pass_fail' }],
  });
  const property = await api.post('/api/properties', {
    name: `${name} ${suffix}`,
    address: '3 Lido Lane',
    city: 'Brighton',
    requireSignature: true,
  });
  for (const task of [chlorine, filter]) await api.post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  const visit = await api.post('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  });
  return {
    name: `${name} ${suffix}`,
    visitId: visit.id,
    chlorine: `Pool chlorine ${suffix}`,
    filter: `Filter check ${suffix}`,
  };
}

async function takePhoto(page: Page, scope: Locator, button: string) {
  await scope.getByRole('button', { name: button }).click();
  const camera = page.getByRole('dialog', { name: 'Take Photo' });
  await camera.getByRole('button', { name: 'Capture' }).click();
  await camera.getByRole('button', { name: 'Use Photo' }).click();
  await expect(camera).toBeHidden();
}

/** A CDP session of the page, for touch input. Made before going offline: a new one ends the emulation. */
const touchSession = (page: Page) => page.context().newCDPSession(page);
type Touch = Awaited<ReturnType<typeof touchSession>>;

/** Draws strokes with touch events (CDP), in page coordinates; Chromium turns them into pointer events. */
async function drawWithTouch(cdp: Touch, strokes: { x: number; y: number }[][]) {
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
    for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}

/** Points along a line, every 4 px. */
function line(from: { x: number; y: number }, to: { x: number; y: number }) {
  const steps = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 4);
  return Array.from({ length: steps + 1 }, (_, index) => ({
    x: from.x + ((to.x - from.x) * index) / steps,
    y: from.y + ((to.y - from.y) * index) / steps,
  }));
}

async function sign(cdp: Touch, scope: Locator, signer: string) {
  await scope.getByRole('button', { name: 'Capture signature' }).click();
  await scope.getByLabel('Printed name').fill(signer);
  const pad = scope.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await drawWithTouch(cdp, [line({ x: box.x + 30, y: box.y + 60 }, { x: box.x + 150, y: box.y + 140 })]);
  await scope.getByRole('button', { name: 'Save signature' }).click();
}

/** The evidence of the journey, then the checks before and after: the same online and offline. */
async function captureEvidence(page: Page, cdp: Touch, card: Locator, setup: Awaited<ReturnType<typeof poolVisit>>) {
  const chlorine = card.getByRole('group', { name: `Evidence for ${setup.chlorine}` });
  const filter = card.getByRole('group', { name: `Evidence for ${setup.filter}` });
  await takePhoto(page, chlorine, 'Take before photo');
  await expect(chlorine.getByRole('button', { name: 'Take before photo (1)' })).toBeVisible();
  await takePhoto(page, chlorine, 'Take after photo');
  await chlorine.getByLabel('Reading (ppm)').fill('4.5');
  await chlorine.getByRole('button', { name: 'Save reading' }).click();
  // Out of range: kept, flagged, and a note is asked for.
  await expect(chlorine.getByText('Out of range')).toBeVisible();
  await expect(chlorine.getByText(/Still needed: Explain the out-of-range reading in a note/)).toBeVisible();
  await chlorine.getByLabel('Note').fill('Chlorine high after storm; diluted');
  await chlorine.getByRole('button', { name: 'Save note' }).click();
  await filter.getByRole('button', { name: 'Pass' }).click();
  await expect(filter.getByRole('button', { name: 'Pass' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('checkbox', { name: setup.chlorine }).click();
  await card.getByRole('checkbox', { name: setup.filter }).click();
  await sign(cdp, card, 'Pat Poolowner');
  await expect(card.getByText(/^Signed by Pat Poolowner/)).toBeVisible();
}

async function expectRefusedWithList(card: Locator, setup: Awaited<ReturnType<typeof poolVisit>>) {
  await card.getByRole('button', { name: 'Complete visit' }).click();
  const refused = card.getByRole('alert').filter({ hasText: 'Not yet: evidence is missing' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(
    `${setup.chlorine}: Mark it done or skipped, Take before photo, Take after photo, Enter the reading`,
  );
  await expect(refused).toContainText(`${setup.filter}: Mark it done or skipped, Choose Pass or Fail`);
  await expect(refused).toContainText("Customer's signature");
}

async function expectCompletedWithEvidence(page: Page, baseURL: string, visitId: string) {
  const visit = await visitDetail(page.request, baseURL, visitId);
  expect(visit.status).toBe('completed');
  expect(visit.overrideReason).toBeNull();
  expect(visit.signature?.signerName).toBe('Pat Poolowner');
  const chlorine = visit.tasks.find((task) => task.requirements.some((requirement) => requirement.type === 'reading'))!;
  expect(chlorine).toMatchObject({
    status: 'completed',
    reading: 4.5,
    readingFlagged: true,
    notes: 'Chlorine high after storm; diluted',
    photos: { before: 1, after: 1, other: 0 },
  });
  expect(visit.tasks.find((task) => task.id !== chlorine.id)).toMatchObject({ status: 'completed', result: 'pass' });
  return visit;
}

test('the template form asks for evidence: before/after photos and a reading with its unit and range', async ({
  page,
  user: _user,
}) => {
  await page.goto('/resources/tasks/new');
  await page.getByLabel('Task name').fill('Pool chlorine');
  const evidence = page.getByRole('group', { name: 'Evidence required' });
  await evidence.getByRole('checkbox', { name: 'Before and after photos' }).check();
  await evidence.getByRole('checkbox', { name: 'Reading' }).check();
  await evidence.getByLabel('Unit').fill('ppm');
  await evidence.getByLabel('Minimum').fill('3');
  await evidence.getByLabel('Maximum').fill('1');
  await page.getByRole('button', { name: 'Create Task' }).click();
  // The shared schema's message, on its field; nothing saved.
  await expect(evidence.getByText('Maximum must be at least the minimum')).toBeVisible();
  await evidence.getByLabel('Minimum').fill('1');
  await evidence.getByLabel('Maximum').fill('3');
  await expect(evidence.getByText('Maximum must be at least the minimum')).toHaveCount(0);
  expect((await auditPage(page, '/resources/tasks/new')).details).toEqual([]);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByRole('heading', { name: 'Pool chlorine', level: 1 })).toBeVisible();
  await expect(page.getByText('Before and after photos, Reading 1–3 ppm')).toBeVisible();
});

test('a pool visit: refused with the list, evidence captured with the camera, signed, completed', async ({
  page,
  server,
  user: _user,
}) => {
  test.setTimeout(120_000);
  const setup = await poolVisit(page, server.baseURL, 'Lido House');
  await page.goto('/today');
  const card = page.getByRole('article', { name: setup.name });
  await card.getByRole('button', { name: 'Start visit' }).click();
  await expect(card.getByRole('button', { name: 'Complete visit' })).toBeVisible();
  await expectRefusedWithList(card, setup);
  expect((await auditPage(page, '/today')).details).toEqual([]);

  await captureEvidence(page, await touchSession(page), card, setup);
  await expect(card.getByText('Not yet: evidence is missing')).toHaveCount(0);
  await card.getByRole('button', { name: 'Complete visit' }).click();
  await expect(card.getByText('Locked')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pending changes/ })).toHaveCount(0, { timeout: 20_000 });
  await expectCompletedWithEvidence(page, server.baseURL, setup.visitId);

  // The report PDF, parsed back: the reading (flagged), the result, the tags, the signature.
  const pdf = await page.request.get(`${server.baseURL}/api/visits/${setup.visitId}/report.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(await pdf.body());
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  for (const expected of [
    'VISIT REPORT',
    'Status: Completed',
    setup.name,
    setup.chlorine,
    '4.5 ppm',
    'Out of range',
    'Chlorine high after storm; diluted',
    setup.filter,
    'Result: Pass',
    'Before',
    'After',
    'Signed by Pat Poolowner',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('Not signed');
  // Three pictures in it: the before and after thumbnails, and the signature. Counted in the PDF's
  // own dictionaries (pdf.js's image extraction needs a newer Node): image objects, less the alpha
  // masks that belong to one of them.
  const raw = Buffer.from(bytes).toString('latin1');
  const pictures = (raw.match(/\/Subtype \/Image/g) ?? []).length - (raw.match(/\/SMask \d+ 0 R/g) ?? []).length;
  expect(pictures).toBe(3);

  // The visit page shows the same, locked; the time on site is there.
  await page.goto(`/resources/visits/${setup.visitId}`);
  await expect(page.getByText(/^Signed by Pat Poolowner/)).toBeVisible();
  expect((await auditPage(page, `/resources/visits/${setup.visitId}`)).details).toEqual([]);
});

test('the same journey offline, synced on reconnect; a completion the server refuses on replay stays a visible failure', async ({
  page,
  context,
  server,
  user,
  playwright,
}) => {
  test.setTimeout(150_000);
  const api = apiClient(page.request, server.baseURL);
  const setup = await poolVisit(page, server.baseURL, 'Basement Spa');
  // A second visit, with one plain task: completed offline, but the office adds a task meanwhile.
  const plain = await api.post<{ id: string; name: string }>('/api/tasks', { name: `Sweep deck ${Date.now()}` });
  const extra = await api.post('/api/tasks', { name: `Test alarm ${Date.now()}` });
  const cellar = await api.post('/api/properties', { name: `Cellar Pool ${Date.now()}`, address: '4 Vault Row' });
  await api.post(`/api/properties/${cellar.id}/tasks`, { taskId: plain.id });
  const cellarVisit = await api.post('/api/visits', {
    propertyId: cellar.id,
    scheduledAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  });
  const cellarDetail = await visitDetail(page.request, server.baseURL, cellarVisit.id);

  await openControlled(page, '/today');
  const card = page.getByRole('article', { name: setup.name });
  await expect(card.getByRole('button', { name: 'Start visit' })).toBeVisible();
  await page.waitForTimeout(1200);

  const cdp = await touchSession(page);
  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Start visit' }).click();
  // Offline the gate still holds: the rule runs on the phone, over what is queued too.
  await expectRefusedWithList(card, setup);
  await captureEvidence(page, cdp, card, setup);
  await card.getByRole('button', { name: 'Complete visit' }).click();
  await expect(card.getByText('Locked')).toBeVisible();

  const cellarCard = page.getByRole('article', { name: cellarDetail.property.name });
  await cellarCard.getByRole('button', { name: 'Tasks, notes and photos' }).click();
  await cellarCard.getByRole('button', { name: 'Start visit' }).click();
  await cellarCard.getByRole('checkbox', { name: plain.name }).click();
  await cellarCard.getByRole('button', { name: 'Complete visit' }).click();
  await expect(cellarCard.getByText('Locked')).toBeVisible();
  // Meanwhile, in the office (a connection of its own), a task is added to that visit.
  const office = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { origin: server.baseURL },
  });
  expect(
    (await office.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } })).ok(),
  ).toBe(true);
  expect((await office.post(`/api/visits/${cellarVisit.id}/tasks`, { data: { taskId: extra.id } })).ok()).toBe(true);
  await office.dispose();

  await context.setOffline(false);
  // Everything is sent in order; the refused completion stays as one failed item.
  await expect(page.getByRole('button', { name: 'Pending changes (1)' })).toBeVisible({ timeout: 20_000 });
  await expectCompletedWithEvidence(page, server.baseURL, setup.visitId);
  const cellarNow = await visitDetail(page.request, server.baseURL, cellarVisit.id);
  expect(cellarNow.status).toBe('in_progress');
  expect(cellarNow.tasks.find((task) => task.name === plain.name)?.status).toBe('completed');
  await page.getByRole('button', { name: 'Pending changes (1)' }).click();
  const list = page.getByRole('list', { name: 'Pending changes' });
  await expect(list).toContainText(`${cellarDetail.property.name}: visit completed`);
  await expect(list).toContainText('This visit cannot be completed yet: evidence is missing');
  await page.keyboard.press('Escape');
  // Not shown completed: the card shows the server's state again.
  await expect(cellarCard.getByText('Locked')).toHaveCount(0);
  await expect(cellarCard.getByRole('button', { name: 'Complete visit' })).toBeVisible();
});

test.describe('the signature pad, drawn with touch on a 3× phone screen', () => {
  test.use({ deviceScaleFactor: 3, hasTouch: true });

  for (const width of [360, 390]) {
    test(`at ${width} px the saved image has ink where the strokes were, and nowhere else`, async ({
      page,
      server,
      user: _user,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 844 });
      const setup = await poolVisit(page, server.baseURL, `Pad ${width}`);
      await page.goto(`/resources/visits/${setup.visitId}`);
      const section = page.getByRole('region', { name: 'Customer signature' });
      await section.getByRole('button', { name: 'Capture signature' }).click();
      await section.getByLabel('Printed name').fill('Pat Poolowner');
      const pad = section.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width);
      // A horizontal stroke near the left and a vertical one near the right (pad coordinates).
      const strokes = [
        line({ x: 20, y: 50 }, { x: 120, y: 50 }),
        line({ x: box.width - 40, y: 30 }, { x: box.width - 40, y: 170 }),
      ];
      await drawWithTouch(
        await touchSession(page),
        strokes.map((stroke) => stroke.map((point) => ({ x: box.x + point.x, y: box.y + point.y }))),
      );
      await section.getByRole('button', { name: 'Save signature' }).click();
      await expect(section.getByText(/^Signed by Pat Poolowner/)).toBeVisible();
      const url = `${server.baseURL}/api/visits/${setup.visitId}/signature`;
      await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 20_000 }).toBe(200);
      const image = await page.request.get(url);
      const { data, info } = await sharp(Buffer.from(await image.body()))
        .removeAlpha()
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const scale = info.width / box.width;
      expect(scale).toBeCloseTo(3, 1);
      const inkAt = (x: number, y: number, radius = 6) => {
        for (let dy = -radius; dy <= radius; dy += 1) {
          for (let dx = -radius; dx <= radius; dx += 1) {
            const px = Math.round(x * scale) + dx;
            const py = Math.round(y * scale) + dy;
            if (px >= 0 && py >= 0 && px < info.width && py < info.height && data[py * info.width + px]! < 128)
              return true;
          }
        }
        return false;
      };
      // Ink along both strokes, where they were drawn (the pad smooths the last few pixels away)…
      for (const stroke of strokes) {
        for (const point of stroke.slice(0, -5)) expect(inkAt(point.x, point.y), `${point.x},${point.y}`).toBe(true);
      }
      // …and none where they were not (no drift: a shifted or scaled stroke would land here).
      for (const empty of [
        { x: 70, y: 120 },
        { x: 20, y: 170 },
        { x: box.width / 2, y: 100 },
        { x: box.width - 100, y: 50 },
        { x: 120 * 1.2, y: 50 },
      ]) {
        expect(inkAt(empty.x, empty.y), `${empty.x},${empty.y}`).toBe(false);
      }
    });
  }
});

test("a visit made as completed with evidence missing: the form lists it, and the owner's 'Complete anyway' keeps the reason", async ({
  page,
  server,
  user: _user,
}) => {
  const setup = await poolVisit(page, server.baseURL, 'Marina Court');
  const { propertyId } = await visitDetail(page.request, server.baseURL, setup.visitId);
  await page.goto(`/resources/visits/new?property=${propertyId}`);
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveValue(setup.name);
  const pad = (value: number) => String(value).padStart(2, '0');
  const now = new Date();
  await page
    .getByLabel('Scheduled date and time')
    .fill(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T08:00`);
  await page.getByLabel('Status').selectOption('completed');
  await page.getByRole('button', { name: 'Create Visit' }).click();

  // The server's gate refused it, and nothing was made: the same list as 'Complete visit' shows.
  const refused = page.getByRole('alert').filter({ hasText: 'Not yet: evidence is missing' });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(
    `${setup.chlorine}: Mark it done or skipped, Take before photo, Take after photo, Enter the reading`,
  );
  await expect(refused).toContainText(`${setup.filter}: Mark it done or skipped, Choose Pass or Fail`);
  await expect(refused).toContainText("Customer's signature");
  await expect(page).toHaveURL(/\/resources\/visits\/new/);

  await refused.getByRole('button', { name: 'Complete anyway' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete anyway' });
  await expect(dialog).toBeVisible();
  expect((await auditPage(page, '/resources/visits/new')).details).toEqual([]);
  await dialog.getByRole('button', { name: 'Complete anyway' }).click();
  await expect(dialog.getByText('Please give a reason for completing anyway')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Done before the app was set up; photos on paper');
  await dialog.getByRole('button', { name: 'Complete anyway' }).click();

  await expect(page).toHaveURL(/\/resources\/visits\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  expect(id).not.toBe(setup.visitId);
  const visit = await visitDetail(page.request, server.baseURL, id);
  expect(visit).toMatchObject({
    status: 'completed',
    overrideReason: 'Done before the app was set up; photos on paper',
  });
  expect(visit.tasks).toHaveLength(2);
});
