import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createAuth } from '../../src/server/auth/auth';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { newPglite, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { openStorage } from '../../src/server/storage/open-storage';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface RequestOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * The real app on a fresh, migrated database: PGlite by default, a throwaway
 * PostgreSQL database when TEST_DATABASE_URL is set. One per test file.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-test-'));
  const { handle, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: TEST_ORIGIN,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...env,
  });
  const auth = createAuth(config, handle.db);
  const storage = openStorage(config);
  const app = createApp({ config, db: handle.db, auth, storage });

  /** A request as a browser on our origin would send it. */
  async function request(url: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return app.request(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }

  /** `POST /api/photos` (or another upload, `url`) as a browser form would send it (multipart), as the given user. */
  function upload(
    cookie: string,
    file: { bytes: Buffer; name?: string; type?: string } | null,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
    url = '/api/photos',
    /** The file's part name (a quote's approval sends `signature`). */
    fileField = 'file',
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file)
      form.set(
        fileField,
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
        file.name ?? 'photo.jpg',
      );
    return app.request(url, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, ...headers },
      body: form,
    });
  }

  return {
    app,
    auth,
    config,
    db: handle.db,
    storage,
    request,
    upload,
    async close() {
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const client = newPglite({ loadDataDir: new Blob([Buffer.from(template, 'base64')]) });
    return { handle: openDatabase({ kind: 'pglite', client }), drop: async () => undefined };
  }
  const { url, drop } = await createPostgresDatabase(adminUrl);
  const handle = openDatabase({ kind: 'postgres', url });
  await migrateDatabase(handle);
  return { handle, drop };
}

/** A new, empty database on the server of `adminUrl`: its URL, and how to drop it. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rounds_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
