import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { repeatEvery } from './repeat';

// The embedded PGlite runs PostgreSQL in single-user mode, with no autovacuum. Without
// it the planner never gets statistics (one workspace is every row there, yet taken for 0.5 %)
// and the visibility map is never set, so a capped count reads the table instead of an index.
// This job does what autovacuum would: VACUUM (ANALYZE) at start, then every `intervalMs`.
// PostgreSQL has its own autovacuum and is left to it.

export const UPKEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** VACUUM (ANALYZE) of the whole embedded database; resolves when done. */
export async function upkeepDatabase(database: DatabaseHandle): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`vacuum (analyze)`);
}

/** Runs the upkeep now and then every `intervalMs`; the timer does not keep the process alive. */
export function startDatabaseUpkeepJob(database: DatabaseHandle, intervalMs = UPKEEP_INTERVAL_MS): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => undefined;
  return repeatEvery(intervalMs, 'database upkeep job', () => upkeepDatabase(database));
}
