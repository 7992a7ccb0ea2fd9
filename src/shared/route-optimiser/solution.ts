import type { Problem } from './problem';
import { walkRoute, type RouteCost } from './schedule';

/** Times along a route, kept to test an insertion in constant time (see insertion.ts). */
export interface RouteTimes {
  /** Kept stops come only first (or not at all), so an insertion moves no kept stop. */
  simple: boolean;
  /** No stop at all yet, so no drive back to the end point either. */
  empty: boolean;
  /** Where and when the free part begins: after the kept head, or at the start point. */
  headPoint: number;
  headDeparts: number;
  /** Per free stop: when it is left, and the latest start that keeps the rest of the route in time. */
  departs: Float64Array;
  latestStart: Float64Array;
}

/** A plan under search: the free stops of each technician's route, and those left out. */
export interface Solution {
  routes: number[][];
  costs: RouteCost[];
  /** Filled when first needed after a route changes. */
  times: (RouteTimes | null)[];
  unplaced: number[];
}

/** A route's part of the objective: kept places first, then driving time, then distance. */
export const routeScore = (p: Problem, cost: RouteCost) =>
  cost.feasible ? cost.deficit * p.weights.deficit + cost.drive + cost.km * p.weights.km : Infinity;

/** The whole objective as one number; each stop left out outweighs any amount of driving. */
export function solutionScore(p: Problem, solution: Solution) {
  let score = solution.unplaced.length * p.weights.unplaced;
  for (const cost of solution.costs) score += routeScore(p, cost);
  return score;
}

export function emptySolution(p: Problem): Solution {
  const routes = p.kept.map(() => [] as number[]);
  return {
    routes,
    costs: routes.map((route, t) => walkRoute(p, t, route)),
    times: routes.map(() => null),
    unplaced: [...p.free],
  };
}

export const cloneSolution = (solution: Solution): Solution => ({
  routes: solution.routes.map((route) => [...route]),
  costs: [...solution.costs],
  times: [...solution.times],
  unplaced: [...solution.unplaced],
});

export function setRoute(p: Problem, solution: Solution, t: number, route: number[], cost?: RouteCost) {
  solution.routes[t] = route;
  solution.costs[t] = cost ?? walkRoute(p, t, route);
  solution.times[t] = null;
}
