import type { MissingItem } from '../evidence';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { tooLong } from '../messages/text';
import { oneLine } from '../text';

export const uuid = z.uuid();

/** `?limit=&offset=` of every list endpoint. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  items: T[];
  /** Exact up to 1,000 rows; with `totalCapped`, at least this many. */
  total: number;
  /** There are more than 1,000 rows: the count stopped there. Absent when `total` is exact. */
  totalCapped?: true;
}

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BAD_GATEWAY'
  | 'UNAVAILABLE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL';

/** The body of every error answer of /api (better-auth's own routes excepted). */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** On a version conflict (409): the record as it is now on the server. */
    current?: unknown;
    /** On a refused completion (409): what each task, and the visit, still needs. */
    missing?: MissingItem[];
  };
}

export { tooLong };

/** Optional text input: trimmed, at most `max` characters, and blank becomes null. */
export const optionalText = (max: number, label = 'Text') =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional name that may reach an e-mail's From or subject: one line (text.ts), else as `optionalText`. */
export const optionalName = (max: number, label = 'Name') =>
  z
    .string()
    .overwrite(oneLine)
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((value) => (value ? value : null));

export { fieldErrors } from './errors';

/**
 * The date falls in the years 1–9999 (UTC). PostgreSQL stores nothing outside them: a Date there
 * is written as '0000-…' or '+010000-…', which the query refused with a 500. Every date and
 * instant the API takes goes through this one rule.
 */
export const inStorableYears = (date: Date) => {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/**
 * An ISO 8601 instant with its offset ("2030-06-15T16:30:00.000Z", "…+02:00"), as a Date, in the
 * years 1–9999 (`inStorableYears`): a visit's time, a series' start, a window's ends.
 */
export const isoInstant = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message })
    .transform((value) => new Date(value))
    .refine(inStorableYears, message);

/** A client-made id: a record made offline keeps the id the phone gave it. */
export const clientId = z.uuid('Id must be a UUID').optional();
