import { canTake, type Problem } from './problem';
import { walkRoute, type RouteCost } from './schedule';
import { bestInsertion, insertAt } from './insertion';
import { routeScore, setRoute, type Solution } from './solution';

/** A move counts only when it saves more than this (minutes): float noise never loops. */
const GAIN = 1e-7;
/** Passes over every neighbourhood before stopping; a local optimum usually comes far sooner. */
const MAX_PASSES = 200;

const allTake = (p: Problem, stops: readonly number[], t: number) => stops.every((stop) => canTake(p, stop, t));

/**
 * Replaces the routes named in `changes` if that lowers the objective. Returns whether it did.
 */
function tryRoutes(p: Problem, solution: Solution, changes: [number, number[]][]): boolean {
  let delta = 0;
  const costs: RouteCost[] = [];
  for (const [t, route] of changes) {
    const cost = walkRoute(p, t, route);
    if (!cost.feasible) return false;
    costs.push(cost);
    delta += routeScore(p, cost) - routeScore(p, solution.costs[t]!);
  }
  if (delta >= -GAIN) return false;
  changes.forEach(([t, route], i) => setRoute(p, solution, t, route, costs[i]));
  return true;
}

/** Or-opt and relocate: a run of 1–3 stops moves, maybe reversed, within its route or to another. */
function relocate(p: Problem, solution: Solution): boolean {
  let improved = false;
  for (let from = 0; from < p.technicianCount; from++) {
    runs: for (let i = 0; i < solution.routes[from]!.length; i++) {
      for (let length = 1; length <= 3; length++) {
        const route = solution.routes[from]!;
        if (i + length > route.length) break;
        const run = route.slice(i, i + length);
        const rest = [...route.slice(0, i), ...route.slice(i + length)];
        for (let to = 0; to < p.technicianCount; to++) {
          if (!allTake(p, run, to)) continue;
          const base = to === from ? rest : solution.routes[to]!;
          for (let at = 0; at <= base.length; at++) {
            for (const reversed of length > 1 ? [false, true] : [false]) {
              if (to === from && at === i && !reversed) continue;
              const moved = reversed ? [...run].reverse() : run;
              const target = [...base.slice(0, at), ...moved, ...base.slice(at)];
              const changes: [number, number[]][] =
                to === from
                  ? [[to, target]]
                  : [
                      [from, rest],
                      [to, target],
                    ];
              if (tryRoutes(p, solution, changes)) {
                improved = true;
                continue runs;
              }
            }
          }
        }
      }
    }
  }
  return improved;
}

/** Exchange: two stops swap places, in one route or across two. */
function exchange(p: Problem, solution: Solution): boolean {
  let improved = false;
  for (let a = 0; a < p.technicianCount; a++) {
    for (let b = a; b < p.technicianCount; b++) {
      firsts: for (let i = 0; i < solution.routes[a]!.length; i++) {
        const routeA = solution.routes[a]!;
        const routeB = solution.routes[b]!;
        for (let j = a === b ? i + 1 : 0; j < routeB.length; j++) {
          const stopA = routeA[i]!;
          const stopB = routeB[j]!;
          if (a !== b && !(canTake(p, stopA, b) && canTake(p, stopB, a))) continue;
          const newA = [...routeA];
          const newB = a === b ? newA : [...routeB];
          newA[i] = stopB;
          newB[j] = stopA;
          if (
            tryRoutes(
              p,
              solution,
              a === b
                ? [[a, newA]]
                : [
                    [a, newA],
                    [b, newB],
                  ],
            )
          ) {
            improved = true;
            continue firsts;
          }
        }
      }
    }
  }
  return improved;
}

/**
 * 2-opt* and its mirror: two routes swap their ends, or their beginnings (technicians start from
 * different places, so the two are different moves).
 */
function swapEnds(p: Problem, solution: Solution): boolean {
  let improved = false;
  for (let a = 0; a < p.technicianCount; a++) {
    pairs: for (let b = a + 1; b < p.technicianCount; b++) {
      const routeA = solution.routes[a]!;
      const routeB = solution.routes[b]!;
      for (let i = 0; i <= routeA.length; i++) {
        const [headA, tailA] = [routeA.slice(0, i), routeA.slice(i)];
        const tailsMove = allTake(p, tailA, b);
        const headsMove = allTake(p, headA, b);
        if (!tailsMove && !headsMove) continue;
        for (let j = 0; j <= routeB.length; j++) {
          const [headB, tailB] = [routeB.slice(0, j), routeB.slice(j)];
          const changes: [number, number[]][][] = [];
          if (tailsMove && (i < routeA.length || j < routeB.length) && allTake(p, tailB, a)) {
            changes.push([
              [a, [...headA, ...tailB]],
              [b, [...headB, ...tailA]],
            ]);
          }
          if (headsMove && i > 0 && j > 0 && allTake(p, headB, a)) {
            changes.push([
              [a, [...headB, ...tailA]],
              [b, [...headA, ...tailB]],
            ]);
          }
          for (const change of changes) {
            if (tryRoutes(p, solution, change)) {
              improved = true;
              continue pairs;
            }
          }
        }
      }
    }
  }
  return improved;
}

/** 2-opt: a stretch of one route is driven the other way round. */
function reverseStretch(p: Problem, solution: Solution): boolean {
  let improved = false;
  for (let t = 0; t < p.technicianCount; t++) {
    starts: for (let i = 0; i < solution.routes[t]!.length; i++) {
      const route = solution.routes[t]!;
      for (let j = i + 2; j < route.length; j++) {
        const reversed = [...route.slice(0, i), ...route.slice(i, j + 1).reverse(), ...route.slice(j + 1)];
        if (tryRoutes(p, solution, [[t, reversed]])) {
          improved = true;
          continue starts;
        }
      }
    }
  }
  return improved;
}

/** A stop left out goes in wherever it now fits: one more placed outweighs any driving. */
function insertLeftOut(p: Problem, solution: Solution): boolean {
  let improved = false;
  for (const stop of [...solution.unplaced]) {
    let best: { delta: number; at: number; t: number } | null = null;
    for (let t = 0; t < p.technicianCount; t++) {
      const found = bestInsertion(p, solution, stop, t);
      if (found && (!best || found.delta < best.delta)) best = { ...found, t };
    }
    if (best) {
      insertAt(p, solution, stop, best.t, best.at);
      improved = true;
    }
  }
  return improved;
}

const NEIGHBOURHOODS = [insertLeftOut, relocate, exchange, swapEnds, reverseStretch];

/** First-improvement descent over every neighbourhood until none improves (or MAX_PASSES). */
export function localSearch(p: Problem, solution: Solution) {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    for (const neighbourhood of NEIGHBOURHOODS) improved = neighbourhood(p, solution) || improved;
    if (!improved) return;
  }
}
