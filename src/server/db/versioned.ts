import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client';
import type { visits, visitTasks } from './schema';

/** The tables whose rows carry a `version`. */
type Versioned = typeof visits | typeof visitTasks;

export type VersionedOutcome = 'written' | 'missing' | 'stale';

/** A write naming `expected` is stale when the row is at another version (no version named: never). */
export const isStale = (expected: number | undefined, current: number) =>
  expected !== undefined && expected !== current;

/**
 * The one versioned update of visits and visit tasks. `changes` are written with
 * version + 1 to the row `where` picks; with `expected`, only while the row is still at that
 * version: the check and the write are one statement, so two phones cannot both win. `changes`
 * null is a write that only names a version: nothing is written. Answers 'written', 'missing'
 * (no such row) or 'stale' (the row is at another version; nothing changed).
 */
export async function updateVersioned(
  db: Executor,
  table: Versioned,
  where: SQL,
  changes: Record<string, unknown> | null,
  expected: number | undefined,
): Promise<VersionedOutcome> {
  if (changes) {
    const updated = await db
      .update(table as typeof visits)
      .set({ ...changes, version: sql`${table.version} + 1` })
      .where(and(where, expected === undefined ? undefined : eq(table.version, expected)))
      .returning({ id: table.id });
    if (updated.length > 0) return 'written';
  }
  const [row] = await db
    .select({ version: table.version })
    .from(table as typeof visits)
    .where(where);
  if (!row) return 'missing';
  return isStale(expected, row.version) ? 'stale' : 'written';
}
