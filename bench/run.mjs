// HTTP against raw SQL: for each hot endpoint, the same load against the production server and
// against a loop that replays, straight on the database, the statements one request of that
// endpoint issues (captured from the server by bench/capture-sql.mjs, never written by hand).
// The ratio HTTP ÷ raw says how much of the database's speed the server passes on.
//
//   DATABASE_URL=… node bench/run.mjs [--seconds 10] [--connections 16] [--account ordinary|big|both]
//                                     [--rate 1000] [--rate-endpoint visit] [--json out.json]
//   DATABASE_URL=<empty database> node bench/run.mjs --quick     # seeds a small dataset, ~2 s each
//   node bench/run.mjs --pglite                                   # embedded PGlite, 50 connections
//   … --processes 2 --server-cpus 0,1 --load-cpus 1               # WEB_CONCURRENCY=2 (node:cluster)
//
// The server runs on core 0 (taskset), this script and its loads on core 1; PostgreSQL itself
// is not pinned. Without --quick an empty database is seeded at full size first (about 70 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { captureAll, loadHttp, loadRawPg, loadRawPglite, pinSelf, startServer, writeFormatted } from './harness.mjs';
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

/** Captures each endpoint's statements and runs its HTTP load; `raw` runs the replay (or later). */
async function measure(server, raw) {
  const results = [];
  for (const email of accounts) {
    const { cookie, endpoints } = await captureAll(server, captureFile, email);
    for (const endpoint of endpoints) {
      if (only && !only.has(endpoint.key)) continue;
      // One unrecorded second first: a fresh server is still compiling its hot paths.
      await loadHttp({ base: server.base, url: endpoint.url, cookie, connections, seconds: 1 });
      const http = await loadHttp({ base: server.base, url: endpoint.url, cookie, connections, seconds });
      const row = { account: email, endpoint: endpoint.label, key: endpoint.key, url: endpoint.url, http };
      row.statements = endpoint.statements;
      row.raw = raw ? await raw(endpoint.statements) : null;
      results.push(row);
      console.log(`  ${endpoint.label} (${email}): HTTP ${http.rps.toFixed(0)} req/s`);
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
  const server = await startServer({ databaseUrl, captureFile, cpu: serverCpus, processes });
  try {
    return {
      database: 'PostgreSQL',
      compiled: server.compiled,
      results: await measure(server, (statements) =>
        loadRawPg({ databaseUrl, statements, workers: connections, seconds }),
      ),
    };
  } finally {
    await server.stop();
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-bench-pglite-'));
  try {
    const scale = Number(options.scale ?? 0.01);
    console.log(`seeding PGlite in ${dataDir} at scale ${scale}`);
    printSeedSummary(await seedPglite(dataDir, { scale, log: () => undefined }));
    const server = await startServer({ dataDir, captureFile, cpu: serverCpus });
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

function report({ database, compiled, results }) {
  const lines = [
    `${database}, ${connections} connections, ${seconds} s per side, server ${compiled ? 'dist/server/main.js' : 'src/server/main.ts (tsx)'}${processes > 1 ? ` × ${processes} processes` : ''} on cores ${serverCpus}, load on cores ${options['load-cpus']}`,
    '',
    '| endpoint | account | statements | HTTP req/s | raw req/s | ratio | HTTP p50 | HTTP p99 | raw p50 | raw p99 | errors (HTTP/raw) |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const { endpoint, account, statements, http, raw } of results) {
    lines.push(
      `| \`${endpoint}\` | ${account.split('@')[0]} | ${statements.length} | ${fixed(http.rps)} | ${fixed(raw.rps)} | ${fixed(http.rps / raw.rps, 2)} | ${fixed(http.p50, 1)} ms | ${fixed(http.p99, 1)} ms | ${fixed(raw.p50, 1)} ms | ${fixed(raw.p99, 1)} ms | ${http.errors}/${raw.errors} |`,
    );
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
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (options.json) {
    const { results } = outcome;
    const rows = results.map(({ statements, ...row }) => ({ ...row, statementCount: statements.length, statements }));
    const json = JSON.stringify({ ...outcome, seconds, connections, results: rows, fixedRate: results.fixedRate });
    await writeFormatted(path.resolve(options.json), json, 'json');
  }
} finally {
  rmSync(captureFile, { force: true });
}
// Keep-alive sockets of the load would hold the process open for a few seconds more.
process.exit(0);
