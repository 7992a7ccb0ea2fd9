import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { users } from '../../src/server/db/schema';

// `npm run make-admin -- email` as a real child process against an embedded database of its own.

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-make-admin-'));
  const handle = openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(handle);
  await handle.db.insert(users).values({ email: 'boss@example.com', name: '' });
  await handle.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const makeAdmin = (email: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/make-admin.ts', email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

it('promotes an existing account, and fails clearly for an unknown e-mail', async () => {
  const unknown = await makeAdmin('nobody@example.com');
  expect(unknown.code).toBe(1);
  expect(unknown.output).toContain('No account has the e-mail nobody@example.com');

  const promoted = await makeAdmin('Boss@Example.com');
  expect(promoted).toEqual({ code: 0, output: 'boss@example.com is now an admin.\n' });

  const handle = openDatabase({ kind: 'pglite', dataDir });
  try {
    const [row] = await handle.db.select({ role: users.role }).from(users).where(eq(users.email, 'boss@example.com'));
    expect(row?.role).toBe('admin');
  } finally {
    await handle.close();
  }
}, 60_000);
