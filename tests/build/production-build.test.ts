import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../support/ports';

// `npm start` serves the compiled server: `node dist/server/main.js`, which must run on what
// `npm ci --omit=dev` installs. This builds like `npm start` does (only the stale parts; a fresh
// dist/ is reused), starts the bundle on a fresh data folder, and lists every file it loaded.

const run = promisify(execFile);
const workDir = mkdtempSync(path.join(tmpdir(), 'rounds-build-'));
const dataDir = path.join(workDir, 'data');
const loadedList = path.join(workDir, 'loaded.txt');
const nodeModules = realpathSync('node_modules');
/** Dev-only packages a dependency loads if they are there and does without otherwise. */
const OPTIONAL_AT_RUN_TIME = [
  'node_modules/supports-color', // debug's optional peer, inside try { require() }
  'node_modules/has-flag', // supports-color's own dependency
];
let server: ChildProcess;
let output = '';
let baseURL = '';

beforeAll(async () => {
  await run(process.execPath, ['scripts/build.mjs', '--if-stale']);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const { CLIENT_DIR: _clientDir, ...env } = process.env;
  server = spawn(process.execPath, ['--import', './tests/build/record-modules.mjs', 'dist/server/main.js'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BETTER_AUTH_SECRET: 'build-test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: baseURL,
      RECORD_MODULES_TO: loadedList,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error(`The compiled server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The compiled server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(workDir, { recursive: true, force: true });
});

it('answers /api/health with the migrated database', async () => {
  const response = await fetch(`${baseURL}/api/health`);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
});

it('serves the built client from dist/client, at / and at any app path', async () => {
  const indexHtml = readFileSync('dist/client/index.html', 'utf8');
  for (const url of ['/', '/properties']) {
    const response = await fetch(`${baseURL}${url}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(indexHtml);
  }
});

it('loads only our bundle and packages that `npm ci --omit=dev` installs', async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  expect(server.exitCode, output).toBe(0);

  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const bundle = path.resolve('dist/server');
  const recorder = path.resolve('tests/build/record-modules');
  const loaded = [...new Set(readFileSync(loadedList, 'utf8').split('\n').filter(Boolean))];
  const ours = loaded.filter((file) => !file.startsWith(`${nodeModules}/`));
  const packages = new Set(loaded.filter((file) => file.startsWith(`${nodeModules}/`)).map(lockKey));

  // The recording works: it saw the bundle and a package it imports.
  expect(ours).toContain(path.join(bundle, 'main.js'));
  expect(packages).toContain('node_modules/drizzle-orm');

  expect(ours.filter((file) => !file.startsWith(`${bundle}/`) && !file.startsWith(recorder))).toEqual([]);
  const leftOutWithoutDev = [...packages].filter(
    (key) => (!lock.packages[key] || lock.packages[key].dev) && !OPTIONAL_AT_RUN_TIME.includes(key),
  );
  expect(leftOutWithoutDev).toEqual([]);
  for (const tool of ['tsx', 'vite', 'esbuild']) expect(packages).not.toContain(`node_modules/${tool}`);
});

it('bundles make-admin too', async () => {
  // After the server stopped: the embedded database takes one process at a time.
  const result = await run(process.execPath, ['dist/server/make-admin.js', 'nobody@example.com'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the e-mail') });
}, 30_000);

/** `…/node_modules/a/node_modules/@b/c/x.js` → `node_modules/a/node_modules/@b/c`, as package-lock.json names it. */
function lockKey(file: string): string {
  const inside = path.relative(nodeModules, file);
  const match = /^(?:@[^/]+\/)?[^/]+(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*/.exec(inside);
  return `node_modules/${match?.[0] ?? inside}`;
}

// The built server runs as production unless told otherwise, and still needs no
// configuration: the secret generated into DATA_DIR, one warning, plain http://localhost.
it('with no configuration at all it runs as production over plain http, on the secret kept in DATA_DIR', async () => {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const bare = path.join(workDir, 'bare');
  const { NODE_ENV: _nodeEnv, BETTER_AUTH_SECRET: _secret, PUBLIC_URL: _url, CLIENT_DIR: _dir, ...env } = process.env;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...env, PORT: String(port), DATA_DIR: bare, DATABASE_URL: '', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${log}`);
      if (Date.now() > deadline) throw new Error(`The server did not start in 60 s:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(log.match(/BETTER_AUTH_SECRET is not set/g)).toHaveLength(1);
    expect(readFileSync(path.join(bare, 'auth-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);

    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.com', password: 'quiet-harbour-7', name: '' }),
    });
    expect(signUp.status).toBe(200);
    const setCookie = signUp.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('session_token=');
    expect(setCookie).not.toMatch(/;\s*Secure/i);
    const cookie = setCookie.split(';')[0]!;
    const me = await fetch(`${origin}/api/me`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ email: 'first@example.com', emailVerified: false });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}, 90_000);
