// Web vitals of the production build in headless Chromium with the CPU slowed 4×: the
// dashboard's Largest Contentful Paint, when the app itself has drawn the main content of the
// dashboard and of Today (cold, warm and offline), and the Interaction to Next
// Paint of ticking a visit's task (its status select on the visit page, by keyboard; median).
// Starts the real server on a free port with a fresh data folder and a fresh client build.
// Usage: node bench/web-vitals.mjs [--loads 7] [--ticks 7] [--latency 0,150] [--timeline] [--skip-inp]
// --latency adds that many milliseconds to every request's round trip (a phone's network); a
// list measures each in turn;
// --timeline prints, for the first load of each case, its long tasks, paints and requests.
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { register } from 'tsx/esm/api';
import { buildClient, CHROMIUM_ARGS, CHROMIUM_PATH, seedUser, startServer } from './support/app.mjs';

// The Element Timing names come from the app's own list (TypeScript, loaded through tsx).
register();
const { MAIN_CONTENT: NAMES } = await import('../src/client/lib/element-timing.ts');

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '7' },
    ticks: { type: 'string', default: '7' },
    latency: { type: 'string', default: '0' },
    timeline: { type: 'boolean', default: false },
    'skip-inp': { type: 'boolean', default: false },
  },
});
const loads = Math.min(Number(values.loads), 20);
const ticks = Math.min(Number(values.ticks), 30);
const latencies = values.latency.split(',').map((value) => Math.min(Math.max(Number(value), 0), 2000));
const CPU_SLOWDOWN = 4;
const TARGETS = { lcp: 1000, inp: 100 };
// The e2e suite's phone viewport (playwright.config.ts).
const VIEWPORT = { width: 390, height: 844 };
// The Element Timing name of each page's app-drawn main content, and the targets at 4× CPU with
// no added latency.
const MAIN_CONTENT = { '/dashboard': NAMES.dashboard, '/today': NAMES.today };
const CONTENT_TARGETS = { cold: 1000, warm: 500, offline: 500 };

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A page whose CPU runs `CPU_SLOWDOWN` times slower, observing LCP and event timing from its start. */
async function throttledPage(context, latency = 0) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (latency > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  await page.addInitScript(() => {
    const vitals = { lcp: 0, lcpElement: '', events: [], longTasks: [], paints: [], elements: {} };
    window.__vitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        vitals.lcp = entry.startTime;
        vitals.lcpElement = `${entry.element?.tagName} '${entry.element?.textContent?.slice(0, 30)}'`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // Element Timing: when the app drew each named element (renderTime, else loadTime, from the
    // navigation's start); the first paint of each name counts.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.elements[entry.identifier] ??= entry.startTime;
    }).observe({ type: 'element', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.paints.push([entry.name, entry.startTime]);
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId) {
          vitals.events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
  return page;
}

/** Resolves with when the app drew `url`'s main content (its Element Timing entry), in ms from navigation start. */
async function mainContentAt(page, url) {
  const name = MAIN_CONTENT[url];
  const entry = await page.waitForFunction((n) => window.__vitals.elements[n], name, { timeout: 30_000 });
  return entry.jsonValue();
}

/**
 * The warm-up between the cold and the warm load: the service worker active (its precache
 * installed, so the next navigation is answered from it) and the query cache written to
 * IndexedDB with the page's data (src/client/api/persist.ts).
 */
async function waitUntilWarm(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('rounds-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve(false);
          const read = db.transaction('queries').objectStore('queries').get('rounds-query-cache');
          read.onsuccess = () => resolve(typeof read.result === 'string' && read.result.includes('Harbour House'));
          read.onerror = () => resolve(false);
        };
      }),
    undefined,
    { timeout: 60_000, polling: 250 },
  );
}

/**
 * One browser context, signed in: `url` cold (nothing cached), then warm in the same context
 * (a new tab once the worker and the persisted cache are ready), then for Today offline too.
 * Returns the main content's time for each, and for the dashboard's cold load its LCP.
 */
async function coldAndWarm(browser, { baseURL, cookies, url, latency, offline, timeline }) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  try {
    await context.addCookies(cookies);
    const result = {};
    const cold = await throttledPage(context, latency);
    await cold.goto(url);
    result.cold = await mainContentAt(cold, url);
    if (timeline) await printTimeline(cold, `${url} cold`);
    await waitUntilWarm(cold);
    result.lcp = await cold.evaluate(() => window.__vitals.lcp);
    // With the server's frame of the page (src/server/page-frame.ts), when the app took it away.
    result.frameRemoved = await cold.evaluate(() => performance.getEntriesByName('page-frame-removed')[0]?.startTime);
    await cold.close();

    const warm = await throttledPage(context, latency);
    await warm.goto(url);
    result.warm = await mainContentAt(warm, url);
    result.controlled = await warm.evaluate(() => Boolean(navigator.serviceWorker.controller));
    if (timeline) await printTimeline(warm, `${url} warm`);
    await warm.close();

    if (offline) {
      await context.setOffline(true);
      const away = await throttledPage(context, 0);
      await away.goto(url);
      result.offline = await mainContentAt(away, url);
      if (timeline) await printTimeline(away, `${url} offline, warm`);
      await away.close();
    }
    return result;
  } finally {
    await context.close();
  }
}

const client = buildClient();
let server;
let browser;
try {
  server = await startServer(client.outDir);
  const { cookies, visitId } = await seedUser(server.baseURL, { taskCount: 4 });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  // The main content, cold and warm, at each latency; the dashboard and Today alternate, so a
  // burst of load on the shared machine falls on both alike.
  const runs = [];
  for (const latency of latencies) {
    const figures = { latency, '/dashboard': [], '/today': [] };
    for (let i = 0; i < loads; i += 1) {
      for (const url of ['/dashboard', '/today']) {
        const result = await coldAndWarm(browser, {
          baseURL: server.baseURL,
          cookies,
          url,
          latency,
          offline: url === '/today' && latency === 0,
          timeline: values.timeline && i === 0,
        });
        if (!result.controlled) console.warn(`warning: the warm load of ${url} was not served by the service worker`);
        figures[url].push(result);
      }
    }
    runs.push(figures);
  }

  // INP of ticking a task: keyboard on the status select (a trusted interaction, as a person's
  // would be), moving it between statuses; each change saves, and the next waits for the save.
  const inps = [];
  if (!values['skip-inp']) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORT });
    await context.addCookies(cookies);
    const page = await throttledPage(context, latencies[0]);
    await page.goto(`/resources/visits/${visitId}`, { waitUntil: 'networkidle' });
    const select = page.getByRole('combobox', { name: 'Status of Task 1' });
    await select.waitFor();
    for (let i = 0; i < ticks; i += 1) {
      const before = await page.evaluate(() => window.__vitals.events.length);
      await select.focus();
      const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await page.keyboard.press(i % 2 === 0 ? 'ArrowDown' : 'ArrowUp');
      await saved;
      await page.waitForFunction(() => !document.querySelector('select[aria-label="Status of Task 1"]')?.disabled);
      await page.waitForTimeout(300); // let the event entries of this tick arrive
      const events = await page.evaluate((from) => window.__vitals.events.slice(from), before);
      // An interaction's latency is its longest event; none at all means under the 16 ms threshold.
      inps.push(events.length ? Math.max(...events.map((event) => event.duration)) : 16);
    }
    await context.close();
  }

  /** A measure's median and range, and against its target when it has one. */
  const row = (name, values, target) => {
    const figures = `${name.padEnd(52)} ${`${median(values).toFixed(0)} ms`.padStart(8)}  ${`${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`.padStart(13)}`;
    if (target === undefined) return figures;
    return `${figures}  ${`≤ ${target} ms`.padStart(9)}  ${median(values) <= target ? 'yes' : 'no'}`;
  };
  console.log(
    `\nChromium headless, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width}×${VIEWPORT.height}, ${loads} loads per case`,
  );
  console.log(`${'measure'.padEnd(52)} ${'median'.padStart(8)}  ${'range'.padStart(13)}  ${'target'.padStart(9)}  met`);
  for (const figures of runs) {
    const network = figures.latency > 0 ? `+${figures.latency} ms per request` : 'loopback';
    const target = (kind) => (figures.latency === 0 ? CONTENT_TARGETS[kind] : undefined);
    const dashboard = figures['/dashboard'];
    const today = figures['/today'];
    if (figures.latency === latencies[0]) {
      console.log(
        row(
          `Dashboard LCP, cold (${network})`,
          dashboard.map((r) => r.lcp),
          figures.latency === 0 ? TARGETS.lcp : undefined,
        ),
      );
    }
    for (const [page, loadsOf] of [
      ['Dashboard', dashboard],
      ['Today', today],
    ]) {
      for (const kind of ['cold', 'warm']) {
        const values = loadsOf.map((r) => r[kind]);
        console.log(row(`${page} drawn by the app, ${kind} (${network})`, values, target(kind)));
      }
    }
    const offline = today.filter((r) => r.offline !== undefined).map((r) => r.offline);
    if (offline.length) console.log(row('Today drawn by the app, offline, warm', offline, CONTENT_TARGETS.offline));
  }
  if (inps.length) console.log(row(`INP, ticking a visit task (${ticks} ticks)`, inps, TARGETS.inp));
  for (const figures of runs) {
    for (const url of ['/dashboard', '/today']) {
      const list = (kind) => figures[url].map((r) => r[kind]?.toFixed(0) ?? '–').join(', ');
      console.log(`${url} +${figures.latency} ms each load: cold ${list('cold')}; warm ${list('warm')}`);
      if (url === '/today' && figures.latency === 0) console.log(`  offline ${list('offline')}`);
    }
  }
  if (inps.length)
    console.log(`INP each tick: ${inps.map((value) => value.toFixed(0)).join(', ')} ms (16 = under the threshold)`);
} finally {
  await browser?.close();
  await server?.stop();
  client.remove();
}

/** Where one load's time went: long tasks of the main thread, paints, and every request. */
async function printTimeline(page, label) {
  const { vitals, requests, marks } = await page.evaluate(() => ({
    vitals: window.__vitals,
    marks: performance.getEntriesByType('mark').map((entry) => [entry.name, entry.startTime]),
    requests: performance
      .getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource'))
      .map((entry) => [entry.name.replace(location.origin, ''), entry.startTime, entry.responseEnd]),
  }));
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(`\nTimeline of ${label} (LCP ${ms(vitals.lcp)}: ${vitals.lcpElement})`);
  for (const [name, start] of Object.entries(vitals.elements)) console.log(`  element ${name.padEnd(26)} ${ms(start)}`);
  for (const [start, duration] of vitals.longTasks) console.log(`  long task  ${ms(start)} for ${ms(duration)}`);
  for (const [name, start] of vitals.paints) console.log(`  ${name.padEnd(22)} ${ms(start)}`);
  for (const [name, start] of marks) console.log(`  mark ${name.padEnd(17)} ${ms(start)}`);
  for (const [url, start, end] of requests) console.log(`  ${ms(start).padStart(8)} → ${ms(end).padStart(8)}  ${url}`);
}
