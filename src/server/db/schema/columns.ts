import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, index, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';
import { centsToDecimal, parseCents } from '../../../shared/money';
import { type Requirement } from '../../../shared/evidence';

// The column kinds the tables are built from.

/** numeric(12,2) in the database, integer cents in TypeScript. */
export const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  toDriver: (cents) => centsToDecimal(cents),
  fromDriver: (value) => parseCents(String(value)),
});

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** A GIN trigram index: lets `ILIKE '%text%'` searches use an index (extension pg_trgm, migration 0002). */
export const trigramIndex = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);
/** A template's evidence requirements, copied to property and visit tasks. */
export const requirements = () =>
  jsonb('requirements')
    .$type<Requirement[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
/** Both coordinates or neither, each within its range (WGS 84 degrees). */
export const coordinatesCheck = (latitude: string, longitude: string) =>
  sql.raw(
    `(${latitude} is null) = (${longitude} is null) and (${latitude} is null or (${latitude} between -90 and 90 and ${longitude} between -180 and 180))`,
  );
