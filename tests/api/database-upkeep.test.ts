import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newPglite, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { users, workspaces } from '../../src/server/db/schema';
import { startDatabaseUpkeepJob, upkeepDatabase } from '../../src/server/jobs/database-upkeep';

// The embedded PGlite has no autovacuum, so the server's upkeep job gives the planner
// statistics and sets the visibility map that index-only counts need.

let handle: DatabaseHandle;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  handle = openDatabase({ kind: 'pglite', client: newPglite() });
  await migrateDatabase(handle);
  await handle.db.insert(workspaces).values(Array.from({ length: 50 }, (_, index) => ({ name: `Business ${index}` })));
  await handle.db.insert(users).values(Array.from({ length: 50 }, (_, index) => ({ email: `u${index}@upkeep.test` })));
});

afterAll(async () => {
  await handle.close();
});

it('analyses and vacuums the embedded database, at start and then on its interval', async () => {
  const statistics = () =>
    rows<{ n: number }>(sql`select count(*)::int as n from pg_stats where tablename = 'workspaces'`);
  const allVisible = () =>
    rows<{ pages: number }>(sql`select relallvisible as pages from pg_class where relname = 'users'`);
  expect((await statistics())[0]!.n).toBe(0);
  expect((await allVisible())[0]!.pages).toBe(0);

  await upkeepDatabase(handle);
  expect((await statistics())[0]!.n).toBeGreaterThan(0);
  expect((await allVisible())[0]!.pages).toBeGreaterThan(0);

  // The job runs once at start: new rows are counted once it has run again.
  await handle.db.insert(workspaces).values({ name: 'Late' });
  const stop = startDatabaseUpkeepJob(handle, 60_000);
  try {
    await expect
      .poll(
        async () =>
          (await rows<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = 'workspaces'`))[0]!.n,
      )
      .toBe(51);
  } finally {
    stop();
  }
});

it('leaves PostgreSQL to its own autovacuum', async () => {
  const postgres = { kind: 'postgres', db: handle.db, url: 'postgres://unused', close: async () => undefined } as const;
  await handle.db.insert(workspaces).values({ name: 'Later' });
  await upkeepDatabase(postgres);
  startDatabaseUpkeepJob(postgres)();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const [counted] = await rows<{ n: number }>(
    sql`select reltuples::int as n from pg_class where relname = 'workspaces'`,
  );
  expect(counted!.n).toBe(51);
});
