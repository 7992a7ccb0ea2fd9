import { z } from 'zod';
import { VISIT_REQUEST_LIMITS } from '../notifications';
import { PORTAL_MESSAGES } from '../messages/portal';
import { pageQuery, uuid } from './common';

// The client portal: `/api/portal/*` (the client's side) and the staff endpoints
// around it (`/api/clients/{id}/portal-*`, `/api/visit-requests`). docs/api.md "Client portal".

export { PORTAL_MESSAGES };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a real calendar day. */
const day = z
  .string()
  .regex(DAY, PORTAL_MESSAGES.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, PORTAL_MESSAGES.dateInvalid);

/**
 * Today as 'YYYY-MM-DD'. The earliest time zone's today is the latest "today" anywhere, so a day
 * is "in the past" only when it is before the day it is on Earth's westernmost zone (UTC−12).
 */
export const earliestToday = (now = new Date()) => new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);

/** `POST /api/portal/requests`. */
export const visitRequestInput = z.object({
  propertyId: z.uuid(PORTAL_MESSAGES.propertyRequired),
  preferredDates: z
    .array(day.refine((value) => value >= earliestToday(), PORTAL_MESSAGES.dateInPast))
    .max(VISIT_REQUEST_LIMITS.dates, PORTAL_MESSAGES.tooManyDates)
    .default([])
    .transform((dates) => [...new Set(dates)].sort()),
  message: z.string().trim().max(VISIT_REQUEST_LIMITS.message, PORTAL_MESSAGES.messageTooLong).default(''),
});
export type VisitRequestInput = z.input<typeof visitRequestInput>;

/** `GET /api/portal/visits?when=upcoming|past&limit=&offset=`. */
export const portalVisitsQuery = pageQuery.extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});
export type PortalVisitsQuery = z.input<typeof portalVisitsQuery>;

/** `PATCH /api/visit-requests/{id}`: scheduled (with the visit made for it) or declined. */
export const visitRequestPatch = z
  .object({
    status: z.enum(['scheduled', 'declined']),
    visitId: uuid.optional(),
  })
  .refine((patch) => patch.status !== 'scheduled' || Boolean(patch.visitId), {
    message: PORTAL_MESSAGES.visitIdRequired,
    path: ['visitId'],
  });
export type VisitRequestPatch = z.input<typeof visitRequestPatch>;

/** `GET /api/visit-requests?status=open`. */
export const visitRequestsQuery = pageQuery.extend({
  status: z.enum(['open', 'scheduled', 'declined']).default('open'),
});
