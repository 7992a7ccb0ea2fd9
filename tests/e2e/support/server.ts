import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/ports';

export interface RunningServer {
  baseURL: string;
  /**
   * Options for a browser context on this server. The config's `use` sends the worker server's
   * Origin with every request (see fixtures.ts); a page of another server must send its own, or
   * Chromium refuses its module scripts (net::ERR_INVALID_ARGUMENT).
   */
  contextOptions: { baseURL: string; extraHTTPHeaders: Record<string, string> };
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server, compiled as for `npm start`, on a free port; a fresh data folder unless one is given. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const buildDir = process.env.ROUNDS_E2E_BUILD_DIR;
  if (!buildDir) throw new Error('ROUNDS_E2E_BUILD_DIR is not set: run through playwright.config.ts');
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rounds-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const main = path.join(buildDir, 'server', 'main.js');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      CLIENT_DIR: path.join(buildDir, 'client'),
      BETTER_AUTH_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      // Every e2e user signs in from 127.0.0.1; the limiter itself is covered by the API tests.
      AUTH_RATE_LIMIT_MAX: '10000',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseURL,
    contextOptions: { baseURL, extraHTTPHeaders: { origin: baseURL } },
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
