import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/server/api-routes';
import { schemaOfMiddleware, uuidParamsOfMiddleware } from '../../src/server/validate';
import { createUser, type TestUser } from '../support/factories';
import { json } from '../support/json';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

// Routes read their input through middlewares (src/server/validate.ts). Where a route's path
// holds an id, `uuidParams` checks it before `jsonBody`/`queryOf` read anything: an id that
// cannot exist is a 404 with the record's message, whatever the body or query holds (as when the
// handler checked the id first). Found from the routes themselves, so a new route is covered.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // An admin who owns a workspace passes adminOnly and inWorkspace: what is left is the input.
  admin = await createUser(t, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
});

interface Checked {
  method: string;
  path: string;
  notFound: Readonly<Record<string, string>>;
  reads: Set<'json' | 'query'>;
}

/** Every route with a uuidParams middleware, with the input its other middlewares read (in any order). */
function routesWithIdChecks(): Checked[] {
  const byRoute = new Map<string, Checked>();
  for (const route of apiRoutes.routes) {
    const key = `${route.method} ${route.path}`;
    const checked = byRoute.get(key) ?? { method: route.method, path: route.path, notFound: {}, reads: new Set() };
    byRoute.set(key, checked);
    const params = uuidParamsOfMiddleware.get(route.handler);
    if (params) checked.notFound = { ...checked.notFound, ...params };
    const schema = schemaOfMiddleware.get(route.handler);
    if (schema) checked.reads.add(schema.target);
  }
  return (
    [...byRoute.values()]
      .filter((route) => Object.keys(route.notFound).length > 0 && route.reads.size > 0)
      // The portal's routes answer a staff session 401 before anything else (portal.test.ts).
      .filter((route) => !route.path.startsWith('/portal/'))
  );
}

/** The route's URL with its checked ids made impossible, and any other parameter the admin's workspace. */
const urlOf = (route: Checked) =>
  '/api' +
  route.path.replace(/:(\w+)/g, (_, name: string) => (name in route.notFound ? 'not-a-uuid' : admin.workspaceId)) +
  (route.reads.has('query') ? '?limit=-1&offset=nope&from=nope&to=nope&q=%00' : '');

describe('ids before input', () => {
  const routes = routesWithIdChecks();

  it('finds the routes that check an id before reading a body or query', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain('PATCH /visits/:id/tasks/:taskId');
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: an impossible id is 404 with its message, before a bad body or query is read',
    async (_name, route) => {
      const response = await t.app.request(urlOf(route), {
        method: route.method,
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{ not json',
      });
      const first = Object.values(route.notFound)[0];
      expect(await json(response, 404)).toMatchObject({ error: { code: 'NOT_FOUND', message: first } });
    },
  );

  it('the same bad body with a possible id is a 400 (the 404 above is the order, not the body)', async () => {
    const response = await t.app.request(
      '/api/visits/00000000-0000-4000-8000-000000000000/tasks/00000000-0000-4000-8000-000000000001',
      {
        method: 'PATCH',
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' },
        body: '{ not json',
      },
    );
    expect(await json(response, 400)).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'The request body must be JSON' },
    });
  });
});

describe('mark paid', () => {
  it('an empty body stands for no details; a body that is not JSON is 400', async () => {
    const url = '/api/invoices/00000000-0000-4000-8000-000000000000/mark-paid';
    const headers = { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' };
    // No such invoice: the empty body passed validation and reached the service.
    expect((await t.app.request(url, { method: 'POST', headers, body: '  ' })).status).toBe(404);
    expect(await json(await t.app.request(url, { method: 'POST', headers, body: '{ not json' }), 400)).toMatchObject({
      error: { message: 'The request body must be JSON' },
    });
  });
});
