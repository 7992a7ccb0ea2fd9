import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { loadConfig } from '../../src/server/config';
import { newPglite, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { openStorage } from '../../src/server/storage/open-storage';
import { createPostgresDatabase, TEST_ORIGIN, type RequestOptions } from './test-app';

// Databases made before a migration, for tests of how that migration moves existing data
// (tests/api/migration-workspaces.test.ts). createTestApp starts from a database with
// every migration applied; these start from an earlier shape and build the app afterwards.

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The committed journal (drizzle's list of migrations, in order). */
export function readJournal(): Journal {
  return JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/**
 * A fresh database with the migrations up to and including `lastTag` applied, and no others:
 * PGlite, or a throwaway PostgreSQL database when TEST_DATABASE_URL is set (as createTestApp).
 * Drizzle's migrator runs on a copy of the folder whose journal stops at `lastTag`; it records
 * each migration with its journal time, and later applies only entries newer than the last one
 * recorded, so `migrateDatabase` on this database then runs the remaining migrations, as a
 * server started on an old data folder does.
 */
export async function openDatabaseAt(lastTag: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const folder = partialMigrationsFolder(lastTag);
  try {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      const handle = openDatabase({ kind: 'pglite', client: newPglite() });
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
      return { handle, drop: async () => undefined };
    }
    const { url, drop } = await createPostgresDatabase(adminUrl);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
    } catch (error) {
      await drop();
      throw error;
    } finally {
      await client.end();
    }
    return { handle: openDatabase({ kind: 'postgres', url }), drop };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A temporary migrations folder: the committed SQL files up to `lastTag`, and a journal that ends there. */
function partialMigrationsFolder(lastTag: string): string {
  const journal = readJournal();
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag} in the journal`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = mkdtempSync(path.join(tmpdir(), 'rounds-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  for (const entry of entries) {
    cpSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/**
 * The real app on a database the test has prepared (createTestApp's set-up, minus making the
 * database): for a database migrated by the test itself.
 */
export function createTestAppOn(database: { handle: DatabaseHandle; drop(): Promise<void> }) {
  const { handle } = database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: TEST_ORIGIN,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  });
  const auth = createAuth(config, handle.db);
  const app = createApp({ config, db: handle.db, auth, storage: openStorage(config) });

  /** A request as a browser on our origin would send it. */
  function request(url: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return app.request(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }

  return {
    app,
    auth,
    db: handle.db,
    request,
    async close() {
      await handle.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
