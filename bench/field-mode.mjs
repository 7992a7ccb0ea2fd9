// Field mode: how big the persisted query cache is for a week of visits, and how long
// the outbox takes to drain 50 ticks queued offline. The production build with its real service
// worker, the real server on a free port with a fresh data folder, headless Chromium at 390×844.
// Usage: node bench/field-mode.mjs [--per-day 3] [--tasks 5] [--ticks 50]
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildClient, CHROMIUM_ARGS, CHROMIUM_PATH, seedUser, startServer } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    'per-day': { type: 'string', default: '3' },
    tasks: { type: 'string', default: '5' },
    ticks: { type: 'string', default: '50' },
  },
});
const perDay = Math.min(Number(values['per-day']), 10);
const taskCount = Math.min(Number(values.tasks), 10);
const ticks = Math.min(Number(values.ticks), 200);

const client = buildClient();
let server;
let browser;
try {
  server = await startServer(client.outDir);
  const { cookies, propertyId } = await seedUser(server.baseURL, { taskCount });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const post = async (url, body) => {
    const response = await fetch(`${server.baseURL}${url}`, {
      method: 'POST',
      headers: { cookie, origin: server.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  // A week: `perDay` visits a day (the seed's one tomorrow included), each with the property's
  // tasks and two notes.
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  let visits = 1;
  for (let day = 0; day < 7; day += 1) {
    for (let slot = 0; slot < perDay - (day === 1 ? 1 : 0); slot += 1) {
      const scheduledAt = new Date(midnight.getTime() + day * 86_400_000 + (9 + slot * 2) * 3_600_000);
      const visit = await post('/api/visits', { propertyId, scheduledAt: scheduledAt.toISOString() });
      for (const content of ['Gate code 4711; dog in the garden', 'Boiler pressure 1.2 bar, topped up']) {
        await post('/api/notes', { content, attachableType: 'visit', attachableId: visit.id });
      }
      visits += 1;
    }
  }

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto('/today');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload({ waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const cache = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('rounds-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('queries').objectStore('queries').get('rounds-query-cache');
          read.onsuccess = () => {
            const text = read.result ?? '';
            const parsed = JSON.parse(text || '{}');
            resolve({ bytes: new Blob([text]).size, queries: parsed.clientState?.queries?.length ?? 0 });
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

  // /today's cards are compact, the next stop alone open; open them all to reach every tick.
  const closed = page.getByRole('button', { name: 'Tasks, notes and photos' });
  while ((await closed.count()) > 0) await closed.first().click();
  await context.setOffline(true);
  const boxes = page.getByRole('checkbox');
  const available = await boxes.count();
  const queued = Math.min(ticks, available);
  for (let i = 0; i < queued; i += 1) await boxes.nth(i).click();
  await page.getByRole('button', { name: `Pending changes (${queued})` }).waitFor();
  const started = Date.now();
  await context.setOffline(false);
  await page.getByRole('button', { name: /^Pending changes/ }).waitFor({ state: 'detached', timeout: 120_000 });
  const drainMs = Date.now() - started;
  // How much of it the requests themselves took (resource timing of the PATCHes of visit tasks).
  const requests = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/visits\/[^/]+\/tasks\/[^/]+$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.duration),
  );
  const requestMs = requests.reduce((sum, ms) => sum + ms, 0);

  console.log(`visits in the week: ${visits} (${taskCount} tasks and 2 notes each)`);
  console.log(`persisted query cache: ${(cache.bytes / 1024).toFixed(1)} KB in ${cache.queries} queries`);
  console.log(`drain of ${queued} queued ticks: ${drainMs} ms (${(drainMs / queued).toFixed(1)} ms each)`);
  console.log(
    `  of which the ${requests.length} requests: ${requestMs.toFixed(0)} ms (${(requestMs / Math.max(1, requests.length)).toFixed(1)} ms each)`,
  );
  await context.close();
} finally {
  await browser?.close();
  await server?.stop();
  client.remove();
}
