import { sql } from 'drizzle-orm';

// Small SQL pieces every list query shares.

/** `q` as an ILIKE pattern matching anywhere, with LIKE's wildcards taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The whole filtered count beside each row of a page, so a list is one query. */
export const windowTotal = () => sql<number>`cast(count(*) over () as integer)`;
