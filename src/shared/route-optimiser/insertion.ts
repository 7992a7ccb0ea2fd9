import { canTake, type Problem } from './problem';
import type { Random } from './random';
import { EPSILON, walkRoute, type StopTimes } from './schedule';
import { routeScore, setRoute, type RouteTimes, type Solution } from './solution';

interface Insertion {
  delta: number;
  at: number;
}

const NOT_SIMPLE: RouteTimes = {
  simple: false,
  empty: false,
  headPoint: -1,
  headDeparts: 0,
  departs: new Float64Array(0),
  latestStart: new Float64Array(0),
};

/**
 * Departures and latest starts along route `t` (Savelsbergh's forward time slack, as latest
 * starts), when its kept stops all come first; otherwise inserting moves kept stops and the
 * route is walked instead.
 */
export function routeTimes(p: Problem, solution: Solution, t: number): RouteTimes {
  const cached = solution.times[t];
  if (cached) return cached;
  const kept = p.kept[t]!;
  if (!kept.every((entry, index) => entry.position === index)) return (solution.times[t] = NOT_SIMPLE);
  const route = solution.routes[t]!;
  const head: StopTimes[] = [];
  if (kept.length > 0) walkRoute(p, t, [], -1, -1, head);
  const last = head[kept.length - 1];
  const { size, minutes } = p.table;
  const headPoint = last ? p.point[last.stop]! : p.startPoint[t]!;
  const headDeparts = last ? last.departsAt : p.clock[t]!;
  const departs = new Float64Array(route.length);
  let from = headPoint;
  let time = headDeparts;
  for (let j = 0; j < route.length; j++) {
    const here = p.point[route[j]!]!;
    const arrivesAt = time + (from >= 0 ? minutes[from * size + here]! : 0);
    time = departs[j] = Math.max(arrivesAt, p.earliest[route[j]!]!) + p.service[route[j]!]!;
    from = here;
  }
  const end = p.endPoint[t]!;
  const latestStart = new Float64Array(route.length);
  for (let j = route.length - 1; j >= 0; j--) {
    const stop = route[j]!;
    const here = p.point[stop]!;
    const limit =
      j === route.length - 1
        ? p.shiftEnd[t]! - (end >= 0 ? minutes[here * size + end]! : 0)
        : latestStart[j + 1]! - minutes[here * size + p.point[route[j + 1]!]!]!;
    latestStart[j] = Math.min(p.latest[stop]!, limit - p.service[stop]!);
  }
  const empty = kept.length === 0 && route.length === 0;
  return (solution.times[t] = { simple: true, empty, headPoint, headDeparts, departs, latestStart });
}

/**
 * The change in route `t`'s score if `stop` goes in at free index `at`, or null if that breaks a
 * window or the shift. Constant time: the stops after it only need to start by their latest start.
 */
export function insertionDelta(p: Problem, times: RouteTimes, route: number[], t: number, stop: number, at: number) {
  const { size, minutes, km } = p.table;
  const here = p.point[stop]!;
  const before = at === 0 ? times.headPoint : p.point[route[at - 1]!]!;
  const leaves = at === 0 ? times.headDeparts : times.departs[at - 1]!;
  const end = p.endPoint[t]!;
  const after = at < route.length ? p.point[route[at]!]! : end;
  const legIn = before >= 0 ? minutes[before * size + here]! : 0;
  const startsAt = Math.max(leaves + legIn, p.earliest[stop]!);
  if (startsAt > p.latest[stop]! + EPSILON) return null;
  const departsAt = startsAt + p.service[stop]!;
  const legOut = after >= 0 ? minutes[here * size + after]! : 0;
  if (at < route.length) {
    const next = route[at]!;
    if (Math.max(departsAt + legOut, p.earliest[next]!) > times.latestStart[at]! + EPSILON) return null;
  } else if (departsAt + legOut > p.shiftEnd[t]! + EPSILON) return null;
  // The leg this stop replaces; a route with no stop yet has no drive back.
  const bridged = before >= 0 && after >= 0 && !times.empty;
  const kmIn = before >= 0 ? km[before * size + here]! : 0;
  const kmOut = after >= 0 ? km[here * size + after]! : 0;
  const drive = legIn + legOut - (bridged ? minutes[before * size + after]! : 0);
  const distance = kmIn + kmOut - (bridged ? km[before * size + after]! : 0);
  return drive + distance * p.weights.km;
}

/** The cheapest feasible place for `stop` in route `t`; `blink` skips places at random. */
export function bestInsertion(
  p: Problem,
  solution: Solution,
  stop: number,
  t: number,
  random?: Random,
  blink = 0,
): Insertion | null {
  if (!canTake(p, stop, t)) return null;
  const route = solution.routes[t]!;
  const times = routeTimes(p, solution, t);
  const base = routeScore(p, solution.costs[t]!);
  let best: Insertion | null = null;
  for (let at = 0; at <= route.length; at++) {
    if (random && random.next() < blink) continue;
    let delta: number | null;
    if (times.simple) delta = insertionDelta(p, times, route, t, stop, at);
    else {
      const cost = walkRoute(p, t, route, stop, at);
      delta = cost.feasible ? routeScore(p, cost) - base : null;
    }
    if (delta !== null && (!best || delta < best.delta)) best = { delta, at };
  }
  return best;
}

export function insertAt(p: Problem, solution: Solution, stop: number, t: number, at: number) {
  const route = solution.routes[t]!;
  setRoute(p, solution, t, [...route.slice(0, at), stop, ...route.slice(at)]);
  solution.unplaced = solution.unplaced.filter((other) => other !== stop);
}

/** Each stop in `order` goes to its cheapest place over every route, if it has one. */
export function greedyInsert(p: Problem, solution: Solution, order: number[], random?: Random, blink = 0) {
  for (const stop of order) {
    let best: Insertion | null = null;
    let bestRoute = -1;
    for (let t = 0; t < p.technicianCount; t++) {
      const found = bestInsertion(p, solution, stop, t, random, blink);
      if (found && (!best || found.delta < best.delta)) [best, bestRoute] = [found, t];
    }
    if (best) insertAt(p, solution, stop, bestRoute, best.at);
  }
}

/**
 * Regret insertion: the stop whose best route beats its next best ones by the most goes in
 * first (a stop with few places is urgent), until no stop left out has a feasible place.
 */
export function regretInsert(p: Problem, solution: Solution, pool: number[], regretOf = 3) {
  const places = new Map(
    pool.map((stop) => [stop, solution.routes.map((_, t) => bestInsertion(p, solution, stop, t))]),
  );
  while (places.size > 0) {
    let chosen = -1;
    let chosenRegret = -Infinity;
    let chosenBest = Infinity;
    for (const [stop, options] of places) {
      const deltas = options.flatMap((option) => (option ? [option.delta] : [])).sort((a, b) => a - b);
      if (deltas.length === 0) {
        places.delete(stop);
        continue;
      }
      let regret = 0;
      for (let j = 1; j < regretOf; j++) regret += (deltas[j] ?? p.weights.unplaced) - deltas[0]!;
      if (regret > chosenRegret || (regret === chosenRegret && deltas[0]! < chosenBest)) {
        [chosen, chosenRegret, chosenBest] = [stop, regret, deltas[0]!];
      }
    }
    if (chosen < 0) break;
    const options = places.get(chosen)!;
    places.delete(chosen);
    const t = options.findIndex((option) => option?.delta === chosenBest);
    insertAt(p, solution, chosen, t, options[t]!.at);
    for (const [stop, stopOptions] of places) stopOptions[t] = bestInsertion(p, solution, stop, t);
  }
}
