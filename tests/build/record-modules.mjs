// Test-only preload (`node --import ./tests/build/record-modules.mjs …`): writes the path of
// every file the process loads, one a line, to $RECORD_MODULES_TO. ES modules are recorded as
// they are resolved (a module hook); CommonJS ones from require's cache when the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.RECORD_MODULES_TO;
if (!file) throw new Error('RECORD_MODULES_TO is not set');
register('./record-modules-hooks.mjs', import.meta.url, { data: { file } });

const { cache } = createRequire(import.meta.url);
process.on('exit', () =>
  appendFileSync(
    file,
    Object.keys(cache)
      .map((name) => `${name}\n`)
      .join(''),
  ),
);
