import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder, for each test file to start from. */
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database and hands its dump to every test file (fresh ones take 4–5 s). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const client = newPglite();
  const handle = openDatabase({ kind: 'pglite', client });
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir('none');
  await handle.close();
  project.provide('pgliteTemplate', Buffer.from(await dump.arrayBuffer()).toString('base64'));
}
