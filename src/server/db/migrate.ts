import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed SQL migrations; safe to run at every start-up. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'postgres') {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, options);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, options);
  }
}
