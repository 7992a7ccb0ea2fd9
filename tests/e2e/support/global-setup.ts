import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Builds the client and the compiled server once per run (`npm run build`, into a folder of its
 * own so parallel runs do not collide): the browser tests drive what `npm start` serves.
 */
export default function globalSetup() {
  const root = path.resolve('.e2e');
  mkdirSync(root, { recursive: true });
  const outDir = mkdtempSync(path.join(root, 'build-'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--out-dir', outDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.ROUNDS_E2E_BUILD_DIR = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
