// What the browser benchmarks share: a fresh production build of the client, the real server on
// a free port with a fresh data folder, and a signed-up user with a property and a visit.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `vite build` into a temporary folder; returns the folder and a function that removes it. */
export function buildClient() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'rounds-client-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir],
    {
      stdio: 'inherit',
    },
  );
  return { outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** The real server serving `clientDir`: the bundled `dist/server/main.js` when built, else the sources through tsx. */
export async function startServer(clientDir) {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-bench-'));
  const args = existsSync('dist/server/main.js') ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      CLIENT_DIR: clientDir,
      BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      AUTH_RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${baseURL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start in 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, stop };
}

/**
 * Signs up a user and gives them a property with `taskCount` tasks and a visit tomorrow with
 * all of them. Returns the session cookies (for a browser context) and the ids.
 */
export async function seedUser(baseURL, { taskCount = 4 } = {}) {
  const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-password', name: '' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const setCookies = signUp.headers.getSetCookie();
  const cookieHeader = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
  const post = async (url, body) => {
    const response = await fetch(`${baseURL}${url}`, {
      method: 'POST',
      headers: { cookie: cookieHeader, origin: baseURL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const property = await post('/api/properties', {
    name: 'Harbour House',
    address: '12 Quay Road',
    city: 'Portsmouth',
  });
  for (let i = 0; i < taskCount; i += 1) {
    const task = await post('/api/tasks', { name: `Task ${i + 1}`, estimatedDurationMinutes: 30, defaultPrice: 4000 });
    await post(`/api/properties/${property.id}/tasks`, { taskId: task.id });
  }
  const visit = await post('/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    addPropertyTasks: true,
  });
  const { hostname } = new URL(baseURL);
  const cookies = setCookies.map((cookie) => {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
  });
  return { cookies, propertyId: property.id, visitId: visit.id };
}
