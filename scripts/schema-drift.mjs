// `npm test`'s schema step: the committed migrations describe src/server/db/schema/ exactly.
// `drizzle-kit check` checks the migrations agree with each other; then `drizzle-kit generate`
// runs against a temporary copy of the migrations folder (through a temporary config), and a file
// it writes there means a schema change without its migration: the step fails and prints its SQL.
// The real migrations folder is never written.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');
// SCHEMA_DRIFT_SCHEMA: another schema file to compare (tests/lint/schema-drift.test.ts's probe).
const SCHEMA = path.resolve(ROOT, process.env.SCHEMA_DRIFT_SCHEMA ?? 'src/server/db/schema/index.ts');
const DRIZZLE_KIT = path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs');

function drizzleKit(args) {
  const result = spawnSync(process.execPath, [DRIZZLE_KIT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

const work = mkdtempSync(path.join(tmpdir(), 'rounds-schema-drift-'));
let failed = false;
try {
  const out = path.join(work, 'migrations');
  cpSync(MIGRATIONS, out, { recursive: true });
  const config = path.join(work, 'drizzle.config.mjs');
  writeFileSync(
    config,
    // drizzle-kit check reads `out` as a path relative to the working directory (it prefixes './').
    `export default ${JSON.stringify({ dialect: 'postgresql', schema: path.relative(ROOT, SCHEMA), out: path.relative(ROOT, out) }, null, 2)};\n`,
  );

  const check = drizzleKit(['check', `--config=${config}`]);
  if (!check.ok) {
    console.error(check.output);
    console.error('✖ drizzle-kit check: the migrations do not agree with each other');
    failed = true;
  }

  const before = new Set(readdirSync(out, { recursive: true }));
  const generate = drizzleKit(['generate', `--config=${config}`, '--name=drift']);
  const made = readdirSync(out, { recursive: true }).filter((file) => !before.has(file));
  if (!generate.ok) {
    console.error(generate.output);
    console.error('✖ drizzle-kit generate failed');
    failed = true;
  } else if (made.length > 0) {
    for (const file of made.filter((name) => name.endsWith('.sql'))) {
      console.error(
        `--- the migration drizzle-kit would write (${file}):\n${readFileSync(path.join(out, file), 'utf8')}`,
      );
    }
    console.error(
      '✖ src/server/db/schema/ differs from the committed migrations: run `npm run db:generate` and commit the migration',
    );
    failed = true;
  } else if (!failed) {
    console.log('Schema and migrations agree (drizzle-kit check passes; generate makes nothing).');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
