// How much JavaScript a page costs, counted the way a browser pays for it: every script fetched
// from opening the address until the network is idle (entry, lazy chunks, modulepreloads and
// prefetches alike), each body gzipped at level 9. The e2e budget spec and
// `bench/bundle-size.mjs` both count with this, so they cannot disagree.
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from '@playwright/test';

/** The script budgets: /login, and any signed-in page. */
export const SCRIPT_BUDGETS = {
  login: 120 * 1024,
  /** 210 KB while the shell's overlays and menus load on every page (docs/decisions/performance.md). */
  signedIn: 210 * 1024,
  /** The calendar on a wide screen, with FullCalendar's grid (docs/decisions/scheduling.md). */
  calendarWide: 300 * 1024,
} as const;

export interface ScriptFile {
  /** The path on the server, e.g. /assets/index-abc.js. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface ScriptLoad {
  url: string;
  files: ScriptFile[];
  gzipBytes: number;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');

/**
 * Opens `url` in a new page of `context` and records every script response until `networkidle`.
 * Use a fresh context per address, or the HTTP cache hides what an earlier page already fetched.
 */
export async function measureScripts(context: BrowserContext, url: string): Promise<ScriptLoad> {
  const page = await context.newPage();
  const responses = new Map<string, Response>();
  page.on('response', (response) => {
    if (isScript(response) && !responses.has(response.url())) responses.set(response.url(), response);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const files: ScriptFile[] = [];
    for (const [address, response] of responses) {
      // A prefetched body may be gone from the page's memory; then fetch it again, decoded.
      const body = await response.body().catch(() => context.request.get(address).then((again) => again.body()));
      files.push({
        path: new URL(address).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      });
    }
    return { url: page.url(), files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
  } finally {
    await page.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The per-file table, biggest first, with the total against the budget. */
export function formatScriptLoad(load: ScriptLoad, budget?: number): string {
  const rows = [...load.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `  ${file.path.padEnd(52)} ${kb(file.gzipBytes).padStart(9)} gz  ${kb(file.bytes).padStart(9)}`);
  const total = `  ${'total'.padEnd(52)} ${kb(load.gzipBytes).padStart(9)} gz  in ${load.files.length} files`;
  const limit = budget === undefined ? '' : ` (budget ${kb(budget)})`;
  return [`${load.url}${limit}`, ...rows, total].join('\n');
}
