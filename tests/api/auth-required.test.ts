import { afterAll, beforeAll, expect, it } from 'vitest';
import { isUpload } from '../../src/server/guards';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The only /api routes that answer without a session. */
const PUBLIC = [
  /^\/api\/health\b/,
  // the API's OpenAPI document and its reference page (openapi.test.ts)
  /^\/api\/(openapi\.json|docs)$/,
  /^\/api\/auth\//,
  /^\/api\/auth-test\//,
  /^\/api\/clear-auth\b/,
  // the calendar feed: its secret token is the key (calendar-feed.test.ts)
  /^\/api\/calendar\/feed\/:file$/,
  // the unsubscribe link: its signed token is the key (client-messages.test.ts)
  /^\/api\/unsubscribe\//,
  // The e-mailed portal link: its single-use token is the key (portal.test.ts)
  /^\/api\/portal\/enter\/:token$/,
  // an invitation's e-mailed link: its secret token is the key (workspaces.test.ts)
  /^\/api\/invitations\/by-token\//,
  // 'Verify my e-mail' on the e-mailed verification link's page: its signed token is the key (identity.test.ts)
  /^\/api\/verify-email\/:token$/,
  // the payment provider's webhook: its signature is the key (payments.test.ts)
  /^\/api\/payments\/webhooks\/stripe$/,
];
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

it('every other /api endpoint answers 401 Not authenticated without a session', async () => {
  const routes = t.app.routes
    .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*') && route.method !== 'ALL')
    .filter((route) => !PUBLIC.some((pattern) => pattern.test(route.path)));
  expect(routes.length).toBeGreaterThan(20);

  for (const route of routes) {
    const url = route.path.replace(/:[A-Za-z]+/g, SAMPLE_ID);
    const response = await t.request(url, {
      method: route.method,
      // JSON where a body is expected (the uploads take multipart: they get none here)
      body: route.method === 'GET' || route.method === 'DELETE' || isUpload(route.method, url) ? undefined : {},
    });
    expect(response.status, `${route.method} ${route.path}`).toBe(401);
    expect(await response.json(), `${route.method} ${route.path}`).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Not authenticated' },
    });
  }
});
