// EXPLAIN (ANALYZE, BUFFERS) of every statement the hot endpoints issue, as markdown. The
// statements are captured from the real server (bench/capture-sql.mjs), as bench/run.mjs does;
// a Seq Scan on a table of more than 10,000 rows is flagged.
//
//   DATABASE_URL=<database seeded by bench/seed.mjs> node bench/explain.mjs [--account ordinary|big|both]
//                                                                    [--out bench/out/explain.md]
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { captureAll, REPO, startServer, writeFormatted } from './harness.mjs';
import { appDatabase, BIG_ACCOUNT_EMAIL, ORDINARY_ACCOUNT_EMAIL } from './seed.mjs';

const SEQ_SCAN_ROWS = 10_000;

const { values: options } = parseArgs({
  options: {
    account: { type: 'string', default: 'ordinary' },
    out: { type: 'string', default: path.join(REPO, 'bench', 'out', 'explain.md') },
  },
});
const accounts = { ordinary: [ORDINARY_ACCOUNT_EMAIL], big: [BIG_ACCOUNT_EMAIL] }[options.account] ?? [
  ORDINARY_ACCOUNT_EMAIL,
  BIG_ACCOUNT_EMAIL,
];
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('set DATABASE_URL to a database seeded by bench/seed.mjs');

// ── capture ──
const captureFile = path.join(tmpdir(), `rounds-explain-capture-${process.pid}.jsonl`);
const captured = [];
const server = await startServer({ databaseUrl, captureFile });
try {
  for (const email of accounts) captured.push({ email, ...(await captureAll(server, captureFile, email)) });
} finally {
  await server.stop();
  rmSync(captureFile, { force: true });
}

// ── explain ──
const client = new pg.Client({
  connectionString: databaseUrl,
  options: (await appDatabase()).POSTGRES_SESSION_OPTIONS,
});
await client.connect();
const { rows: sizes } = await client.query(
  `select relname, reltuples::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
);
const rowsOf = new Map(sizes.map((row) => [row.relname, Number(row.rows)]));

/** The plan of one statement, executed inside a transaction that is rolled back. */
async function explain(statement) {
  await client.query('begin');
  try {
    const { rows } = await client.query({
      text: `explain (analyze, buffers) ${statement.text}`,
      values: statement.values.map((value) => (value?.base64 ? Buffer.from(value.base64, 'base64') : value)),
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
  }
}

const flags = [];
const sections = [];
try {
  for (const { email, endpoints } of captured) {
    for (const endpoint of endpoints) {
      sections.push(
        `## \`${endpoint.label}\` as ${email}`,
        '',
        `\`${endpoint.url}\`: ${endpoint.statements.length} statements`,
        '',
      );
      for (const [index, statement] of endpoint.statements.entries()) {
        const plan = await explain(statement);
        const scans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]);
        const big = [...new Set(scans)].filter((table) => (rowsOf.get(table) ?? 0) > SEQ_SCAN_ROWS);
        for (const table of big) flags.push({ endpoint: endpoint.label, email, index: index + 1, table });
        const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
        sections.push(
          `### ${index + 1}. ${time ? `${time} ms` : ''}${big.length ? ` ⚠ Seq Scan on ${big.join(', ')}` : ''}`,
          '',
          '```sql',
          statement.text.trim(),
          '```',
          '',
          `values: \`${JSON.stringify(statement.values)}\``,
          '',
          '```',
          plan,
          '```',
          '',
        );
      }
    }
  }
} finally {
  await client.end();
}

const summary = flags.length
  ? flags.map(
      (flag) =>
        `- \`${flag.endpoint}\` (${flag.email}), statement ${flag.index}: Seq Scan on \`${flag.table}\` (${rowsOf.get(flag.table)?.toLocaleString('en-US')} rows)`,
    )
  : ['- none'];
const markdown = [
  '# EXPLAIN (ANALYZE, BUFFERS) of the hot endpoints',
  '',
  `${new Date().toISOString()}, database \`${new URL(databaseUrl).pathname.slice(1)}\`, accounts: ${accounts.join(', ')}`,
  '',
  `Seq Scans on tables of more than ${SEQ_SCAN_ROWS.toLocaleString('en-US')} rows:`,
  '',
  ...summary,
  '',
  ...sections,
].join('\n');
await writeFormatted(path.resolve(options.out), markdown, 'markdown');
console.log(
  `Seq Scans on tables of more than ${SEQ_SCAN_ROWS} rows:\n${summary.join('\n')}\nwritten to ${options.out}`,
);
