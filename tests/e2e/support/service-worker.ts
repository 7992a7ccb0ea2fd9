import { expect, type Page } from '@playwright/test';

/**
 * Opens `url` as a page the service worker controls: once the worker is installed the page is
 * loaded again, since a first visit is not controlled (no clients.claim with 'prompt'). Only a
 * controlled page keeps working when the browser goes offline.
 */
export async function openControlled(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
