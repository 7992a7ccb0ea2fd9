import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Builds the client once per run into a folder of its own, so parallel runs do not collide. */
export default function globalSetup() {
  const root = path.resolve('.e2e');
  const outDir = mkdtempSync(path.join((execFileSync('mkdir', ['-p', root]), root), 'client-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir],
    {
      stdio: 'inherit',
    },
  );
  process.env.ROUNDS_E2E_CLIENT_DIR = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
