import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL: `completed_at` for a change of a visit's or a visit task's status to `status` (spec §4).
 * Becoming completed stamps it with `stamp` (the change's plausible time, db/sql.ts
 * `plausibleInstant`); staying completed keeps the first stamp; leaving completed clears it, so a
 * time never contradicts the status. The one rule for both.
 */
export function completedAtFor(
  status: string,
  row: { status: AnyPgColumn; completedAt: AnyPgColumn },
  stamp: SQL,
): SQL | null {
  if (status !== 'completed') return null;
  return sql`case when ${row.status} = 'completed' then coalesce(${row.completedAt}, ${stamp}) else ${stamp} end`;
}
