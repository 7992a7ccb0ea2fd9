import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// A request's membership is looked up once, also where two routers mounted on one
// path (the client pages and their portal section, under /api/clients) both need the member.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The statements sent to the database (PGlite, or PostgreSQL's pool) while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const record = (query: unknown) => {
    texts.push(typeof query === 'string' ? query : String((query as { text?: unknown }).text));
  };
  for (const target of [PGlite.prototype, pg.Pool.prototype] as { query: (...args: unknown[]) => unknown }[]) {
    const original = target.query;
    vi.spyOn(target, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    });
  }
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return texts;
}

const isMembershipLookup = (text: string) => /from "workspace_members" inner join "users"/.test(text);

it('looks the membership up once for a client list, a client and its portal sign-ins', async () => {
  const owner = await createUser(t);
  const made = await t.request('/api/clients', { cookie: owner.cookie, body: { name: 'Once Only' } });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  for (const url of ['/api/clients', `/api/clients/${id}`, `/api/clients/${id}/portal-sign-ins`]) {
    let status = 0;
    const texts = await statementsDuring(async () => {
      status = (await t.request(url, { cookie: owner.cookie })).status;
    });
    expect(status, url).toBe(200);
    expect(texts.filter(isMembershipLookup), url).toHaveLength(1);
  }
});

it('still refuses a workspace that is not the caller’s on the second router', async () => {
  const owner = await createUser(t);
  const stranger = await createUser(t);
  const response = await t.request('/api/clients', {
    cookie: owner.cookie,
    headers: { 'x-workspace': stranger.workspaceId },
  });
  expect(response.status).toBe(404);
});
