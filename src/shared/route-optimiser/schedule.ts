import { DONE, type Problem } from './problem';

/** Times are compared with this slack, so that sums of floats do not break an exact window. */
export const EPSILON = 1e-7;

export interface RouteCost {
  feasible: boolean;
  /** How many places kept stops sit before their index, for want of stops to fill the route. */
  deficit: number;
  drive: number;
  km: number;
}

/** One stop of a route as the plan reports it. */
export interface StopTimes {
  stop: number;
  drive: number;
  km: number;
  arrivesAt: number;
  startsAt: number;
  departsAt: number;
}

export const EMPTY_COST: RouteCost = { feasible: true, deficit: 0, drive: 0, km: 0 };

/**
 * Walks technician `t`'s route: the kept stops at their positions, the free stops in `free`
 * filling the other places in order (with `insert` put at free index `at` when given). When the
 * route is short of free stops, a kept stop moves up and the shortfall counts as `deficit`.
 * Waiting for a window is allowed; a late start, a stop ending after the shift or a late return
 * makes the route infeasible. `record`, when given, receives each stop's times, then the drive
 * to the end point as stop -1.
 */
export function walkRoute(
  p: Problem,
  t: number,
  free: readonly number[],
  insert = -1,
  at = -1,
  record?: StopTimes[],
): RouteCost {
  const kept = p.kept[t]!;
  const { size, minutes, km: kmTable } = p.table;
  const clock = p.clock[t]!;
  const shiftEnd = p.shiftEnd[t]!;
  const freeCount = free.length + (insert >= 0 ? 1 : 0);
  let keptIndex = 0;
  let freeIndex = 0;
  let position = 0;
  let deficit = 0;
  let planned = 0;
  let feasible = true;
  let time = clock;
  let from = p.startPoint[t]!;
  let drive = 0;
  let km = 0;
  while (keptIndex < kept.length || freeIndex < freeCount) {
    let stop: number;
    const next = kept[keptIndex];
    if (next && (next.position === position || freeIndex >= freeCount)) {
      stop = next.stop;
      deficit += next.position - position;
      keptIndex++;
    } else {
      const j = freeIndex++;
      stop = insert < 0 || j < at ? free[j]! : j === at ? insert : free[j - 1]!;
    }
    position++;
    const to = p.point[stop]!;
    const legMinutes = from >= 0 ? minutes[from * size + to]! : 0;
    const legKm = from >= 0 ? kmTable[from * size + to]! : 0;
    drive += legMinutes;
    km += legKm;
    let arrivesAt: number;
    let startsAt: number;
    if (p.kind[stop] === DONE) {
      // Started and completed visits are facts: their times are not checked.
      arrivesAt = startsAt = p.startedAt[stop]!;
      time = Math.max(startsAt + p.service[stop]!, clock);
    } else {
      planned++;
      arrivesAt = time + legMinutes;
      startsAt = Math.max(arrivesAt, p.earliest[stop]!);
      time = startsAt + p.service[stop]!;
      if (startsAt > p.latest[stop]! + EPSILON || time > shiftEnd + EPSILON) {
        feasible = false;
        if (!record) break;
      }
    }
    record?.push({ stop, drive: legMinutes, km: legKm, arrivesAt, startsAt, departsAt: time });
    from = to;
  }
  const end = p.endPoint[t]!;
  if (end >= 0 && position > 0 && feasible) {
    const legMinutes = minutes[from * size + end]!;
    const legKm = kmTable[from * size + end]!;
    drive += legMinutes;
    km += legKm;
    if (planned > 0 && time + legMinutes > shiftEnd + EPSILON) feasible = false;
    const arrivesAt = time + legMinutes;
    record?.push({ stop: -1, drive: legMinutes, km: legKm, arrivesAt, startsAt: arrivesAt, departsAt: arrivesAt });
  }
  return { feasible, deficit, drive, km };
}
