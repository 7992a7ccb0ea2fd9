import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../src/server/db/schema';
import { createProperty, createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// Database faults, on PostgreSQL only (run by .ci/run through vitest.faults.config.ts).
// A steady load of note writes runs while we kill the app's connections and then stop and start
// the PostgreSQL server under it. The app must answer 503 while the database is gone (never hang,
// never 500), come back by itself, and every write it acknowledged must be in the database.

const adminUrl = process.env.TEST_DATABASE_URL;
const cluster = () => readdirSync('/etc/postgresql')[0]!;
const pgctl = (action: 'start' | 'stop') =>
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', cluster(), 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
    {
      stdio: 'pipe',
    },
  );
const ready = () => {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest a request may take, database or not: the pool waits 5 s for a connection. */
const NEVER_HANGS_MS = 8_000;

interface Outcome {
  status: number;
  ms: number;
  phase: string;
  content: string;
  id?: string;
}

let t: TestApp;
let owner: TestUser;
let propertyId: string;

describe.skipIf(!adminUrl)('database faults (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    propertyId = (await createProperty(t, owner)).id;
  });
  afterAll(async () => {
    if (!ready()) pgctl('start');
    await waitFor(ready, 30_000);
    await t?.close();
  });

  it('answers 503 while the database is gone, recovers by itself, and loses no acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    let phase = 'steady';
    let running = true;
    let sequence = 0;

    /** One writer: POST /api/notes in a loop, each with a unique content, until told to stop. */
    async function writer(name: string) {
      while (running) {
        const content = `${name}-${(sequence += 1)}`;
        const startedIn = phase;
        const started = performance.now();
        const response = await Promise.race([
          t.request('/api/notes', {
            cookie: owner.cookie,
            body: { content, attachableType: 'property', attachableId: propertyId },
          }),
          sleep(NEVER_HANGS_MS * 2).then(() => null),
        ]);
        const ms = performance.now() - started;
        if (!response) {
          outcomes.push({ status: 0, ms, phase: startedIn, content });
          continue;
        }
        const body = (await response.json()) as { id?: string };
        outcomes.push({ status: response.status, ms, phase: startedIn, content, id: body.id });
        if (response.status !== 201) await sleep(100); // a client backing off, as Retry-After asks
      }
    }
    const writers = Array.from({ length: 4 }, (_, index) => writer(`w${index}`));
    const readsDuring: number[] = [];

    await sleep(1_000);

    // 1. pg_terminate_backend on every connection of the app's database, three times.
    phase = 'terminate';
    const current = await t.db.execute(sql`select current_database() as database`);
    const database = (current as unknown as { rows: { database: string }[] }).rows[0]!.database;
    let terminated = 0;
    for (let round = 0; round < 3; round += 1) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      terminated += result.rowCount ?? 0;
      await admin.end();
      await sleep(400);
    }
    phase = 'after-terminate';
    await sleep(1_000);

    // 2. Stop the server for a few seconds, then start it again.
    // A write already under way as the server stops may still commit; from here on none can.
    phase = 'stopping';
    pgctl('stop');
    phase = 'down';
    await sleep(3_000);
    const read = await t.request('/api/notes', { cookie: owner.cookie });
    readsDuring.push(read.status);
    expect(read.headers.get('retry-after')).toBe('5');
    const health = await t.request('/api/health');
    readsDuring.push(health.status);
    await sleep(2_000);
    phase = 'restarting';
    pgctl('start');
    await waitFor(ready, 30_000);
    phase = 'recovering';
    const recoveredBy = performance.now();
    await waitFor(() => outcomes.some((outcome) => outcome.phase === 'recovering' && outcome.status === 201), 30_000);
    const recoveryMs = performance.now() - recoveredBy;
    phase = 'steady-again';
    await sleep(1_000);
    running = false;
    await Promise.all(writers);

    const count = (predicate: (outcome: Outcome) => boolean) => outcomes.filter(predicate).length;
    const summary = {
      writes: outcomes.length,
      acknowledged: count((o) => o.status === 201),
      unavailable: count((o) => o.status === 503),
      connectionsTerminated: terminated,
      slowestMs: Math.round(Math.max(...outcomes.map((o) => o.ms))),
      recoveryMs: Math.round(recoveryMs),
    };
    console.log(`database faults: ${JSON.stringify(summary)}`);

    // Only 201 and 503: never a 500, never a hang, never a 401 because the session could not be read.
    expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    expect(summary.slowestMs).toBeLessThan(NEVER_HANGS_MS);
    expect(count((o) => o.phase === 'down' && o.status === 503)).toBeGreaterThan(0);
    expect(count((o) => o.phase === 'down' && o.status === 201)).toBe(0);
    expect(readsDuring).toEqual([503, 503]);
    expect(terminated).toBeGreaterThan(0);
    expect(count((o) => o.phase === 'steady-again' && o.status === 201)).toBeGreaterThan(0);

    // Every acknowledged write is there, with its content.
    const acknowledged = outcomes.filter((o) => o.status === 201);
    const rows = await t.db
      .select({ id: notes.id, content: notes.content })
      .from(notes)
      .where(
        inArray(
          notes.id,
          acknowledged.map((o) => o.id!),
        ),
      );
    const stored = new Map(rows.map((row) => [row.id, row.content]));
    expect(acknowledged.filter((o) => stored.get(o.id!) !== o.content)).toEqual([]);
  }, 120_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(200);
  }
}
