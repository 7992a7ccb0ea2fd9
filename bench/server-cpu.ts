// CPU per request: the app in-process against the raw pg statements it issues.
//
// Throughput on a shared two-core machine moves with whatever else runs; CPU time per request
// of one process does not (much). This drives the real app (`createApp`, no socket) with
// sequential requests for each hot endpoint, records the SQL each request sends through `pg`,
// replays exactly those statements with a bare `pg.Pool`, and prints CPU and wall time per
// request for both. It judges a change before the load runs.
//
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<empty db> node --import tsx bench/server-cpu.ts [--requests 2000]
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createAuth } from '../src/server/auth/auth';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '2000' } } });
const requests = Math.min(Number(args.requests), 20_000);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to an empty PostgreSQL database');

// ── what pg is asked, per request ──
type Statement = { text: string; values?: unknown[]; name?: string };
let recording: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | Statement, unknown[] | undefined];
  if (recording) {
    recording.push(
      typeof first === 'string'
        ? { text: first, values: second }
        : { text: first.text, values: first.values ?? second, name: first.name },
    );
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const origin = 'http://localhost:3000';
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  DATA_DIR: '/tmp/rounds-server-cpu',
  PUBLIC_URL: origin,
  BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  AUTH_RATE_LIMIT_MAX: '1000000',
  CLIENT_DIR: '/nonexistent',
});
const handle = openDatabase({ kind: 'postgres', url });
await migrateDatabase(handle);
const auth = createAuth(config, handle.db);
const app = createApp({ config, db: handle.db, auth });

async function call(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

// ── a signed-in user with a working set ──
const email = `cpu-${Date.now()}@example.com`;
const signUp = await call('/api/auth/sign-up/email', {
  body: { email, password: 'cpu-bench-Correct-Horse-29', name: 'Bench' },
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const task = (await (await call('/api/tasks', { cookie, body: { name: 'Mow', defaultPrice: 2500 } })).json()) as {
  id: string;
};
let visitId = '';
for (let p = 0; p < 30; p += 1) {
  const property = (await (
    await call('/api/properties', { cookie, body: { name: `Property ${p}`, address: `${p} Main St`, city: 'Town' } })
  ).json()) as { id: string };
  for (let v = 0; v < 4; v += 1) {
    const visit = (await (
      await call('/api/visits', {
        cookie,
        body: { propertyId: property.id, scheduledAt: new Date(Date.now() + (v - 1) * 86_400_000).toISOString() },
      })
    ).json()) as { id: string };
    visitId ||= visit.id;
    await call(`/api/visits/${visit.id}/tasks`, { cookie, body: { taskId: task.id } });
  }
  await call('/api/notes', {
    cookie,
    body: { content: `Gate code ${p}`, attachableType: 'property', attachableId: property.id },
  });
}

const endpoints: [string, string][] = [
  ['visit by id', `/api/visits/${visitId}`],
  ['visits list (50)', '/api/visits?limit=50'],
  ['property list', '/api/properties'],
  ['dashboard upcoming', '/api/visits/upcoming?limit=5'],
  ['/api/me', '/api/me'],
  ['invoice list', '/api/invoices'],
  ['notes list', '/api/notes'],
  ['photos list', '/api/photos'],
];

const raw = new pg.Pool({ connectionString: url, max: 10 });
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, requests); i += 1) await run();
  const cpu = cpuMs();
  const wall = performance.now();
  for (let i = 0; i < requests; i += 1) await run();
  return { cpu: (cpuMs() - cpu) / requests, wall: (performance.now() - wall) / requests };
}

console.log(`${requests} sequential requests each, one process, ${new Date().toISOString().slice(0, 10)}\n`);
console.log(
  '| endpoint | statements | app CPU ms/req | raw CPU ms/req | app wall ms | raw wall ms | CPU ratio raw/app |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [label, path] of endpoints) {
  recording = [];
  await (await call(path, { cookie })).arrayBuffer();
  const statements = recording;
  recording = null;
  const appSide = await measure(async () => (await call(path, { cookie })).arrayBuffer());
  const rawSide = await measure(async () => {
    for (const statement of statements) await raw.query(statement as pg.QueryConfig);
  });
  console.log(
    `| ${label} | ${statements.length} | ${appSide.cpu.toFixed(3)} | ${rawSide.cpu.toFixed(3)} | ${appSide.wall.toFixed(2)} | ${rawSide.wall.toFixed(2)} | ${(rawSide.cpu / appSide.cpu).toFixed(2)} |`,
  );
}
pg.Client.prototype.query = originalQuery;
await raw.end();
await handle.close();
