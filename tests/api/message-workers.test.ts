import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { clientMessages, clients, users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { startSmtp } from '../support/smtp';
import { createPostgresDatabase } from '../support/test-app';

// Exactly once with two worker processes on one PostgreSQL database. 120 messages
// wait; two processes send them at once in batches of three, claiming with FOR UPDATE SKIP
// LOCKED. A real SMTP server counts what arrives: every message once, none twice.

const adminUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const MESSAGES = 120;

let database: { url: string; drop: () => Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;
let dataDir = '';

beforeAll(async () => {
  if (!adminUrl) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-workers-'));
  database = await createPostgresDatabase(adminUrl);
  handle = openDatabase({ kind: 'postgres', url: database.url });
  await migrateDatabase(handle);
  const db = handle.db;
  const [owner] = await db.insert(users).values({ email: 'owner@workers.test', emailVerified: true }).returning();
  // 120 messages pass a new business's daily mail budget: this one's is set higher.
  const [workspace] = await db.insert(workspaces).values({ name: 'Two Workers Ltd', mailPerDay: 1000 }).returning();
  await db.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: owner!.id, role: 'owner' });
  const [client] = await db
    .insert(clients)
    .values({ workspaceId: workspace!.id, name: 'Cora', email: 'cora@workers.test' })
    .returning();
  await db.insert(clientMessages).values(
    Array.from({ length: MESSAGES }, (_, index) => ({
      workspaceId: workspace!.id,
      clientId: client!.id,
      kind: 'visit_scheduled' as const,
      // 120 messages to one address would pass the per-address limit: each to its own.
      recipient: `cora+${index}@workers.test`,
      payload: { propertyName: `House ${index}`, address: '1 Road', scheduledAt: new Date().toISOString() },
    })),
  );
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it.skipIf(!adminUrl)('two worker processes send each message exactly once', { timeout: 120_000 }, async () => {
  const smtp = await startSmtp();
  try {
    const worker = () =>
      run(
        process.execPath,
        ['--import', 'tsx', 'tests/support/message-worker-process.ts', database!.url, smtp.url, dataDir],
        {
          timeout: 100_000,
        },
      );
    const [first, second] = await Promise.all([worker(), worker()]);
    const handled = [first, second].map(
      (result) => (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { handled: number }).handled,
    );
    const recipients = smtp.received.map((mail) => (Array.isArray(mail.to) ? '' : (mail.to?.value[0]?.address ?? '')));
    // The figures for the closing note.
    console.log(
      `exactly-once: ${MESSAGES} messages, processes handled ${handled.join(' + ')}, SMTP received ${recipients.length}, distinct ${new Set(recipients).size}`,
    );
    expect(handled[0]! + handled[1]!).toBe(MESSAGES);
    expect(handled.every((count) => count > 0)).toBe(true);
    expect(recipients).toHaveLength(MESSAGES);
    expect(new Set(recipients).size).toBe(MESSAGES);
    const statuses = await handle!.db
      .select({ status: clientMessages.status })
      .from(clientMessages)
      .where(eq(clientMessages.status, 'sent'));
    expect(statuses).toHaveLength(MESSAGES);
  } finally {
    await smtp.stop();
  }
});
