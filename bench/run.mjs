// HTTP against raw SQL: for each hot endpoint, the same load against the production server and
// against a loop that replays, straight on the database, the statements one request of that
// endpoint issues (captured from the server by bench/capture-sql.mjs, never written by hand).
// The ratio HTTP ÷ raw says how much of the database's speed the server passes on. On
// PostgreSQL a third side, bench/bare-server.mjs, replays the same statements
// behind a bare node:http server pinned like the app; the app and the bare server are loaded in
// alternating slices (app, bare, app, bare) so both see the same machine: app ÷ bare says how
// much the app's HTTP layer costs against Node's own limit.
//
//   DATABASE_URL=… node bench/run.mjs [--seconds 10] [--connections 16] [--account ordinary|big|both]
//                                     [--rate 1000] [--rate-endpoint visit] [--json out.json]
//   DATABASE_URL=<empty database> node bench/run.mjs --quick     # seeds a small dataset, ~2 s each
//   node bench/run.mjs --pglite                                   # embedded PGlite, 50 connections
//   node bench/run.mjs --pglite --trace                           # … and where its waits come from
//   … --processes 2 --server-cpus 0,1 --load-cpus 1               # WEB_CONCURRENCY=2 (node:cluster)
//   … --slices 2                 # app/bare alternations per side (each seconds ÷ slices long)
//   … --cpu-prof                 # the app server runs with node --cpu-prof; top self times printed
//
// The server runs on core 0 (taskset), this script and its loads on core 1; PostgreSQL itself
// is not pinned. Without --quick an empty database is seeded at full size first (about 70 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  captureAll,
  loadAlternating,
  loadHttp,
  loadRawPg,
  loadRawPglite,
  pinSelf,
  startBareServer,
  startServer,
  writeFormatted,
} from './harness.mjs';
import { summariseProfiles } from './cpu-profile.mjs';
import {
  appDatabase,
  BIG_ACCOUNT_EMAIL,
  ORDINARY_ACCOUNT_EMAIL,
  printSeedSummary,
  seedPglite,
  seedPostgres,
} from './seed.mjs';

const { values: options } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    account: { type: 'string', default: 'ordinary' },
    rate: { type: 'string', default: '1000' },
    'rate-endpoint': { type: 'string', default: 'visit' },
    'rate-seconds': { type: 'string' },
    'rate-connections': { type: 'string', default: '64' },
    only: { type: 'string' },
    scale: { type: 'string' },
    json: { type: 'string' },
    processes: { type: 'string', default: '1' },
    'server-cpus': { type: 'string', default: '0' },
    'load-cpus': { type: 'string', default: '1' },
    slices: { type: 'string', default: '2' },
    'cpu-prof': { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});

const exitCode = pinSelf(options['load-cpus']);
if (exitCode !== null) process.exit(exitCode);

const bounded = (value, low, high, name) => {
  const number = Number(value);
  if (!(number >= low && number <= high)) throw new Error(`--${name} must be between ${low} and ${high}`);
  return number;
};
const seconds = bounded(options.seconds ?? (options.quick ? 2 : 10), 1, 120, 'seconds');
const connections = bounded(options.connections ?? (options.pglite ? 50 : 16), 1, 256, 'connections');
const rate = bounded(options.rate, 1, 20000, 'rate');
const rateSeconds = bounded(options['rate-seconds'] ?? seconds, 1, 120, 'rate-seconds');
const rateConnections = bounded(options['rate-connections'], 1, 512, 'rate-connections');
const processes = bounded(options.processes, 1, 64, 'processes');
const serverCpus = options['server-cpus'];
const slices = bounded(options.slices, 1, 20, 'slices');
const profileDir = options['cpu-prof'] ? mkdtempSync(path.join(tmpdir(), 'rounds-bench-cpu-prof-')) : null;
const accounts = { ordinary: [ORDINARY_ACCOUNT_EMAIL], big: [BIG_ACCOUNT_EMAIL] }[options.account] ?? [
  ORDINARY_ACCOUNT_EMAIL,
  BIG_ACCOUNT_EMAIL,
];
const only = options.only ? new Set(options.only.split(',')) : null;
const captureFile = path.join(tmpdir(), `rounds-bench-capture-${process.pid}.jsonl`);
const started = performance.now();

/** PostgreSQL: seeds the database when it has no users yet (small with --quick). */
async function preparePostgres(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const users = await (async () => {
    const { rows } = await client.query(`select to_regclass('public.users') as found`);
    return rows[0].found ? Number((await client.query('select count(*) as n from users')).rows[0].n) : 0;
  })().finally(() => client.end());
  if (users > 0) return;
  const scale = Number(options.scale ?? (options.quick ? 0.01 : 1));
  console.log(`the database is empty: seeding it at scale ${scale}`);
  printSeedSummary(await seedPostgres(databaseUrl, { scale, log: () => undefined }));
}

/**
 * Captures each endpoint's statements and runs its HTTP load; `raw` runs the replay (or later).
 * With `bare` (PostgreSQL), the app and the bare server are loaded in alternating slices.
 */
async function measure(server, raw, bare) {
  const results = [];
  for (const email of accounts) {
    const { cookie, endpoints } = await captureAll(server, captureFile, email);
    await bare?.load(endpoints);
    for (const endpoint of endpoints) {
      if (only && !only.has(endpoint.key)) continue;
      const app = { base: server.base, url: endpoint.url, cookie };
      const bareSide = bare ? { base: bare.base, url: `/${endpoint.key}` } : null;
      // One unrecorded second first: a fresh server is still compiling its hot paths.
      await loadHttp({ ...app, connections, seconds: 1 });
      if (bareSide) await loadHttp({ ...bareSide, connections, seconds: 1 });
      if (options.trace) await server.traceWindow();
      const [http, bareRun] = bareSide
        ? await loadAlternating({ sides: [app, bareSide], connections, seconds, slices })
        : [await loadHttp({ ...app, connections, seconds }), null];
      const row = {
        account: email,
        endpoint: endpoint.label,
        key: endpoint.key,
        url: endpoint.url,
        http,
        bare: bareRun,
      };
      if (options.trace) row.trace = await server.traceWindow();
      row.statements = endpoint.statements;
      row.raw = raw ? await raw(endpoint.statements) : null;
      results.push(row);
      console.log(
        `  ${endpoint.label} (${email}): HTTP ${http.rps.toFixed(0)} req/s` +
          (bareRun ? `, bare ${bareRun.rps.toFixed(0)} req/s (${(http.rps / bareRun.rps).toFixed(2)})` : ''),
      );
    }
    if (email === accounts[0]) {
      const target = endpoints.find((endpoint) => endpoint.key === options['rate-endpoint']) ?? endpoints[0];
      const fixed = await loadHttp({
        base: server.base,
        url: target.url,
        cookie,
        connections: rateConnections,
        seconds: rateSeconds,
        overallRate: rate,
      });
      results.fixedRate = { endpoint: target.label, account: email, rate, seconds: rateSeconds, ...fixed };
    }
  }
  return results;
}

async function benchPostgres() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('set DATABASE_URL (or use --pglite)');
  await preparePostgres(databaseUrl);
  const server = await startServer({ databaseUrl, captureFile, cpu: serverCpus, processes, profileDir });
  let bare = null;
  try {
    bare = await startBareServer({ databaseUrl, cpu: serverCpus });
    return {
      database: 'PostgreSQL',
      compiled: server.compiled,
      results: await measure(
        server,
        (statements) => loadRawPg({ databaseUrl, statements, workers: connections, seconds }),
        bare,
      ),
    };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-bench-pglite-'));
  try {
    const scale = Number(options.scale ?? 0.01);
    console.log(`seeding PGlite in ${dataDir} at scale ${scale}`);
    printSeedSummary(await seedPglite(dataDir, { scale, log: () => undefined }));
    const server = await startServer({ dataDir, captureFile, cpu: serverCpus, profileDir, trace: options.trace });
    let results;
    try {
      results = await measure(server, null);
    } finally {
      await server.stop();
    }
    // PGlite is one process's database: the replay opens it only once the server has let go.
    const { newPglite, pgliteDir } = await appDatabase();
    const client = newPglite({ dataDir: pgliteDir(dataDir) });
    try {
      for (const row of results) {
        row.raw = await loadRawPglite({ client, statements: row.statements, workers: connections, seconds });
      }
    } finally {
      await client.close();
    }
    return { database: 'PGlite', compiled: server.compiled, results };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

function report({ database, compiled, results }) {
  const lines = [
    `${database}, ${connections} connections, ${seconds} s per side, server ${compiled ? 'dist/server/main.js' : 'src/server/main.ts (tsx)'}${processes > 1 ? ` × ${processes} processes` : ''} on cores ${serverCpus}, load on cores ${options['load-cpus']}`,
    database === 'PostgreSQL'
      ? `app and bare node:http server (bench/bare-server.mjs, same cores) loaded in alternating slices, ${slices} per side of ${Math.max(1, Math.round(seconds / slices))} s`
      : 'no bare server column on PGlite (one process owns the database; PostgreSQL is what the step judges)',
    '',
    '| endpoint | account | statements | HTTP req/s | bare req/s | app ÷ bare | raw req/s | ratio | HTTP p50 | HTTP p99 | bare p50 | bare p99 | raw p50 | raw p99 | errors (HTTP/bare/raw) |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const { endpoint, account, statements, http, bare, raw } of results) {
    lines.push(
      `| \`${endpoint}\` | ${account.split('@')[0]} | ${statements.length} | ${fixed(http.rps)} | ${fixed(bare?.rps)} | ${fixed(http.rps / bare?.rps, 2)} | ${fixed(raw.rps)} | ${fixed(http.rps / raw.rps, 2)} | ${fixed(http.p50, 1)} ms | ${fixed(http.p99, 1)} ms | ${ms(bare?.p50)} | ${ms(bare?.p99)} | ${fixed(raw.p50, 1)} ms | ${fixed(raw.p99, 1)} ms | ${http.errors}/${bare?.errors ?? '–'}/${raw.errors} |`,
    );
  }
  if (results.some((row) => row.trace)) {
    lines.push(
      '',
      "PGlite's one connection and the event loop during each HTTP load (--trace), ms as p50 / p99 / max:",
      '',
      '| endpoint | account | statements | statement waited | statement held | transactions | transaction held | event loop delay |',
      '| --- | --- | --: | --- | --- | --: | --- | --- |',
    );
    const three = ({ p50, p99, max }) => `${fixed(p50, 1)} / ${fixed(p99, 1)} / ${fixed(max, 1)}`;
    for (const { endpoint, account, trace } of results) {
      if (!trace) continue;
      lines.push(
        `| \`${endpoint}\` | ${account.split('@')[0]} | ${trace.queryWait.count} | ${three(trace.queryWait)} | ${three(trace.queryHeld)} | ${trace.transactionHeld.count} | ${three(trace.transactionHeld)} | ${three(trace.eventLoopDelay)} |`,
      );
    }
  }
  const rateRun = results.fixedRate;
  if (rateRun) {
    lines.push(
      '',
      `Fixed rate: \`${rateRun.endpoint}\` at ${rateRun.rate} req/s for ${rateRun.seconds} s (${rateConnections} connections): ` +
        `${fixed(rateRun.rps)} req/s answered, p50 ${fixed(rateRun.p50, 1)} ms, p99 ${fixed(rateRun.p99, 1)} ms, ${rateRun.errors} errors`,
    );
  }
  return lines.join('\n');
}

try {
  const outcome = options.pglite ? await benchPglite() : await benchPostgres();
  console.log(`\n${report(outcome)}\n`);
  if (profileDir) console.log(summariseProfiles(profileDir));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (options.json) {
    const { results } = outcome;
    const rows = results.map(({ statements, ...row }) => ({ ...row, statementCount: statements.length, statements }));
    const json = JSON.stringify({ ...outcome, seconds, connections, results: rows, fixedRate: results.fixedRate });
    await writeFormatted(path.resolve(options.json), json, 'json');
  }
} finally {
  rmSync(captureFile, { force: true });
  if (profileDir) console.log(`CPU profiles kept in ${profileDir}`);
}
// Keep-alive sockets of the load would hold the process open for a few seconds more.
process.exit(0);
