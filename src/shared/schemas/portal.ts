import { z } from 'zod';
import { VISIT_REQUEST_LIMITS, type VisitRequestStatus } from '../notifications';
import type { VisitStatus } from '../constants';
import type { InvoiceStatus } from '../constants';
import type { BusinessLocale } from '../locale';
import { PORTAL_MESSAGES } from '../messages/portal';
import { pageQuery, uuid } from './common';
import type { PropertySummary } from './summaries';

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

/** `GET /api/portal/me`. */
export interface PortalMeDto {
  client: { name: string };
  /** The business, with how it writes dates, times and amounts (the portal's screens use them). */
  business: { name: string } & BusinessLocale;
  properties: PropertySummary[];
}

/** A row of `GET /api/portal/visits`. */
export interface PortalVisitDto {
  id: string;
  status: VisitStatus;
  scheduledAt: string;
  completedAt: string | null;
  property: PropertySummary;
  businessName: string;
  photoCount: number;
}

/** A row of `GET /api/portal/invoices`. */
export interface PortalInvoiceDto {
  id: string;
  invoiceNumber: string;
  status: InvoiceStatus;
  propertyName: string;
  createdAt: string;
  dueDate: string | null;
  total: number;
  amountPaid: number;
  balanceDue: number;
  pdfUrl: string;
  /**
   * 'Pay now' is offered (`POST /api/portal/invoices/{id}/checkout`): online payment is on and a
   * balance is due. False with payment off: the invoice shows the payment instructions instead.
   */
  payOnline: boolean;
}

/** A visit request, as the client and the office see it. */
export interface VisitRequestDto {
  id: string;
  status: VisitRequestStatus;
  client: { id: string; name: string };
  property: { id: string; name: string };
  preferredDates: string[];
  message: string;
  visitId: string | null;
  createdAt: string;
}

/** A row of `GET /api/clients/{id}/portal-sign-ins`. */
export interface PortalSignInDto {
  id: string;
  signedInAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}
