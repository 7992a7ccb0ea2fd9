import { PgTimestamp } from 'drizzle-orm/pg-core';

// PostgreSQL prints a timestamp as '0050-06-15 09:30:00+00'. Drizzle reads it with `new Date(text)`,
// and JavaScript parses a date in that form with its two-digit-year rule: the year 50 came back as
// 1950, the year 1 as 2001. Every timestamp column is read here instead, field by field, so a year
// from 1 to 9999 is the year that was stored.

const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)?$/;

/** A timestamp as PostgreSQL prints it (UTC when it carries no offset), as a Date; null if it is not one. */
export function parsePgTimestamp(text: string): Date | null {
  const match = PG_TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, fraction = '', sign, offsetHours, offsetMinutes, offsetSeconds] =
    match;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(
    Number(hours),
    Number(minutes),
    Number(seconds),
    Math.floor(Number(fraction.padEnd(3, '0').slice(0, 3))),
  );
  const offset = sign
    ? (sign === '-' ? -1 : 1) *
      (Number(offsetHours) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0))
    : 0;
  return new Date(date.getTime() - offset * 1000);
}

const timestampColumn = PgTimestamp.prototype as unknown as { mapFromDriverValue(value: unknown): unknown };
const readByDrizzle = timestampColumn.mapFromDriverValue;
timestampColumn.mapFromDriverValue = function (this: { withTimezone: boolean }, value: unknown) {
  if (typeof value === 'string') return parsePgTimestamp(value) ?? readByDrizzle.call(this, value);
  return value;
};
