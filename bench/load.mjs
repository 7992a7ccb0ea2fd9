// A bounded load test of the real server on loopback: it starts `src/server/main.ts` on a free
// port with a fresh data folder (or DATABASE_URL), seeds one user with properties and visits,
// then reads the busiest lists with a fixed number of concurrent clients for a fixed time.
// Usage: node bench/load.mjs [--seconds 10] [--concurrency 16] [--properties 300]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    properties: { type: 'string', default: '300' },
  },
});
const seconds = Math.min(Number(values.seconds), 60);
const concurrency = Math.min(Number(values.concurrency), 64);
const propertyCount = Math.min(Number(values.properties), 2000);

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT_MAX: '100000',
    BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i += 1) {
    if (i > 300) throw new Error('server did not start');
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', name: '' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const post = (url, body) => fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const seedStarted = performance.now();
  const propertyIds = [];
  for (let i = 0; i < propertyCount; i += 1) {
    const response = await post('/api/properties', {
      name: `Property ${i}`,
      address: `${i} Main Street`,
      city: 'Springfield',
    });
    propertyIds.push((await response.json()).id);
  }
  for (let i = 0; i < Math.min(propertyCount, 100); i += 1) {
    await post('/api/visits', {
      propertyId: propertyIds[i],
      scheduledAt: new Date(Date.now() + (i + 1) * 3600_000).toISOString(),
      status: 'scheduled',
      addPropertyTasks: true,
    });
  }
  const seedMs = performance.now() - seedStarted;

  const scenarios = [
    [
      'GET /api/properties (page of 20, random offset)',
      () => `/api/properties?limit=20&offset=${Math.floor(Math.random() * propertyCount)}`,
    ],
    ['GET /api/properties?q= (search)', () => `/api/properties?q=${Math.floor(Math.random() * 100)}`],
    ['GET /api/visits (page of 20)', () => '/api/visits?limit=20'],
    ['GET /api/visits/upcoming?limit=5 (dashboard)', () => '/api/visits/upcoming?limit=5'],
    ['GET /api/me', () => '/api/me'],
  ];
  console.log(
    `seeded ${propertyCount} properties and ${Math.min(propertyCount, 100)} visits in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `${concurrency} concurrent clients, ${seconds} s per scenario, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const [name, url] of scenarios) {
    const latencies = [];
    let failures = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          const response = await fetch(`${base}${url()}`, { headers: { cookie } });
          await response.arrayBuffer();
          if (!response.ok) failures += 1;
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
    console.log(
      `${name.padEnd(48)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  failures ${failures}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
