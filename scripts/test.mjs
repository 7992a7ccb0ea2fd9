// `npm test`: everything, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type check', ['node_modules/typescript/bin/tsc', '--noEmit']],
  ['Lint', ['node_modules/eslint/bin/eslint.js', '.']],
  ['Format check', ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']],
  ['Schema matches migrations', ['scripts/schema-drift.mjs']],
  ['Unit and API tests', ['node_modules/vitest/vitest.mjs', 'run']],
  ['Chromium', ['scripts/ensure-chromium.mjs']],
  ['Browser tests', ['node_modules/@playwright/test/cli.js', 'test']],
];

const started = Date.now();
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
