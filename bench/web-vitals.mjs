// Web vitals of the production build in headless Chromium with the CPU slowed 4×: the
// dashboard's Largest Contentful Paint (cold loads, median) and the Interaction to Next Paint
// of ticking a visit's task (its status select on the visit page, by keyboard; median).
// Starts the real server on a free port with a fresh data folder and a fresh client build.
// Usage: node bench/web-vitals.mjs [--loads 5] [--ticks 7] [--latency 0]
// --latency adds that many milliseconds to every request's round trip (a phone's network);
// --timeline prints, for the first load, its long tasks, paints and requests (start → end).
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { buildClient, CHROMIUM_ARGS, CHROMIUM_PATH, seedUser, startServer } from './support/app.mjs';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' },
    ticks: { type: 'string', default: '7' },
    latency: { type: 'string', default: '0' },
    timeline: { type: 'boolean', default: false },
  },
});
const loads = Math.min(Number(values.loads), 20);
const ticks = Math.min(Number(values.ticks), 30);
const latency = Math.min(Math.max(Number(values.latency), 0), 2000);
const CPU_SLOWDOWN = 4;
const TARGETS = { lcp: 1000, inp: 100 };
// The e2e suite's phone viewport (playwright.config.ts).
const VIEWPORT = { width: 390, height: 844 };

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A page whose CPU runs `CPU_SLOWDOWN` times slower, observing LCP and event timing from its start. */
async function throttledPage(context) {
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
    const vitals = { lcp: 0, lcpElement: '', events: [], longTasks: [], paints: [] };
    window.__vitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        vitals.lcp = entry.startTime;
        vitals.lcpElement = `${entry.element?.tagName} '${entry.element?.textContent?.slice(0, 30)}'`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
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

const client = buildClient();
let server;
let browser;
try {
  server = await startServer(client.outDir);
  const { cookies, visitId } = await seedUser(server.baseURL, { taskCount: 4 });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  // Dashboard LCP: each load in a fresh context (empty cache), signed in.
  const lcps = [];
  const pagesDrawn = [];
  for (let i = 0; i < loads; i += 1) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORT });
    await context.addCookies(cookies);
    const page = await throttledPage(context);
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Upcoming Visits' }).waitFor();
    await page.getByText('Harbour House').first().waitFor();
    lcps.push(await page.evaluate(() => window.__vitals.lcp));
    // With the server's frame of the page (src/server/page-frame.ts), when the app drew the page itself.
    const drawn = await page.evaluate(() => performance.getEntriesByName('page-frame-removed')[0]?.startTime);
    if (drawn !== undefined) pagesDrawn.push(drawn);
    if (values.timeline && i === 0) await printTimeline(page);
    await context.close();
  }

  // INP of ticking a task: keyboard on the status select (a trusted interaction, as a person's
  // would be), moving it between statuses; each change saves, and the next waits for the save.
  const inps = [];
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORT });
  await context.addCookies(cookies);
  const page = await throttledPage(context);
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

  /** A measure's median and range, and against its target when it has one. */
  const row = (name, values, target) => {
    const figures = `${name.padEnd(44)} ${`${median(values).toFixed(0)} ms`.padStart(8)}  ${`${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`.padStart(13)}`;
    if (target === undefined) return figures;
    return `${figures}  ${`≤ ${target} ms`.padStart(9)}  ${median(values) <= target ? 'ok' : 'MISSED'}`;
  };
  const network = latency > 0 ? `loopback + ${latency} ms per round trip` : 'loopback';
  console.log(`\nChromium headless, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width}×${VIEWPORT.height}, ${network}`);
  console.log(`${'measure'.padEnd(44)} ${'median'.padStart(8)}  ${'range'.padStart(13)}  ${'target'.padStart(9)}`);
  console.log(row(`Dashboard LCP (${loads} cold loads)`, lcps, TARGETS.lcp));
  if (pagesDrawn.length) console.log(row(`Dashboard drawn by the app (${pagesDrawn.length} loads)`, pagesDrawn));
  console.log(row(`INP, ticking a visit task (${ticks} ticks)`, inps, TARGETS.inp));
  console.log(`LCP each load: ${lcps.map((value) => value.toFixed(0)).join(', ')} ms`);
  console.log(`INP each tick: ${inps.map((value) => value.toFixed(0)).join(', ')} ms (16 = under the threshold)`);
} finally {
  await browser?.close();
  await server?.stop();
  client.remove();
}

/** Where one load's time went: long tasks of the main thread, paints, and every request. */
async function printTimeline(page) {
  const { vitals, requests, marks } = await page.evaluate(() => ({
    vitals: window.__vitals,
    marks: performance.getEntriesByType('mark').map((entry) => [entry.name, entry.startTime]),
    requests: performance
      .getEntriesByType('resource')
      .map((entry) => [entry.name.replace(location.origin, ''), entry.startTime, entry.responseEnd]),
  }));
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(`\nTimeline of the first load (LCP ${ms(vitals.lcp)}: ${vitals.lcpElement})`);
  for (const [start, duration] of vitals.longTasks) console.log(`  long task  ${ms(start)} for ${ms(duration)}`);
  for (const [name, start] of vitals.paints) console.log(`  ${name.padEnd(22)} ${ms(start)}`);
  for (const [name, start] of marks) console.log(`  mark ${name.padEnd(17)} ${ms(start)}`);
  for (const [url, start, end] of requests) console.log(`  ${ms(start).padStart(8)} → ${ms(end).padStart(8)}  ${url}`);
}
