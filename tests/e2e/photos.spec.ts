import sharp from 'sharp';
import { propertyWithVisit } from './support/api';
import { auditPage } from './support/axe';
import { expect, test } from './support/fixtures';

// The photos journey on a 390×844 phone with Chromium's fake camera.

const png = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();

test('take a photo on a visit, see it in the panel and the lightbox, find it by caption, delete it', async ({
  page,
  server,
}) => {
  await page.request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email: `photos-${Date.now()}@example.com`, password: 'quiet-harbour-7', name: '' },
    headers: { origin: server.baseURL },
  });
  const { visit } = await propertyWithVisit(page.request, server.baseURL, 'Camera Cottage');
  await page.goto(`/resources/visits/${visit.id}`);
  const panel = page.getByRole('region', { name: 'Photos' });
  await expect(panel.getByText('No photos yet.')).toBeVisible();

  // Take Photo: the camera, Capture, Retake, Capture again, Use Photo.
  await panel.getByRole('button', { name: 'Take Photo' }).click();
  const camera = page.getByRole('dialog', { name: 'Take Photo' });
  await expect(camera.getByRole('button', { name: 'Switch camera' })).toBeVisible();
  await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
  expect((await auditPage(page, 'camera')).details).toEqual([]);
  await camera.getByRole('button', { name: 'Capture' }).click();
  await expect(camera.getByRole('img', { name: 'The photo just taken' })).toBeVisible();
  await camera.getByRole('button', { name: 'Retake' }).click();
  await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await camera.getByRole('button', { name: 'Capture' }).click();
  await camera.getByRole('button', { name: 'Use Photo' }).click();
  await expect(camera).toBeHidden();
  const taken = panel.getByRole('button', { name: /^Open photo camera-/ });
  await expect(taken).toBeVisible();

  // Add Photo: two files at once.
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Add Photo' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'porch.png', mimeType: 'image/png', buffer: await png('#c33') },
    { name: 'not-a-photo.png', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(panel.getByRole('button', { name: 'Open photo porch.png' })).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveText('Please select an image file');

  // The lightbox (newest first: the camera's photo is the second): keyboard and buttons go
  // round both photos with focus kept inside; then the photo's page.
  await taken.click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox.getByText('2 of 2')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('1 of 2')).toBeVisible();
  await expect(lightbox.getByRole('heading', { name: 'porch.png' })).toBeVisible();
  await lightbox.getByRole('button', { name: 'Next' }).click();
  await expect(lightbox.getByText('2 of 2')).toBeVisible();
  expect(await lightbox.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  expect((await auditPage(page, 'lightbox')).details).toEqual([]);
  const image = lightbox.getByRole('img', { name: /^camera-/ });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(640);
  await lightbox.getByRole('link', { name: "Open the photo's page" }).click();

  // Caption it on its page.
  await expect(page.getByRole('heading', { name: 'Photo', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Camera Cottage/ })).toBeVisible();
  await page.getByLabel('Caption').fill('Leaking tap under the sink');
  await page.getByRole('button', { name: 'Save caption' }).click();
  await expect(page.getByRole('button', { name: 'Save caption' })).toBeDisabled();

  // Find it on /resources/photos by caption, and delete it.
  await page.goto('/resources/photos');
  await page.getByLabel('Search captions').fill('leaking TAP');
  const grid = page.getByRole('link', { name: /^Photo / });
  await expect(grid).toHaveCount(1);
  await grid.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Photo' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/resources\/photos$/);
  await expect(page.getByRole('link', { name: 'Photo Leaking tap under the sink' })).toHaveCount(0);
  await page.goto(`/resources/visits/${visit.id}`);
  await expect(page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: /^Open photo/ })).toHaveCount(
    1,
  );
});

test('the upload page: an image and what it belongs to, with the spec’s messages', async ({
  page,
  server,
  user: _user,
}) => {
  const { property } = await propertyWithVisit(page.request, server.baseURL, 'Upload Manor');
  await page.goto('/resources/photos/upload');
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByText('Please select an image file')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  await (await chooser).setFiles({ name: 'roof.png', mimeType: 'image/png', buffer: await png('#36c') });
  await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await page.getByLabel('Caption').fill('Roof from the street');
  await page.getByLabel('Attach to').selectOption('property');
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByText('Please select an item to attach to')).toBeVisible();
  await page.getByRole('combobox', { name: 'Item' }).click();
  await page.getByRole('option', { name: property.name }).click();
  await page.getByRole('button', { name: 'Upload Photo' }).click();

  await expect(page).toHaveURL(/\/resources\/photos\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Caption')).toHaveValue('Roof from the street');
  await page.getByRole('link', { name: `${property.name} (property)` }).click();
  await expect(
    page.getByRole('region', { name: 'Photos' }).getByRole('button', { name: 'Open photo Roof from the street' }),
  ).toBeVisible();
  // The properties list shows the property's first photo.
  await page.goto('/resources/properties');
  await expect(page.getByRole('img', { name: `Photo of ${property.name}` })).toBeVisible();
});

test.describe('when the camera answers before the dialog has drawn its video', () => {
  // Blocked, so that the route below sees the dialog's code (the worker would answer it itself).
  test.use({ serviceWorkers: 'block' });

  test('Capture is offered only once the video shows a picture, and the first tap takes it', async ({
    page,
    server,
    user: _user,
  }) => {
    const { visit } = await propertyWithVisit(page.request, server.baseURL, 'Slow Dialog House');
    // The dialogs' code arrives late: the fake camera answers first, and the video mounts after.
    await page.route(/\/assets\/mantine-overlays-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`/resources/visits/${visit.id}`);
    const panel = page.getByRole('region', { name: 'Photos' });
    await expect(panel.getByText('No photos yet.')).toBeVisible();
    // Whenever Capture turns enabled, what the video holds at that moment.
    await page.evaluate(() => {
      const widths: number[] = [];
      Object.assign(window, { captureEnabledAt: widths });
      let enabled = false;
      new MutationObserver(() => {
        const capture = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Capture');
        const now = Boolean(capture && !capture.disabled);
        if (now && !enabled) widths.push(document.querySelector<HTMLVideoElement>('video')?.videoWidth ?? -1);
        enabled = now;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await panel.getByRole('button', { name: 'Take Photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take Photo' });
    await camera.getByRole('button', { name: 'Capture' }).click();
    await expect(camera.getByRole('img', { name: 'The photo just taken' })).toBeVisible();
    const widths = await page.evaluate(() => (window as unknown as { captureEnabledAt: number[] }).captureEnabledAt);
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(width).toBeGreaterThan(0);
  });
});
