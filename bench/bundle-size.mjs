// The JavaScript each kind of page costs, counted in Chromium the way the e2e budget spec counts
// it (tests/e2e/support/script-budget.ts): every script fetched from opening the address until
// the network is idle, each gzipped at level 9. Builds the client, starts the real server, signs
// up a user with a property and a visit. Usage: node bench/bundle-size.mjs
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { buildClient, CHROMIUM_ARGS, CHROMIUM_PATH, seedUser, startServer } from './support/app.mjs';

const { measureScripts, formatScriptLoad, SCRIPT_BUDGETS } = await tsImport(
  '../tests/e2e/support/script-budget.ts',
  import.meta.url,
);

const client = buildClient();
let server;
let browser;
try {
  server = await startServer(client.outDir);
  const { cookies, propertyId, visitId } = await seedUser(server.baseURL);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const pages = [
    ['/login', false, SCRIPT_BUDGETS.login],
    ['/signup', false, SCRIPT_BUDGETS.login],
    ['/dashboard', true, SCRIPT_BUDGETS.signedIn],
    ['/resources/properties', true, SCRIPT_BUDGETS.signedIn],
    [`/resources/properties/${propertyId}`, true, SCRIPT_BUDGETS.signedIn],
    [`/resources/visits/${visitId}`, true, SCRIPT_BUDGETS.signedIn],
    [`/resources/visits/${visitId}/tasks`, true, SCRIPT_BUDGETS.signedIn],
  ];
  const summary = [];
  for (const [path, signedIn, budget] of pages) {
    const context = await browser.newContext({ baseURL: server.baseURL });
    if (signedIn) await context.addCookies(cookies);
    const load = await measureScripts(context, path);
    await context.close();
    console.log(`\n${formatScriptLoad(load, budget)}`);
    summary.push([path, load, budget]);
  }
  console.log('\npage                                          JavaScript (gz)  files  budget');
  for (const [path, load, budget] of summary) {
    const verdict = load.gzipBytes <= budget ? 'ok' : 'OVER';
    console.log(
      `${path.replace(/[0-9a-f-]{36}/g, ':id').padEnd(45)} ${`${(load.gzipBytes / 1024).toFixed(1)} KB`.padStart(16)}  ${String(load.files.length).padStart(5)}  ${(budget / 1024).toFixed(0)} KB ${verdict}`,
    );
  }
} finally {
  await browser?.close();
  await server?.stop();
  client.remove();
}
