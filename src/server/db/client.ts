import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle =
  | { kind: 'postgres'; db: Database; url: string; close(): Promise<void> }
  | { kind: 'pglite'; db: Database; close(): Promise<void> };

export type DatabaseSource =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite'; client: PGlite };

/**
 * Settings every PostgreSQL connection of ours starts with (libpq's `options`).
 * `random_page_cost` 1.1 instead of 4 tells the planner that reading a row through an index costs
 * about what a sequential page does, as it does when the working set is in memory or on SSD;
 * at 4 it hashed the whole properties table to join a week of 130 visits. A `?options=` in
 * `DATABASE_URL` replaces these (node-postgres lets the URL win).
 */
export const POSTGRES_SESSION_OPTIONS = '-c random_page_cost=1.1';

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir/db`. */
export function openDatabase(source: DatabaseSource): DatabaseHandle {
  if (source.kind === 'postgres') {
    // A request waits at most 5 s for a connection: with the database down it answers 503
    // soon rather than hang; the pool reconnects by itself once it is back.
    const pool = new pg.Pool({
      connectionString: source.url,
      options: POSTGRES_SESSION_OPTIONS,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server drops (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', url: source.url, close: () => pool.end() };
  }
  const client = 'client' in source ? source.client : newPglite({ dataDir: pgliteDir(source.dataDir) });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** A PGlite with the extensions our migrations use (pg_trgm for the search indexes). */
export function newPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

export function pgliteDir(dataDir: string): string {
  // PGlite creates only the last folder of its path.
  mkdirSync(dataDir, { recursive: true });
  return path.join(dataDir, 'db');
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL error codes and driver conditions that mean "the database is not reachable now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
  'the database system is',
];

/** Whether an error (or one it wraps) says the database cannot be reached: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}
