// An independent reading of a plan against the documented rules: every stop once, legs as the
// travel model gives them, times that follow from each other, and no window or shift broken.
// Returns what is wrong in words (empty when nothing is), so a failing test says why.
import { UNPLACED_REASON_TEXT, type RouteInput, type RouteOptions, type RoutePlan } from '../types';
import { travelOf } from './travel-of';

const CLOSE = 1e-6;
const near = (a: number, b: number) => Math.abs(a - b) <= CLOSE * Math.max(1, Math.abs(a), Math.abs(b));

export function planViolations(input: RouteInput, options: RouteOptions, plan: RoutePlan): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.push(message);
  const travel = travelOf(input, options);
  const tolerance = options.pinToleranceMinutes ?? 0;
  const stopCount = input.stops.length;
  const index = new Map(input.stops.map((stop, i) => [stop.id, i]));
  const seen = new Map<string, number>();
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  plan.routes.forEach((route) => route.stops.forEach((stop) => count(stop.stopId)));
  plan.unplaced.forEach((stop) => count(stop.stopId));
  for (const [id, times] of seen) if (!index.has(id) || times !== 1) fail(`${id} appears ${times} times`);
  for (const stop of input.stops) if (!seen.has(stop.id)) fail(`${stop.id} is neither placed nor unplaced`);
  for (const { stopId, reason, message } of plan.unplaced) {
    if (UNPLACED_REASON_TEXT[reason] !== message) fail(`${stopId}: unknown reason ${reason}`);
    const located = input.stops[index.get(stopId)!]?.location !== null;
    if (located === (reason === 'no-coordinates')) fail(`${stopId} is unplaced for '${reason}'`);
  }
  const ids = plan.routes.map((route) => route.technicianId).join();
  if (ids !== input.technicians.map((technician) => technician.id).join()) fail(`routes for ${ids}`);

  let planDrive = 0;
  let planKm = 0;
  plan.routes.forEach((route, k) => {
    const technician = input.technicians[k]!;
    const clock = Math.max(technician.shift.start, input.now ?? -Infinity);
    const where = `${route.technicianId}`;
    let point = technician.start ? stopCount + 2 * k : -1;
    let departs = route.leavesAt ?? clock;
    let planned = 0;
    let lastStart = -Infinity;
    let [drive, km, wait] = [0, 0, 0];
    if ((route.leavesAt !== null) !== (technician.start !== null && route.stops.length > 0)) {
      fail(`${where} leaves at ${route.leavesAt}`);
    }
    for (const entry of route.stops) {
      const i = index.get(entry.stopId)!;
      const stop = input.stops[i]!;
      const at = `${where} ${entry.stopId}`;
      const leg = point >= 0 ? travel(point, i) : { minutes: 0, km: 0 };
      if (!near(entry.driveMinutes, leg.minutes) || !near(entry.distanceKm, leg.km))
        fail(`${at}: leg ${entry.driveMinutes}`);
      [drive, km, wait] = [drive + entry.driveMinutes, km + entry.distanceKm, wait + entry.waitMinutes];
      const done = stop.status === 'started' || stop.status === 'completed';
      const keepsTechnician = done || stop.locked || !options.allowReassignment;
      if (stop.assignedTo !== undefined && keepsTechnician && stop.assignedTo !== technician.id)
        fail(`${at}: reassigned`);
      if (!done && stop.technicianIds && !stop.technicianIds.includes(technician.id)) fail(`${at}: not theirs to take`);
      if (!near(entry.waitMinutes, entry.startsAt - entry.arrivesAt) || entry.waitMinutes < -CLOSE) fail(`${at}: wait`);
      if (done) {
        if (planned > 0 || stop.startedAt! < lastStart) fail(`${at}: a started or completed visit moved`);
        lastStart = stop.startedAt!;
        if (!near(entry.startsAt, stop.startedAt!) || !near(entry.arrivesAt, stop.startedAt!))
          fail(`${at}: start moved`);
        if (!near(entry.departsAt, Math.max(stop.startedAt! + stop.serviceMinutes, clock))) fail(`${at}: departure`);
      } else {
        const expected = point >= 0 ? departs + leg.minutes : departs;
        if (!near(entry.arrivesAt, expected)) fail(`${at}: arrives ${entry.arrivesAt}, expected ${expected}`);
        const earliest = Math.max(stop.window?.earliest ?? -Infinity, (stop.pinnedAt ?? -Infinity) - tolerance);
        const latest = Math.min(stop.window?.latest ?? Infinity, (stop.pinnedAt ?? Infinity) + tolerance);
        if (!near(entry.startsAt, Math.max(entry.arrivesAt, earliest))) fail(`${at}: starts ${entry.startsAt}`);
        if (entry.startsAt > latest + CLOSE) fail(`${at}: starts after its window (${entry.startsAt} > ${latest})`);
        if (entry.startsAt < clock - CLOSE) fail(`${at}: starts before the shift or now`);
        if (entry === route.stops[0] && route.leavesAt !== null && route.leavesAt < clock - CLOSE)
          fail(`${where}: leaves early`);
        if (!near(entry.departsAt, entry.startsAt + stop.serviceMinutes)) fail(`${at}: departs ${entry.departsAt}`);
        if (entry.departsAt > technician.shift.end + CLOSE) fail(`${at}: ends after the shift`);
        planned++;
      }
      [departs, point] = [entry.departsAt, i];
    }
    const back = route.returnLeg;
    if ((back !== null) !== (technician.end !== null && route.stops.length > 0)) fail(`${where}: return leg ${back}`);
    if (back) {
      const leg = travel(point, stopCount + 2 * k + 1);
      if (!near(back.driveMinutes, leg.minutes) || !near(back.distanceKm, leg.km)) fail(`${where}: return leg`);
      if (!near(back.arrivesAt, departs + leg.minutes)) fail(`${where}: back at ${back.arrivesAt}`);
      if (planned > 0 && back.arrivesAt > technician.shift.end + CLOSE) fail(`${where}: back after the shift`);
      [drive, km] = [drive + back.driveMinutes, km + back.distanceKm];
    }
    if (!near(route.totalDriveMinutes, drive) || !near(route.totalDistanceKm, km)) fail(`${where}: totals`);
    if (!near(route.totalWaitMinutes, wait)) fail(`${where}: total wait`);
    [planDrive, planKm] = [planDrive + drive, planKm + km];
  });
  if (!near(plan.totalDriveMinutes, planDrive) || !near(plan.totalDistanceKm, planKm)) fail('plan totals');
  return problems;
}
