import { DONE, FREE, LOCKED, type KeptStop, type Problem } from './problem';
import { EPSILON, walkRoute } from './schedule';
import { buildTravelTable, routePoints } from './travel';
import { UNPLACED_REASON_TEXT, type RouteInput, type RouteOptions, type RouteStop, type UnplacedReason } from './types';
import { validateInput } from './validate';

const isDone = (stop: RouteStop) => stop.status === 'started' || stop.status === 'completed';

/** Service start bounds of a stop that is still to do. */
function serviceBounds(stop: RouteStop, tolerance: number): [number, number] {
  let earliest = stop.window?.earliest ?? -Infinity;
  let latest = stop.window?.latest ?? Infinity;
  if (stop.pinnedAt !== undefined) {
    earliest = Math.max(earliest, stop.pinnedAt - tolerance);
    latest = Math.min(latest, stop.pinnedAt + tolerance);
  }
  return [earliest, latest];
}

/**
 * Turns the input into the search's numbered problem and decides, before any search, which
 * stops cannot be routed and why: no coordinates, no technician who may take them, or no
 * technician who could serve them even with nothing else to do.
 */
export function prepare(input: RouteInput, options: RouteOptions): Problem {
  validateInput(input, options);
  const tolerance = options.pinToleranceMinutes ?? 0;
  const technicians = input.technicians;
  const technicianCount = technicians.length;
  const technicianIndex = new Map(technicians.map((technician, index) => [technician.id, index]));
  const stopTotal = input.stops.length;
  const table = buildTravelTable(routePoints(input), options);
  const leg = (from: number, to: number) => (from >= 0 ? table.minutes[from * table.size + to]! : 0);
  const unplaced: Problem['unplaced'] = [];
  const reject = (stop: RouteStop, reason: UnplacedReason) =>
    unplaced.push({ stopId: stop.id, reason, message: UNPLACED_REASON_TEXT[reason] });

  const clock = technicians.map((technician) => Math.max(technician.shift.start, input.now ?? -Infinity));
  const startPoint = technicians.map((technician, t) => (technician.start ? stopTotal + 2 * t : -1));
  const endPoint = technicians.map((technician, t) => (technician.end ? stopTotal + 2 * t + 1 : -1));

  // The stops the search routes, in input order; `order` ranks them in their present route.
  const routed: { input: number; stop: RouteStop; kind: number; technicians: number[]; order: number[] }[] = [];
  // Where and when each technician is free once their started and completed visits are done.
  const head = technicians.map((_, t) => ({ clock: clock[t]!, point: startPoint[t]!, startedAt: -Infinity }));
  input.stops.forEach((stop, index) => {
    if (!isDone(stop) || !stop.location) return;
    const t = technicianIndex.get(stop.assignedTo!);
    if (t === undefined) return;
    routed.push({ input: index, stop, kind: DONE, technicians: [t], order: [0, stop.startedAt!, index] });
    if (stop.startedAt! >= head[t]!.startedAt) {
      const free = Math.max(clock[t]!, stop.startedAt! + stop.serviceMinutes);
      head[t] = { clock: free, point: index, startedAt: stop.startedAt! };
    }
  });

  input.stops.forEach((stop, index) => {
    if (!stop.location) return reject(stop, 'no-coordinates');
    const assigned = stop.assignedTo === undefined ? undefined : technicianIndex.get(stop.assignedTo);
    if (isDone(stop)) return assigned === undefined ? reject(stop, 'no-technician') : undefined;
    const locked = stop.locked === true && stop.assignedTo !== undefined;
    const keepsTechnician = locked || (stop.assignedTo !== undefined && !options.allowReassignment);
    const candidates = (
      keepsTechnician ? (assigned === undefined ? [] : [assigned]) : technicians.map((_, t) => t)
    ).filter((t) => !stop.technicianIds || stop.technicianIds.includes(technicians[t]!.id));
    if (candidates.length === 0) return reject(stop, 'no-technician');
    const [earliest, latest] = serviceBounds(stop, tolerance);
    const reachable = candidates.filter((t) => {
      const shiftEnd = technicians[t]!.shift.end;
      const startsAt = Math.max(head[t]!.clock + leg(head[t]!.point, index), earliest);
      const departsAt = startsAt + stop.serviceMinutes;
      const back = endPoint[t]! >= 0 ? leg(index, endPoint[t]!) : 0;
      return startsAt <= latest + EPSILON && departsAt + back <= shiftEnd + EPSILON;
    });
    if (reachable.length === 0) {
      const inShift = candidates.some(
        (t) =>
          Math.max(earliest, head[t]!.clock) <=
          Math.min(latest, technicians[t]!.shift.end - stop.serviceMinutes) + EPSILON,
      );
      return reject(stop, locked ? 'locked-out-of-time' : inShift ? 'unreachable' : 'outside-every-shift');
    }
    const order = [1, stop.routeOrder ?? Infinity, index];
    routed.push({ input: index, stop, kind: locked ? LOCKED : FREE, technicians: reachable, order });
  });
  routed.sort((a, b) => a.input - b.input);

  const stopCount = routed.length;
  const eligible = new Uint8Array(stopCount * technicianCount);
  routed.forEach((entry, s) => entry.technicians.forEach((t) => (eligible[s * technicianCount + t] = 1)));
  const p: Problem = {
    stopCount,
    stopIds: routed.map((entry) => entry.stop.id),
    point: Int32Array.from(routed, (entry) => entry.input),
    service: Float64Array.from(routed, (entry) => entry.stop.serviceMinutes),
    earliest: Float64Array.from(routed, (entry) =>
      entry.kind === DONE ? entry.stop.startedAt! : serviceBounds(entry.stop, tolerance)[0],
    ),
    latest: Float64Array.from(routed, (entry) =>
      entry.kind === DONE ? entry.stop.startedAt! : serviceBounds(entry.stop, tolerance)[1],
    ),
    startedAt: Float64Array.from(routed, (entry) => entry.stop.startedAt ?? 0),
    kind: Uint8Array.from(routed, (entry) => entry.kind),
    technicianCount,
    technicianIds: technicians.map((technician) => technician.id),
    clock: Float64Array.from(clock),
    shiftEnd: Float64Array.from(technicians, (technician) => technician.shift.end),
    startPoint: Int32Array.from(startPoint),
    endPoint: Int32Array.from(endPoint),
    eligible,
    kept: technicians.map(() => []),
    present: technicians.map(() => []),
    free: routed.flatMap((entry, s) => (entry.kind === FREE ? [s] : [])),
    table,
    unplaced,
    weights: { deficit: 0, unplaced: 0, km: 1e-6 },
  };

  // Present routes: started and completed visits first (by start), then the rest by routeOrder.
  technicians.forEach((technician, t) => {
    const ranked = routed
      .map((entry, s) => ({ entry, s }))
      .filter(({ entry, s }) => entry.stop.assignedTo === technician.id && eligible[s * technicianCount + t] === 1)
      .sort((a, b) => compareOrder(a.entry.order, b.entry.order));
    ranked.forEach(({ entry, s }, position) => {
      if (entry.kind === FREE) p.present[t]!.push(s);
      else keepIfInTime(p, t, { position, stop: s }, () => reject(entry.stop, 'locked-out-of-time'));
    });
  });

  let longestLeg = 0;
  for (const minutes of table.minutes) longestLeg = Math.max(longestLeg, minutes);
  // Total driving is below (legs) × (longest leg), so one more stop placed always outweighs it.
  p.weights.unplaced = 1 + (stopCount + 2 * technicianCount) * longestLeg;
  p.weights.deficit = (stopCount + 1) * p.weights.unplaced;
  return p;
}

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/** Adds a kept stop, unless it is locked and, even with no free stop before it, out of time. */
function keepIfInTime(p: Problem, t: number, kept: KeptStop, reject: () => void) {
  p.kept[t]!.push(kept);
  if (p.kind[kept.stop] === LOCKED && !walkRoute(p, t, []).feasible) {
    p.kept[t]!.pop();
    reject();
  }
}
