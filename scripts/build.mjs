// `npm run build`: the web client (Vite) into dist/client and the server (esbuild) into
// dist/server. With --if-stale (what `npm start` uses), only the parts that are missing or
// older than their sources. --out-dir puts both somewhere else (the production-build test).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Each part: what marks it built, and the files whose change makes it stale. */
const PARTS = {
  client: {
    built: 'client/index.html',
    sources: [
      'index.html',
      'vite.config.ts',
      'postcss.config.cjs',
      'public',
      'src/client',
      'src/shared',
      'package-lock.json',
    ],
  },
  server: {
    built: 'server/main.js',
    sources: [
      'src/server',
      'src/shared',
      'scripts/make-admin.ts',
      'scripts/build-server.mjs',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ],
  },
};

function newestChange(entries) {
  let newest = 0;
  const visit = (file) => {
    const stat = statSync(file);
    // A folder's own time counts too: it changes when a file in it is deleted or renamed.
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  for (const entry of entries) if (existsSync(entry)) visit(entry);
  return newest;
}

/** The parts of the build in `outDir` that are missing or older than their newest source. */
export function staleParts(outDir = 'dist') {
  return Object.entries(PARTS)
    .filter(([, { built, sources }]) => {
      const file = path.join(outDir, built);
      return !existsSync(file) || statSync(file).mtimeMs < newestChange(sources);
    })
    .map(([name]) => name);
}

export async function build({ outDir = 'dist', ifStale = false } = {}) {
  const parts = ifStale ? staleParts(outDir) : Object.keys(PARTS);
  if (parts.includes('client')) {
    console.log('Building the web client...');
    const vite = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', path.join(outDir, 'client')],
      { stdio: 'inherit' },
    );
    if (vite.status !== 0) throw new Error(`vite build failed (status ${vite.status})`);
  }
  if (parts.includes('server')) {
    console.log('Building the server...');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer(path.join(outDir, 'server'));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { 'if-stale': { type: 'boolean', default: false }, 'out-dir': { type: 'string', default: 'dist' } },
  });
  await build({ outDir: values['out-dir'], ifStale: values['if-stale'] });
}
