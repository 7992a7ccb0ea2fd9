import { z } from 'zod';
import { SERIES_MAX_PREVIEW, SERIES_MESSAGES } from '../messages/series';
import { isoInstant } from './common';
import { anytime, assigneeIds } from './visits';

// Recurring visits. A series is a property, the task templates to copy, a first
// instant, an IANA time zone and an RFC 5545 RRULE (without DTSTART). The server checks the
// rule itself (rrule-temporal); this schema checks its shape.

const instant = z
  .string({ error: SERIES_MESSAGES.startsAtRequired })
  .trim()
  .min(1, SERIES_MESSAGES.startsAtRequired)
  .pipe(isoInstant(SERIES_MESSAGES.startsAtRequired));

/** An IANA zone name the runtime knows ('America/New_York', 'UTC'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string({ error: SERIES_MESSAGES.timeZoneInvalid })
  .trim()
  .refine(isTimeZone, SERIES_MESSAGES.timeZoneInvalid);

/** `FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10`; a leading `RRULE:` is accepted and dropped. */
export const rrule = z
  .string({ error: SERIES_MESSAGES.rruleRequired })
  .trim()
  .min(1, SERIES_MESSAGES.rruleRequired)
  .max(500, SERIES_MESSAGES.rruleInvalid)
  .transform((value) => value.replace(/^RRULE:/i, '').toUpperCase())
  .refine((value) => /^FREQ=/.test(value) || /;FREQ=/.test(value), SERIES_MESSAGES.rruleInvalid);

const taskIds = z.array(z.uuid('Please select a task')).max(100).default([]);

/** `POST /api/visit-series`. */
export const createSeriesInput = z.object({
  propertyId: z.uuid('Please select a property'),
  startsAt: instant,
  timeZone,
  rrule,
  taskIds,
  /** 'Assign to': on every occurrence, the first as lead; left out, the creator. */
  assigneeIds: assigneeIds.optional(),
  /** Its occurrences are 'anytime' visits. */
  anytime: anytime.default(false),
});
export type CreateSeriesInput = z.input<typeof createSeriesInput>;

/** `PATCH /api/visit-series/:id?from=`: what changes, for the occurrences in scope. */
export const updateSeriesInput = z.object({
  startsAt: instant.optional(),
  timeZone: timeZone.optional(),
  rrule: rrule.optional(),
  taskIds: z.array(z.uuid('Please select a task')).max(100).optional(),
  assigneeIds: assigneeIds.optional(),
  anytime: anytime.optional(),
});
export type UpdateSeriesInput = z.input<typeof updateSeriesInput>;

/** `?from={visitId}` of PATCH and DELETE: that occurrence and the following; omitted, the whole series. */
export const seriesScopeQuery = z.object({ from: z.uuid().optional() });

/** `POST /api/visit-series/preview`: validated exactly like create. */
export const previewSeriesInput = z.object({
  startsAt: instant,
  timeZone,
  rrule,
  count: z.coerce.number().int().min(1).max(SERIES_MAX_PREVIEW).default(10),
});
export type PreviewSeriesInput = z.input<typeof previewSeriesInput>;
