// The route optimiser's public shapes. Times are minutes from midnight in the business's time
// zone (8:30 = 510), one day at a time; distances are kilometres.

/** A point on the map in degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Minutes from midnight in the business's time zone. */
export type ClockMinutes = number;

/** 'started' and 'completed' visits stay where they are: first in their technician's route. */
export type StopStatus = 'planned' | 'started' | 'completed';

export interface RouteStop {
  id: string;
  /** Where the visit is; a stop without coordinates is reported unplaced ('no-coordinates'). */
  location: LatLng | null;
  /** Time on site: the tasks' estimates, or the median actual time where history exists. */
  serviceMinutes: number;
  /** Earliest and latest start of service (a client's window); absent: any time in a shift. */
  window?: { earliest: ClockMinutes; latest: ClockMinutes };
  /** A visit at a fixed time: service starts then, give or take `pinToleranceMinutes`. */
  pinnedAt?: ClockMinutes;
  /** The technician it is assigned to; it stays theirs unless `allowReassignment`. */
  assignedTo?: string;
  /** Its rank in `assignedTo`'s present route; the present route is also a starting plan. */
  routeOrder?: number;
  /** Who may take it at all; absent: every technician. */
  technicianIds?: readonly string[];
  /** Keeps its technician (`assignedTo`) and its index in the present route. */
  locked?: boolean;
  status?: StopStatus;
  /** When service began; required for 'started' and 'completed'. */
  startedAt?: ClockMinutes;
}

export interface RouteTechnician {
  id: string;
  /** Nothing is planned before `start`; every stop and the drive back end by `end`. */
  shift: { start: ClockMinutes; end: ClockMinutes };
  /** Where the day starts (the depot by default); null: at the first stop. */
  start: LatLng | null;
  /** Where the day ends; null: at the last stop. */
  end: LatLng | null;
}

export interface RouteInput {
  stops: readonly RouteStop[];
  technicians: readonly RouteTechnician[];
  /** The present time: no visit not yet started is planned to begin before it. */
  now?: ClockMinutes;
}

export interface TravelLeg {
  minutes: number;
  km: number;
}

/**
 * Travel between two points numbered as `routePoints(input)` numbers them: the stops in input
 * order, then each technician's start and end point.
 */
export type TravelFunction = (from: number, to: number) => TravelLeg;

/** A full table over the same numbering as `TravelFunction` (an OSRM-style table answer). */
export interface TravelMatrix {
  minutes: readonly (readonly number[])[];
  km: readonly (readonly number[])[];
}

export interface RouteOptions {
  /** The seed of the search's random choices; the same input and seed give the same plan. */
  seed?: number;
  /** Ruin-and-recreate iterations; the default grows with the number of stops. */
  iterations?: number;
  /** The office may move assigned visits to another technician. */
  allowReassignment?: boolean;
  /** How far from `pinnedAt` a fixed-time visit may start (default 0). */
  pinToleranceMinutes?: number;
  /** Travel from a table or a function; default: straight-line distance (below). */
  travel?: TravelMatrix | TravelFunction;
  /** Straight-line distance × `roadFactor` (default 1.3) at `speedKmh` (default 40). */
  straightLine?: { roadFactor?: number; speedKmh?: number };
}

export interface PlannedStop {
  stopId: string;
  /** The leg from the previous point: the start point or the stop before. */
  driveMinutes: number;
  distanceKm: number;
  arrivesAt: ClockMinutes;
  /** When service begins: the arrival, or the window's opening if earlier (waiting). */
  startsAt: ClockMinutes;
  waitMinutes: number;
  departsAt: ClockMinutes;
  /** Kept where it was: locked, started or completed. */
  kept: boolean;
}

export interface PlannedRoute {
  technicianId: string;
  /** When the technician leaves the start point; null without a start point or stops. */
  leavesAt: ClockMinutes | null;
  stops: PlannedStop[];
  /** The drive to the end point; null without an end point or stops. */
  returnLeg: { driveMinutes: number; distanceKm: number; arrivesAt: ClockMinutes } | null;
  totalDriveMinutes: number;
  totalDistanceKm: number;
  totalWaitMinutes: number;
}

export type UnplacedReason =
  'no-coordinates' | 'no-technician' | 'outside-every-shift' | 'unreachable' | 'locked-out-of-time' | 'no-room';

export interface UnplacedStop {
  stopId: string;
  reason: UnplacedReason;
  /** The reason in words (`UNPLACED_REASON_TEXT`). */
  message: string;
}

export interface RoutePlan {
  routes: PlannedRoute[];
  unplaced: UnplacedStop[];
  totalDriveMinutes: number;
  totalDistanceKm: number;
}

export const UNPLACED_REASON_TEXT: Record<UnplacedReason, string> = {
  'no-coordinates': 'no coordinates',
  'no-technician': 'no technician in the plan may take it',
  'outside-every-shift': 'outside every shift',
  unreachable: 'no technician can reach it within its window',
  'locked-out-of-time': 'its locked place cannot keep its window or the shift',
  'no-room': 'no room left in any route within its window',
};

/** The input contradicts itself (a caller's mistake, not a property of the day). */
export class RouteInputError extends Error {
  override name = 'RouteInputError';
}
