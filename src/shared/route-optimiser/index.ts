// The route optimiser: one day's visits across a team, with time windows, shifts, assignments,
// locked places and visits already under way. Pure TypeScript with no Node or DOM API, so the
// server, a phone offline and a Web Worker run the same code. See docs/decisions/routes.md.
import { localSearch } from './local-search';
import { describePlan } from './plan';
import { prepare } from './prepare';
import type { Problem } from './problem';
import { seededRandom } from './random';
import { ruinAndRecreate } from './ruin-recreate';
import { walkRoute } from './schedule';
import { regretInsert } from './insertion';
import { emptySolution, setRoute, solutionScore, type Solution } from './solution';
import type { RouteInput, RouteOptions, RoutePlan } from './types';

export * from './types';
export { routePoints, straightLineLeg, haversineKm, DEFAULT_ROAD_FACTOR, DEFAULT_SPEED_KMH } from './travel';

/** Ruin-and-recreate iterations by default: enough for the optimum on small days (see the tests). */
export const defaultIterations = (stopCount: number) => Math.min(6000, 1000 + 125 * stopCount);

/** The present routes, keeping each stop in order while it still fits. */
function presentPlan(p: Problem): Solution {
  const solution = emptySolution(p);
  p.present.forEach((stops, t) => {
    for (const stop of stops) {
      const route = [...solution.routes[t]!, stop];
      const cost = walkRoute(p, t, route);
      if (!cost.feasible) continue;
      setRoute(p, solution, t, route, cost);
      solution.unplaced = solution.unplaced.filter((other) => other !== stop);
    }
  });
  return solution;
}

/**
 * Plans one day: which technician takes each stop, in what order, and when.
 *
 * The objective is lexicographic: locked stops at their places, then as many stops placed as
 * possible, then the least driving time, then the least distance. A window or a shift is never
 * broken; waiting for a window is allowed. Started and completed visits stay first in their
 * technician's route at the times they began. The same input and `seed` give the same plan.
 *
 * Stops it cannot place are listed in `unplaced` with a reason; none is dropped silently.
 * Throws `RouteInputError` when the input contradicts itself (repeated ids, a window that ends
 * before it opens, a started visit with no start time, a travel matrix of the wrong size).
 */
export function optimiseRoutes(input: RouteInput, options: RouteOptions = {}): RoutePlan {
  const p = prepare(input, options);
  const random = seededRandom(options.seed ?? 1);
  const fromPresent = presentPlan(p);
  regretInsert(p, fromPresent, [...fromPresent.unplaced]);
  const fromScratch = emptySolution(p);
  regretInsert(p, fromScratch, [...fromScratch.unplaced]);
  let solution = solutionScore(p, fromScratch) < solutionScore(p, fromPresent) ? fromScratch : fromPresent;
  localSearch(p, solution);
  solution = ruinAndRecreate(p, solution, random, options.iterations ?? defaultIterations(p.free.length));
  localSearch(p, solution);
  return describePlan(input, p, solution);
}
