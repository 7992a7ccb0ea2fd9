// The server as plain JavaScript for `npm start`: one esbuild bundle per entry point in
// dist/server/, our code only; packages stay imports resolved from node_modules at run time.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_ENTRIES = { main: 'src/server/main.ts', 'make-admin': 'scripts/make-admin.ts' };

/** Builds into `outDir` (emptied first); returns esbuild's metafile. */
export async function buildServer(outDir = 'dist/server') {
  // Imported here, not at the top: `npm start` loads this file but needs esbuild only to build.
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  assertRuntimeImportsAreDependencies(result.metafile);
  // migrate.ts finds its SQL beside itself (import.meta.url): in the bundle, that is dist/server/.
  cpSync('src/server/db/migrations', path.join(outDir, 'migrations'), { recursive: true });
  return result.metafile;
}

/** A package the bundle imports must be in `dependencies`: `npm ci --omit=dev` leaves out the rest. */
function assertRuntimeImportsAreDependencies(metafile) {
  const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
  const imported = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const { path: specifier, external } of output.imports)
      if (external && !isBuiltin(specifier))
        imported.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
  const missing = [...imported].filter((name) => !(name in dependencies));
  if (missing.length > 0)
    throw new Error(`The server imports packages that are not in "dependencies": ${missing.join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer(process.argv[2]);
}
