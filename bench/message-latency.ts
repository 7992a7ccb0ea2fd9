// The time from a change to its message in the outbox folder (.eml), p50 and p95
// over 100 changes, with the worker as `npm start` runs it (polling every MESSAGE_POLL_MS,
// 1 s by default). Each change is an 'On my way' (sent at once; visit changes wait out their
// coalescing minute by design). The app runs in this process on the embedded database, or on
// DATABASE_URL when set (a database of its own: it is migrated and written to). Run: `node --import tsx bench/message-latency.ts [--changes 100]`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { createAuth } from '../src/server/auth/auth';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { openMailer } from '../src/server/mail/mailer';
import { startMessageWorker } from '../src/server/modules/notifications';
import { messageWorkerDeps } from '../src/server/jobs/message-deps';
import { openStorage } from '../src/server/storage/open-storage';

const changes = Number(process.argv[process.argv.indexOf('--changes') + 1] || 100) || 100;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-latency-'));
const origin = 'http://localhost:3000';
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PUBLIC_URL: origin,
  CLIENT_DIR: dataDir,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
);
await migrateDatabase(database);
const mailer = openMailer(config);
const auth = createAuth(config, database.db, mailer);
const app = createApp({ config, db: database.db, auth, storage: openStorage(config), mailer });

const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
const signUp = await auth.api.signUpEmail({
  body: { email, password: 'quiet-harbour-7', name: 'Owner' },
  returnHeaders: true,
});
const cookie = (signUp.headers.get('set-cookie') ?? '')
  .split(/,(?=\s*[\w.-]+=)/)
  .map((part) => part.split(';')[0]!.trim())
  .filter((pair) => pair && !pair.endsWith('='))
  .join('; ');
await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, signUp.response.user.id));

async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await app.request(url, {
    method,
    headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const outbox = path.join(dataDir, 'outbox');
const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
const stop = startMessageWorker(messageWorkerDeps(database.db, config, { mailer }), config.messagePollMs);
const latencies: number[] = [];
for (let index = 0; index < changes; index += 1) {
  const client = await call<{ id: string }>('POST', '/api/clients', {
    name: `Client ${index}`,
    email: `client-${index}@example.com`,
  });
  const property = await call<{ id: string }>('POST', '/api/properties', {
    name: `House ${index}`,
    address: `${index} Shore Drive`,
    clientId: client.id,
  });
  const visit = await call<{ id: string }>('POST', '/api/visits', {
    propertyId: property.id,
    scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  const before = mails();
  await call('POST', `/api/visits/${visit.id}/on-my-way`, { etaMinutes: 30 }, { 'Idempotency-Key': randomUUID() });
  const changed = performance.now();
  while (mails() === before) await new Promise((resolve) => setTimeout(resolve, 2));
  latencies.push(performance.now() - changed);
  // A change every 0–1 s, as changes come: not in step with the worker's poll.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
}
stop();
// Let a send under way finish before the database closes.
await new Promise((resolve) => setTimeout(resolve, 500));
await database.close();
rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
console.log(
  JSON.stringify({
    changes,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    pollMs: config.messagePollMs,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    maxMs: Math.round(at(1)),
  }),
);
