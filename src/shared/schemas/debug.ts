// spec §2 (Debug page /test-db): five queries, each shown with success/failed, count and rows.

export const TEST_DB_QUERIES = ['users', 'properties', 'visits', 'user_properties', 'upcoming_visits'] as const;
export type TestDbQueryName = (typeof TEST_DB_QUERIES)[number];

export interface TestDbQueryResult {
  name: TestDbQueryName;
  ok: boolean;
  /** Rows returned (at most DEBUG_QUERY_ROW_LIMIT). */
  count: number;
  rows: Record<string, unknown>[];
  error?: string;
}
