import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './client';
import type { Page, PageQuery } from '../../shared/schemas/common';

// Small SQL pieces every list query shares.

/** `q` as an ILIKE pattern matching anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A list's total is exact up to this many rows; beyond it the page says `totalCapped`. */
export const TOTAL_CAP = 1000;

/** The select list of a count's inner query: `db.select(aRow).from(…).where(…)`. */
export const aRow = { one: sql<number>`1` };

/**
 * How many rows `rows` (the list's `select 1 from … where …`) gives, reading at most
 * TOTAL_CAP + 1 of them: exact up to TOTAL_CAP, and TOTAL_CAP + 1 means "more". Give `rows` the
 * list's order when a big share of the table matches: the planner then reads the list's index
 * rather than the table from its start (a seq scan of `visits` for a 15 % workspace).
 */
export async function countUpTo(db: Executor, rows: SQLWrapper): Promise<number> {
  const result = await db.execute(
    sql`select cast(count(*) as integer) as count from (${rows} limit ${TOTAL_CAP + 1}) as capped`,
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/**
 * One page of a list and its total. A page that is not full and not past the end holds the last
 * row, so its total needs no count; otherwise `countUp` counts (`countUpTo`). Past TOTAL_CAP the
 * answer is `totalCapped: true` with `total` the most that is known: TOTAL_CAP, or the end of
 * this page when it lies further (a full page has at least one more row behind it, or none).
 */
export async function toPage<Row, Item>(
  rows: Row[],
  page: PageQuery,
  countUp: () => Promise<number>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const items = rows.map((row) => toItem(row));
  const shown = page.offset + rows.length;
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) return { items, total: shown };
  const total = await countUp();
  if (total <= TOTAL_CAP) return { items, total };
  return { items, total: rows.length > 0 ? Math.max(TOTAL_CAP, shown) : TOTAL_CAP, totalCapped: true };
}

/** `count()` as a selected column, and the number out of its one-row answer: `.then(theCount)`. */
export const counted = { count: sql<number>`cast(count(*) as integer)` };
export const theCount = (rows: { count: number }[]) => rows[0]?.count ?? 0;

/** A device's clock may run this far ahead of ours: such a time is taken as now. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * SQL: when a change was made (offline): `at`, the device's time, when it is plausible,
 * else the server's now. Plausible: not after now (a time up to CLOCK_SKEW_MS ahead is a fast
 * clock and is clamped to now; one further ahead is wrong, so now too) and not before `notBefore`
 * (SQL: when the record it changes was made, and any other floor the caller gives).
 */
export function plausibleInstant(at: Date | undefined, notBefore: SQL): SQL {
  if (!at) return sql`now()`;
  const claimed = sql`cast(${at.toISOString()} as timestamptz)`;
  return sql`(case when ${claimed} > now() or ${claimed} < ${notBefore} then now() else ${claimed} end)`;
}

/**
 * A statement built and prepared once per database or transaction handle (`prepare` runs on the
 * first call for each handle), for the queries every request runs: the session, the membership.
 */
export function preparedPerHandle<Handle extends object, Query>(prepare: (db: Handle) => Query): (db: Handle) => Query {
  const byHandle = new WeakMap<Handle, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = prepare(db);
      byHandle.set(db, query);
    }
    return query;
  };
}
