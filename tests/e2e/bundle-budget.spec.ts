import { propertyWithVisit } from './support/api';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import { formatScriptLoad, measureScripts, SCRIPT_BUDGETS } from './support/script-budget';

// Performance issue, part 7: what the browser fetches of JavaScript, gzipped at level 9, from
// opening a page until the network is idle. `node bench/bundle-size.mjs` counts the same way.

test('/login and /signup load at most 120 KB of JavaScript', async ({ browser, server }) => {
  for (const path of ['/login', '/signup']) {
    const context = await browser.newContext(server.contextOptions);
    const load = await measureScripts(context, path);
    await context.close();
    console.log(formatScriptLoad(load, SCRIPT_BUDGETS.login));
    expect(load.files.length, 'no script was recorded').toBeGreaterThan(0);
    expect(load.gzipBytes, `${path}:\n${formatScriptLoad(load, SCRIPT_BUDGETS.login)}`).toBeLessThanOrEqual(
      SCRIPT_BUDGETS.login,
    );
  }
});

test('signed-in pages load at most 200 KB of JavaScript', async ({ browser, server }) => {
  const signedIn = await browser.newContext(server.contextOptions);
  await signUpViaApi(signedIn.request, server.baseURL, { email: newEmail('budget'), password: 'password123' });
  const { property, visit } = await propertyWithVisit(signedIn.request, server.baseURL);
  const storageState = await signedIn.storageState();
  await signedIn.close();

  for (const path of [
    '/dashboard',
    '/resources/properties',
    `/resources/properties/${property.id}`,
    `/resources/visits/${visit.id}`,
    `/resources/visits/${visit.id}/tasks`,
  ]) {
    // A fresh context per page: nothing comes from the HTTP cache of the one before.
    const context = await browser.newContext({ ...server.contextOptions, storageState });
    const load = await measureScripts(context, path);
    await context.close();
    console.log(formatScriptLoad(load, SCRIPT_BUDGETS.signedIn));
    expect(new URL(load.url).pathname, 'the page stayed signed in').toBe(path);
    expect(load.gzipBytes, `${path}:\n${formatScriptLoad(load, SCRIPT_BUDGETS.signedIn)}`).toBeLessThanOrEqual(
      SCRIPT_BUDGETS.signedIn,
    );
  }
});
