import { propertyWithVisit } from './support/api';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';
import { formatScriptLoad, measureScripts, SCRIPT_BUDGETS } from './support/script-budget';

// The script budgets (docs/decisions/performance.md): what the browser fetches of JavaScript,
// gzipped at level 9, from opening a page until the network is idle. `node bench/bundle-size.mjs`
// counts the same way.

test(`/login and /signup load at most ${SCRIPT_BUDGETS.login / 1024} KB of JavaScript`, async ({ browser, server }) => {
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

test(`signed-in pages load at most ${SCRIPT_BUDGETS.signedIn / 1024} KB of JavaScript`, async ({ browser, server }) => {
  test.setTimeout(180_000); // about 25 pages, each in a fresh context
  const signedIn = await browser.newContext(server.contextOptions);
  await signUpViaApi(signedIn.request, server, { email: newEmail('budget'), password: 'quiet-harbour-7' });
  const { property, visit } = await propertyWithVisit(signedIn.request, server.baseURL);
  const storageState = await signedIn.storageState();
  await signedIn.close();

  const loads = new Map<string, string[]>();
  for (const path of [
    '/dashboard',
    '/resources/calendar',
    '/resources/visits/new-series',
    '/resources/properties',
    `/resources/properties/${property.id}`,
    `/resources/visits/${visit.id}`,
    `/resources/visits/${visit.id}/tasks`,
    // Every other area's first page and its busiest form: the budget holds for every route.
    '/today',
    '/resources/visits',
    '/resources/visits/new',
    '/resources/tasks',
    '/resources/tasks/new',
    '/resources/properties/new',
    '/resources/invoices',
    '/resources/invoices/new',
    '/resources/notes',
    '/resources/notes/new',
    '/resources/photos',
    '/resources/photos/upload',
    '/resources/profile',
    '/resources/profiles',
    '/resources/profiles/new',
  ]) {
    // A fresh context per page: nothing comes from the HTTP cache of the one before.
    const context = await browser.newContext({ ...server.contextOptions, storageState });
    const load = await measureScripts(context, path);
    await context.close();
    console.log(formatScriptLoad(load, SCRIPT_BUDGETS.signedIn));
    expect(new URL(load.url).pathname, 'the page stayed signed in').toBe(path);
    loads.set(
      path,
      load.files.map((file) => file.path),
    );
    expect(load.gzipBytes, `${path}:\n${formatScriptLoad(load, SCRIPT_BUDGETS.signedIn)}`).toBeLessThanOrEqual(
      SCRIPT_BUDGETS.signedIn,
    );
  }

  // The calendar's grid (FullCalendar; its classic theme's class names mark its code)
  // loads on a wide screen's calendar only. There the page is over the signed-in budget: its own
  // budget, recorded in docs/decisions/scheduling.md, keeps it from growing.
  const wide = await browser.newContext({
    ...server.contextOptions,
    storageState,
    viewport: { width: 1280, height: 800 },
  });
  const calendar = await measureScripts(wide, '/resources/calendar');
  await wide.close();
  console.log(formatScriptLoad(calendar, SCRIPT_BUDGETS.calendarWide));
  expect(calendar.gzipBytes, formatScriptLoad(calendar, SCRIPT_BUDGETS.calendarWide)).toBeLessThanOrEqual(
    SCRIPT_BUDGETS.calendarWide,
  );
  const fetcher = await browser.newContext(server.contextOptions);
  const calendarFiles: string[] = [];
  for (const file of calendar.files) {
    const body = await (await fetcher.request.get(`${server.baseURL}${file.path}`)).text();
    if (body.includes('fc-classic')) calendarFiles.push(file.path);
  }
  await fetcher.close();
  expect(calendarFiles, 'the wide calendar loads FullCalendar').not.toEqual([]);
  for (const [path, files] of loads) {
    expect(
      files.filter((file) => calendarFiles.includes(file)),
      `${path} loads FullCalendar`,
    ).toEqual([]);
  }
});
