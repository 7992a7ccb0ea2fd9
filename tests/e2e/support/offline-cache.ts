import { expect, type Page } from '@playwright/test';

/**
 * Waits until the query cache kept in IndexedDB (src/client/api/persist.ts: database
 * 'rounds-cache', store 'queries') holds every text given: the persister writes at most every
 * 500 ms, later on a busy machine, and a reload before it has written finds nothing kept.
 */
export async function waitForKeptCopy(page: Page, ...texts: string[]) {
  await expect
    .poll(
      async () => {
        const kept = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const opened = indexedDB.open('rounds-cache');
              // Never create the database here: the app's own open would then find no store.
              opened.onupgradeneeded = () => opened.transaction?.abort();
              opened.onerror = () => resolve('');
              opened.onsuccess = () => {
                const db = opened.result;
                if (!db.objectStoreNames.contains('queries')) return resolve('');
                const read = db.transaction('queries').objectStore('queries').get('rounds-query-cache');
                read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : '');
                read.onerror = () => resolve('');
              };
            }),
        );
        return texts.every((text) => kept.includes(text));
      },
      { message: `the kept copy holds ${texts.join(', ')}`, timeout: 15_000 },
    )
    .toBe(true);
}
