import { FREE, type Problem } from './problem';
import { walkRoute, type StopTimes } from './schedule';
import type { Solution } from './solution';
import {
  UNPLACED_REASON_TEXT,
  type PlannedRoute,
  type PlannedStop,
  type RouteInput,
  type RoutePlan,
  type UnplacedStop,
} from './types';

/** One technician's route as the plan reports it, with every leg, time and total. */
function describeRoute(p: Problem, t: number, free: number[]): PlannedRoute {
  const record: StopTimes[] = [];
  const cost = walkRoute(p, t, free, -1, -1, record);
  if (!cost.feasible) throw new Error('The optimiser built a route that breaks a window or a shift');
  const returnLeg = record.at(-1)?.stop === -1 ? record.pop()! : null;
  const stops: PlannedStop[] = record.map((entry) => ({
    stopId: p.stopIds[entry.stop]!,
    driveMinutes: entry.drive,
    distanceKm: entry.km,
    arrivesAt: entry.arrivesAt,
    startsAt: entry.startsAt,
    waitMinutes: entry.startsAt - entry.arrivesAt,
    departsAt: entry.departsAt,
    kept: p.kind[entry.stop] !== FREE,
  }));
  let leavesAt: number | null = null;
  const first = stops[0];
  if (first && p.startPoint[t]! >= 0) {
    // Leave as late as the first stop allows: the same plan, without waiting at its door.
    if (p.kind[record[0]!.stop] === FREE) {
      first.arrivesAt = first.startsAt;
      first.waitMinutes = 0;
    }
    leavesAt = first.arrivesAt - first.driveMinutes;
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    technicianId: p.technicianIds[t]!,
    leavesAt,
    stops,
    returnLeg: returnLeg && {
      driveMinutes: returnLeg.drive,
      distanceKm: returnLeg.km,
      arrivesAt: returnLeg.arrivesAt,
    },
    totalDriveMinutes: cost.drive,
    totalDistanceKm: cost.km,
    totalWaitMinutes: sum(stops.map((stop) => stop.waitMinutes)),
  };
}

/** The plan: every technician's route, then every stop not placed with its reason, in input order. */
export function describePlan(input: RouteInput, p: Problem, solution: Solution): RoutePlan {
  const routes = solution.routes.map((free, t) => describeRoute(p, t, free));
  const leftOut: UnplacedStop[] = solution.unplaced.map((stop) => ({
    stopId: p.stopIds[stop]!,
    reason: 'no-room',
    message: UNPLACED_REASON_TEXT['no-room'],
  }));
  const inputIndex = new Map(input.stops.map((stop, index) => [stop.id, index]));
  const unplaced = [...p.unplaced, ...leftOut].sort((a, b) => inputIndex.get(a.stopId)! - inputIndex.get(b.stopId)!);
  return {
    routes,
    unplaced,
    totalDriveMinutes: routes.reduce((total, route) => total + route.totalDriveMinutes, 0),
    totalDistanceKm: routes.reduce((total, route) => total + route.totalDistanceKm, 0),
  };
}
