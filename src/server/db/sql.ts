import { sql, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '../../shared/schemas/common';

// Small SQL pieces every list query shares.

/** `q` as an ILIKE pattern matching anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The whole filtered count beside each row of a page, so a list is one query. */
export const windowTotal = () => sql<number>`cast(count(*) over () as integer)`;

/**
 * One page of a list whose rows carry `windowTotal()` as `total`. A page past the end has
 * no row to carry the total, so only then is it counted once more (`countAll`): every list
 * answers `{ items: [], total }` with the same total there.
 */
export async function toPage<Row extends { total: number }, Item>(
  rows: Row[],
  page: PageQuery,
  countAll: () => Promise<number>,
  toItem: (row: Omit<Row, 'total'>) => Item,
): Promise<Page<Item>> {
  const total = rows[0]?.total ?? (page.offset > 0 ? await countAll() : 0);
  return { items: rows.map(({ total: _total, ...row }) => toItem(row)), total };
}

/** `count()` as a selected column, and the number out of its one-row answer: `.then(theCount)`. */
export const counted = { count: sql<number>`cast(count(*) as integer)` };
export const theCount = (rows: { count: number }[]) => rows[0]?.count ?? 0;

/** A device's clock may run this far ahead of ours: such a time is taken as now. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * SQL: when a change was made (issue 25, offline): `at`, the device's time, when it is plausible,
 * else the server's now. Plausible: not after now (a time up to CLOCK_SKEW_MS ahead is a fast
 * clock and is clamped to now; one further ahead is wrong, so now too) and not before `notBefore`
 * (SQL: when the record it changes was made, and any other floor the caller gives).
 */
export function plausibleInstant(at: Date | undefined, notBefore: SQL): SQL {
  if (!at) return sql`now()`;
  const claimed = sql`cast(${at.toISOString()} as timestamptz)`;
  return sql`(case when ${claimed} > now() or ${claimed} < ${notBefore} then now() else ${claimed} end)`;
}
