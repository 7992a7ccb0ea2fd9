// What bench/run.mjs and bench/explain.mjs share: the hot endpoints, starting the production
// server with the SQL-capture preload, signing in, capturing one request's statements, and
// The two kinds of load (autocannon against HTTP, a replay loop against the database).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { appDatabase, BENCH_PASSWORD } from './seed.mjs';
import { percentile } from './support/percentile.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CAPTURE_PRELOAD = path.join(REPO, 'bench', 'capture-sql.mjs');
const TRACE_PRELOAD = path.join(REPO, 'bench', 'support', 'pglite-trace.mjs');
const COMPILED_SERVER = path.join(REPO, 'dist', 'server', 'main.js');

/** The hot endpoints of the performance issue; `path` gets the ids found after sign-in. */
export const ENDPOINTS = [
  { key: 'visit', label: 'GET /api/visits/{id}', path: ({ visitId }) => `/api/visits/${visitId}` },
  { key: 'visits-list', label: 'GET /api/visits?limit=50', path: () => '/api/visits?limit=50' },
  { key: 'properties', label: 'GET /api/properties', path: () => '/api/properties' },
  { key: 'upcoming', label: 'GET /api/visits/upcoming?limit=5', path: () => '/api/visits/upcoming?limit=5' },
  { key: 'me', label: 'GET /api/me', path: () => '/api/me' },
  { key: 'invoices', label: 'GET /api/invoices', path: () => '/api/invoices' },
  { key: 'notes', label: 'GET /api/notes', path: () => '/api/notes' },
  { key: 'photos', label: 'GET /api/photos', path: () => '/api/photos' },
  // Clients, once they exist.
  { key: 'clients', label: 'GET /api/clients', path: () => '/api/clients' },
  {
    // The calendar's week (asked with limit=500, as the calendar does).
    key: 'calendar',
    label: 'GET /api/visits?from&to (a week)',
    path: ({ weekFrom, weekTo }) => `/api/visits?from=${weekFrom}&to=${weekTo}&limit=500`,
  },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs this script again under `taskset -c <cpu>` (the load side on its own core) unless it
 * already is; returns the child's exit code then, or null when the caller is the pinned copy.
 */
export function pinSelf(cpu) {
  if (process.env.BENCH_PINNED === '1') return null;
  const child = spawnSync('taskset', ['-c', cpu, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  if (child.error) throw child.error;
  return child.status ?? 1;
}

/**
 * Waits until a started child process answers `url` with 2xx, for at most `seconds`. Answers
 * `exited()`, which says whether the child has exited, and `terminate(graceMs)`, which sends it
 * SIGTERM, then SIGKILL if it has not exited after `graceMs`, and resolves once it has.
 */
async function untilAnswering(child, url, name, seconds) {
  let done = false;
  const exit = new Promise((resolve) => child.once('exit', () => resolve((done = true))));
  const exited = () => done;
  const terminate = async (graceMs) => {
    if (!done) child.kill('SIGTERM');
    await Promise.race([exit, sleep(graceMs)]);
    if (!done) child.kill('SIGKILL');
    await exit;
  };
  for (let i = 0; ; i += 1) {
    if (done) throw new Error(`${name} exited while starting`);
    if (i > seconds * 10) throw new Error(`${name} did not answer ${new URL(url).pathname} within ${seconds} s`);
    const up = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) return { exited, terminate };
    await sleep(100);
  }
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production server on core `cpu`: the compiled `dist/server/main.js` when it has
 * been built, else the TypeScript through tsx. PostgreSQL when `databaseUrl` is given, else
 * PGlite in `dataDir`. Statements of requests tagged `x-bench-capture` go to `captureFile`.
 * With `profileDir`, the server runs with `node --cpu-prof` and writes its profile there; with
 * `trace`, PGlite's waits and holds are recorded (bench/support/pglite-trace.mjs, `traceWindow`).
 */
export async function startServer({
  databaseUrl,
  dataDir,
  captureFile,
  cpu = '0',
  processes = 1,
  profileDir,
  trace = false,
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const entry = existsSync(COMPILED_SERVER) ? [COMPILED_SERVER] : ['--import', 'tsx', 'src/server/main.ts'];
  // --cpu-prof: the profile is written when the process exits (stop() sends SIGTERM; main.ts exits).
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const traceFile = path.join(tmpdir(), `rounds-bench-trace-${port}.jsonl`);
  const preloads = ['--import', CAPTURE_PRELOAD, ...(trace ? ['--import', TRACE_PRELOAD] : [])];
  const child = spawn('taskset', ['-c', cpu, process.execPath, ...profile, ...preloads, ...entry], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir ?? path.join(tmpdir(), 'rounds-bench-unused'),
      BETTER_AUTH_SECRET: 'bench-secret-0123456789-0123456789-abcdef',
      AUTH_RATE_LIMIT_MAX: '1000000',
      BENCH_CAPTURE_FILE: captureFile,
      LOG_REQUESTS: 'false',
      WEB_CONCURRENCY: String(processes),
      PGLITE_TRACE_FILE: traceFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { exited, terminate } = await untilAnswering(child, `${base}/api/health`, 'the server', 60);
  const traceLines = () => (existsSync(traceFile) ? readFileSync(traceFile, 'utf8').split('\n').filter(Boolean) : []);
  return {
    base,
    compiled: entry.length === 1,
    /** With `trace`: PGlite's waits and holds and the event loop's delay since the last call. */
    async traceWindow() {
      const before = traceLines().length;
      child.kill('SIGUSR2');
      for (let i = 0; i < 50; i += 1) {
        await sleep(20);
        const lines = traceLines();
        if (lines.length > before) return JSON.parse(lines.at(-1));
      }
      throw new Error('the server wrote no trace window');
    },
    async stop() {
      // Let requests still queued from an overloaded run finish before the pool closes.
      for (let i = 0; i < 100 && !exited(); i += 1) {
        const quick = performance.now();
        await fetch(`${base}/api/health`).catch(() => undefined);
        if (performance.now() - quick < 50) break;
      }
      await terminate(10_000);
      rmSync(traceFile, { force: true });
    },
  };
}

/**
 * Starts bench/bare-server.mjs on core `cpu`, like the app server, and gives
 * it each endpoint's captured statements with `load(endpoints)`; `GET /<key>` then replays them.
 */
export async function startBareServer({ databaseUrl, cpu = '0' }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Its pool starts sessions as the app's does (libpq's PGOPTIONS, read by node-postgres).
  const { POSTGRES_SESSION_OPTIONS } = await appDatabase();
  const child = spawn('taskset', ['-c', cpu, process.execPath, path.join(REPO, 'bench', 'bare-server.mjs')], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, PGOPTIONS: POSTGRES_SESSION_OPTIONS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { terminate } = await untilAnswering(child, `${base}/health`, 'the bare server', 30);
  return {
    base,
    async load(endpoints) {
      const byKey = Object.fromEntries(endpoints.map((endpoint) => [endpoint.key, endpoint.statements]));
      const response = await fetch(`${base}/statements`, { method: 'POST', body: JSON.stringify(byKey) });
      if (!response.ok) throw new Error(`the bare server answered ${response.status} to the statements`);
      for (const { key } of endpoints) {
        const check = await fetch(`${base}/${key}`);
        if (!check.ok) throw new Error(`the bare server's replay of ${key} failed: ${await check.text()}`);
        await check.arrayBuffer();
      }
    },
    stop: () => terminate(5_000),
  };
}

/** Signs in with better-auth's e-mail endpoint and returns the session cookie. */
export async function signIn(base, email, password = BENCH_PASSWORD) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

async function getJson(base, cookie, url) {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * A completed visit the user can see, preferably on an invoice they may see (so the detail
 * runs every query it has), else on a property they manage; looks at 50 visits at most.
 */
export async function findVisitId(base, cookie) {
  const { items } = await getJson(base, cookie, '/api/visits?status=completed&limit=50');
  if (items.length === 0) throw new Error('the user sees no completed visit');
  let managed = null;
  for (const { id } of items) {
    const visit = await getJson(base, cookie, `/api/visits/${id}`);
    if (visit.invoices.length > 0) return id;
    if (visit.can.seeInvoices) managed ??= id;
  }
  return managed ?? items[0].id;
}

/**
 * The statements one request issues: a warm-up request first (first-use work is not what the
 * load sees), then the same request tagged for the capture preload.
 */
export async function captureStatements(server, captureFile, cookie, url, tag) {
  await getJson(server.base, cookie, url);
  const response = await fetch(`${server.base}${url}`, { headers: { cookie, 'x-bench-capture': tag } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const lines = existsSync(captureFile) ? readFileSync(captureFile, 'utf8').split('\n').filter(Boolean) : [];
  const statements = lines.map((line) => JSON.parse(line)).filter((statement) => statement.tag === tag);
  if (statements.length === 0) {
    throw new Error(`no statement captured for ${url}: is pg bundled into the server instead of imported?`);
  }
  return statements;
}

/** Every hot endpoint's URL and captured statements, for one signed-in user. */
export async function captureAll(server, captureFile, email) {
  rmSync(captureFile, { force: true });
  const cookie = await signIn(server.base, email);
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const ids = {
    visitId: await findVisitId(server.base, cookie),
    weekFrom: monday.toISOString(),
    weekTo: new Date(monday.getTime() + 7 * 86_400_000).toISOString(),
  };
  const endpoints = [];
  for (const endpoint of ENDPOINTS) {
    const url = endpoint.path(ids);
    const tag = `${endpoint.key}:${email}`;
    endpoints.push({ ...endpoint, url, statements: await captureStatements(server, captureFile, cookie, url, tag) });
  }
  return { cookie, endpoints };
}

// ── measuring ───────────────────────────────────────────────────────────────

/**
 * autocannon against one URL; `overallRate` makes it a fixed-rate run. With `latencies` (an
 * array), each response's time is pushed to it too, so slices of one side can be merged.
 */
export async function loadHttp({ base, url, cookie, connections, seconds, overallRate, latencies }) {
  const instance = autocannon({
    url: `${base}${url}`,
    headers: cookie ? { cookie } : {},
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
  });
  if (latencies) instance.on('response', (client, status, bytes, time) => latencies.push(time));
  const result = await instance;
  const ok = result['2xx'];
  return {
    requests: result.requests.total,
    ok,
    duration: result.duration,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The app and the bare server loaded in alternating slices (app, bare, app,
 * bare, …; `slices` per side of `seconds / slices` each), so both see the same machine. Each
 * side's requests are summed over its slices and its latencies merged before the percentiles.
 */
export async function loadAlternating({ sides, connections, seconds, slices = 2 }) {
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  const totals = sides.map(() => ({ ok: 0, requests: 0, duration: 0, errors: 0, latencies: [] }));
  for (let slice = 0; slice < slices; slice += 1) {
    for (const [index, side] of sides.entries()) {
      const total = totals[index];
      const run = await loadHttp({ ...side, connections, seconds: sliceSeconds, latencies: total.latencies });
      total.ok += run.ok;
      total.requests += run.requests;
      total.duration += run.duration;
      total.errors += run.errors;
    }
  }
  return totals.map(({ ok, requests, duration, errors, latencies }) => {
    latencies.sort((a, b) => a - b);
    return {
      requests,
      rps: ok / duration,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors,
    };
  });
}

/** The same sequence of statements over and over by `workers` concurrent loops for `seconds`. */
async function loop({ workers, seconds, once }) {
  await once(); // connections open and plans cached before the clock starts, as on the warm server
  const latencies = [];
  let errors = 0;
  let firstError = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        try {
          await once();
          latencies.push(performance.now() - begun);
        } catch (error) {
          errors += 1;
          firstError ??= error;
          if (errors > 1000) throw error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if (firstError) console.warn(`raw loop error: ${firstError.message}`);
  return {
    requests: latencies.length + errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

/** drizzle's node-postgres driver keeps dates and intervals as text: the same parsers here. */
const RAW_TYPE_IDS = new Set([1082, 1083, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const drizzleTypes = {
  getTypeParser: (id, format) => (RAW_TYPE_IDS.has(id) ? (value) => value : pg.types.getTypeParser(id, format)),
};
const wireValues = (values) => values.map((value) => (value?.base64 ? Buffer.from(value.base64, 'base64') : value));
const opensTransaction = (text) => /^\s*(begin|start transaction)\b/i.test(text);
const closesTransaction = (text) => /^\s*(commit|rollback)\b/i.test(text);

/**
 * One request's statements, in order, on a pg.Pool (a transaction on one checked-out client).
 * The replay resolves to the results of the statements other than begin/commit/rollback.
 */
export function pgReplayer(pool, statements) {
  const configs = statements.map((statement) => ({
    text: statement.text,
    values: wireValues(statement.values),
    ...(statement.name ? { name: statement.name } : {}),
    ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
    ...(statement.types ? { types: drizzleTypes } : {}),
  }));
  return async () => {
    let client = null;
    const results = [];
    try {
      for (const config of configs) {
        if (!client && opensTransaction(config.text)) client = await pool.connect();
        const result = await (client ?? pool).query(config);
        if (closesTransaction(config.text)) {
          client?.release();
          client = null;
        } else if (!opensTransaction(config.text)) {
          results.push(result);
        }
      }
    } finally {
      client?.release();
    }
    return results;
  };
}

/** The raw side on PostgreSQL: a pool like the server's (max 10, its session settings) and `workers` loops. */
export async function loadRawPg({ databaseUrl, statements, workers, seconds }) {
  const { POSTGRES_SESSION_OPTIONS } = await appDatabase();
  const pool = new pg.Pool({ connectionString: databaseUrl, options: POSTGRES_SESSION_OPTIONS, max: 10 });
  pool.on('error', () => undefined);
  try {
    return await loop({ workers, seconds, once: pgReplayer(pool, statements) });
  } finally {
    await pool.end();
  }
}

/** The raw side on PGlite (one connection, as in the server): a transaction runs as one. */
export async function loadRawPglite({ client, statements, workers, seconds }) {
  const parsers = Object.fromEntries([...RAW_TYPE_IDS].map((id) => [id, (value) => value]));
  const options = (statement) => ({
    ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
    ...(statement.types ? { parsers } : {}),
  });
  const plain = statements.filter(
    (statement) => !opensTransaction(statement.text) && !closesTransaction(statement.text),
  );
  const inTransaction = plain.length !== statements.length;
  const run = async (target) => {
    for (const statement of plain) await target.query(statement.text, wireValues(statement.values), options(statement));
  };
  return loop({ workers, seconds, once: () => (inTransaction ? client.transaction(run) : run(client)) });
}

/** Writes a result file formatted as the repository's Prettier would, so `prettier --check bench` passes. */
export async function writeFormatted(file, text, parser) {
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await prettier.format(text, { ...config, parser }));
}
