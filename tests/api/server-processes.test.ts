import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
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

/** The real server on a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite), one process. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const own = mkdtempSync(path.join(tmpdir(), 'rounds-shutdown-'));
  cleanups.push(async () => rmSync(own, { recursive: true, force: true }));
  let databaseUrl = '';
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl);
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: own, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { output: '' };
  server.stdout?.on('data', (chunk) => (log.output += chunk));
  server.stderr?.on('data', (chunk) => (log.output += chunk));
  cleanups.push(() => stop(server));
  await waitFor(
    () => log.output.includes('Rounds is listening'),
    () => `never listened:\n${log.output}`,
  );
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  return { server, port, log, exited };
}

/**
 * A sign-in whose body is still on its way: the server holds the request (it is in flight) until
 * `finish` sends the rest; answering it then needs the database.
 */
function slowSignIn(port: number) {
  const body = JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.test`, password: 'not the password' });
  const half = Math.floor(body.length / 2);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: `http://localhost:${port}`,
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Awaited later; a cut connection is what one test expects.
  answer.catch(() => undefined);
  const connected = new Promise<void>((resolve) => req.on('socket', (socket) => socket.once('connect', resolve)));
  req.write(body.slice(0, half));
  return { connected, answer, finish: () => void req.end(body.slice(half)) };
}

it('on SIGTERM stops accepting, answers every request in flight from the database, then exits', async () => {
  const { server, port, log, exited } = await startServer({
    SHUTDOWN_GRACE_SECONDS: '30',
    AUTH_RATE_LIMIT_MAX: '1000',
  });
  const requests = Array.from({ length: 6 }, () => slowSignIn(port));
  await Promise.all(requests.map((request) => request.connected));
  // The server has read their headers and waits for the rest of their bodies.
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.kill('SIGTERM');
  await waitFor(
    () => log.output.includes('SIGTERM received'),
    () => `no shutdown:\n${log.output}`,
  );
  // Long enough for a server that does not wait to have closed its database and exited.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  for (const request of requests) request.finish();
  const answers = await Promise.all(requests.map((request) => request.answer));
  for (const answer of answers) {
    // Wrong password: the user was looked up in the database after the signal.
    expect(answer.status, answer.text).toBe(401);
    expect(answer.text).not.toMatch(/pool|closed/i);
  }
  expect(await exited, log.output).toBe(0);
  expect(log.output).not.toMatch(/Cannot use a pool|PGlite is closed/);
}, 60_000);

it('cuts off a request still running after the grace period, then exits', async () => {
  const { server, port, log, exited } = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
  const hanging = slowSignIn(port);
  await hanging.connected;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const signalled = Date.now();
  server.kill('SIGTERM');
  await expect(hanging.answer).rejects.toThrow();
  expect(await exited, log.output).toBe(0);
  expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(log.output).toContain('Requests still running after 1 s were cut off at shutdown');
}, 60_000);

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
