import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { createPostgresDatabase } from '../support/test-app';

// WEB_CONCURRENCY=N: the server as N processes on one port (node:cluster), on PostgreSQL only.
// The real entry point runs as a child process; its workers are its child processes.

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-processes-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

it('refuses several processes on the embedded database, which belongs to one process', async () => {
  const result = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '2', PORT: '0' },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(result).toMatchObject({
    code: 1,
    stderr: expect.stringContaining('WEB_CONCURRENCY above 1 needs DATABASE_URL'),
  });
}, 30_000);

it.skipIf(!adminUrl)(
  'serves from two processes, replaces one that dies, and stops them all on SIGTERM',
  async () => {
    const database = await createPostgresDatabase(adminUrl!);
    cleanups.push(database.drop);
    const url = database.url;
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, WEB_CONCURRENCY: '2', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    cleanups.push(() => stop(server));

    await waitFor(
      () => output.includes('2 processes'),
      () => `never listened:\n${output}`,
    );
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    const [first, second] = await workersOf(server.pid!);
    expect(second).toBeDefined();

    process.kill(first!, 'SIGKILL');
    await waitFor(
      async () => {
        const now = await workersOf(server.pid!);
        return now.length === 2 && !now.includes(first!);
      },
      () => `the dead worker was not replaced:\n${output}`,
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    const workers = await workersOf(server.pid!);
    await stop(server);
    expect(server.exitCode, output).toBe(0);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
  },
  60_000,
);

/** The worker processes: children of the primary. */
async function workersOf(primary: number): Promise<number[]> {
  const { stdout } = await run('pgrep', ['-P', String(primary)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean).map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function waitFor(check: () => boolean | Promise<boolean>, describe: () => string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
