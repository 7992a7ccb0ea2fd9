import { sql } from 'drizzle-orm';
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
