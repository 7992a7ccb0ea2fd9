import { z } from 'zod';
import { calendarDate } from './invoices';

// The day as a route: `POST /api/routes/optimize` (a fixed shape) and what it answers.

export const ROUTE_MESSAGES = {
  dateInvalid: 'Date must be a date such as 2030-06-15',
  technicianInvalid: 'Please select a technician',
  applyInvalid: 'Apply must be true or false',
  ownDayOnly: 'You can plan only your own day',
  technicianNotFound: 'Member not found',
  /** The reason of a visit whose property has no coordinates. */
  notOnTheMap: 'not on the map',
} as const;

/**
 * When anytime visits may be done (minutes from midnight in the business's time zone): the
 * business day, 08:00 to 18:00. Fixed-time visits keep their time, whenever it is.
 */
export const BUSINESS_DAY = { start: 8 * 60, end: 18 * 60 } as const;

/** Time on site of a visit with no task estimate and no history at its property. */
export const DEFAULT_SERVICE_MINUTES = 30;

/** The most technicians one plan covers. */
export const MAX_ROUTE_TECHNICIANS = 50;

export const optimizeRoutesInput = z.object({
  /** The day, in the business's time zone. */
  date: calendarDate(ROUTE_MESSAGES.dateInvalid),
  /** Whose days; left out, the office's whole team (a technician: their own day). */
  technicianIds: z
    .array(z.uuid(ROUTE_MESSAGES.technicianInvalid), ROUTE_MESSAGES.technicianInvalid)
    .min(1, ROUTE_MESSAGES.technicianInvalid)
    .max(MAX_ROUTE_TECHNICIANS, ROUTE_MESSAGES.technicianInvalid)
    .optional(),
  /** Save the order and the assignment (true), or only propose them (false). */
  apply: z.boolean(ROUTE_MESSAGES.applyInvalid).default(false),
});
export type OptimizeRoutesInput = z.input<typeof optimizeRoutesInput>;

export interface RouteStopDto {
  visitId: string;
  /** Instants (ISO 8601, UTC). */
  arrivesAt: string;
  departsAt: string;
  /** The drive from the point before (the start point or the stop before). */
  driveMinutes: number;
  distanceKm: number;
}

export interface RouteDto {
  userId: string;
  stops: RouteStopDto[];
  totalDriveMinutes: number;
  totalDistanceKm: number;
}

export interface UnplacedVisitDto {
  visitId: string;
  /** 'not on the map' for a property without coordinates; else why no route could take it. */
  reason: string;
}

/** `POST /api/routes/optimize`. */
export interface RoutePlanDto {
  routes: RouteDto[];
  unplaced: UnplacedVisitDto[];
}
