import type { Problem } from './problem';
import type { Random } from './random';
import { greedyInsert } from './insertion';
import { cloneSolution, setRoute, solutionScore, type Solution } from './solution';

/** Places skipped at random while recreating, so that equal choices do not always fall alike. */
const BLINK = 0.01;
/** Most stops removed per ruin on average, and the longest run removed from one route. */
const MEAN_REMOVED = 10;
const LONGEST_RUN = 10;
/** Simulated annealing's temperature, as a share of the mean drive to a stop's nearest neighbour. */
const FIRST_TEMPERATURE = 1;
const LAST_TEMPERATURE = 0.02;

/** Each free stop's other free stops, nearest first (drive both ways). */
function nearestFirst(p: Problem): Map<number, number[]> {
  const { size, minutes } = p.table;
  const both = (a: number, b: number) =>
    minutes[p.point[a]! * size + p.point[b]!]! + minutes[p.point[b]! * size + p.point[a]!]!;
  return new Map(
    p.free.map((stop) => [
      stop,
      p.free.filter((other) => other !== stop).sort((a, b) => both(stop, a) - both(stop, b)),
    ]),
  );
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * String removal (after Christiaens and Vanden Berghe's SISR): runs of consecutive stops are
 * taken out of the routes nearest a random stop, so that they can be put back differently.
 */
function ruin(p: Problem, solution: Solution, random: Random, neighbours: Map<number, number[]>, routeOf: Int32Array) {
  let placed = 0;
  let used = 0;
  routeOf.fill(-1);
  solution.routes.forEach((route, t) => {
    for (const stop of route) routeOf[stop] = t;
    placed += route.length;
    if (route.length > 0) used++;
  });
  if (placed === 0) return;
  const meanRemoved = Math.max(2, Math.min(MEAN_REMOVED, Math.round(placed * 0.3)));
  const longestRun = Math.min(LONGEST_RUN, placed / used);
  const runCount = Math.max(1, Math.floor(random.next() * ((4 * meanRemoved) / (1 + longestRun) - 1)) + 1);
  let seed = -1;
  for (let chosen = random.below(placed), t = 0; seed < 0; t++) {
    const route = solution.routes[t]!;
    if (chosen < route.length) seed = route[chosen]!;
    else chosen -= route.length;
  }
  const ruined = new Set<number>();
  const near = neighbours.get(seed)!;
  for (let i = -1; i < near.length && ruined.size < runCount; i++) {
    const stop = i < 0 ? seed : near[i]!;
    const t = routeOf[stop]!;
    if (t < 0 || ruined.has(t)) continue;
    ruined.add(t);
    const route = solution.routes[t]!;
    const length = Math.floor(random.next() * Math.min(route.length, longestRun)) + 1;
    const at = route.indexOf(stop);
    const first = Math.max(0, Math.min(route.length - length, at - random.below(length)));
    for (let j = first; j < first + length; j++) solution.unplaced.push(route[j]!);
    setRoute(p, solution, t, [...route.slice(0, first), ...route.slice(first + length)]);
  }
}

/** The order stops go back in: at random, tightest window first, or farthest from any start first. */
function recreateOrder(p: Problem, stops: number[], random: Random): number[] {
  const order = shuffle(stops, random);
  const pick = random.below(10);
  if (pick < 4) return order;
  const width = (stop: number) => p.latest[stop]! - p.earliest[stop]!;
  if (pick < 8) return order.sort((a, b) => width(a) - width(b));
  const { size, minutes } = p.table;
  const farness = (stop: number) => {
    let nearest = 0;
    p.startPoint.forEach((start, t) => {
      if (start >= 0 && (t === 0 || minutes[start * size + p.point[stop]!]! < nearest)) {
        nearest = minutes[start * size + p.point[stop]!]!;
      }
    });
    return nearest;
  };
  return order.sort((a, b) => farness(b) - farness(a));
}

/** The mean drive from a free stop to its nearest free neighbour: the scale of one change. */
function meanNearestDrive(p: Problem, neighbours: Map<number, number[]>) {
  const { size, minutes } = p.table;
  let sum = 0;
  for (const [stop, [nearest]] of neighbours) {
    if (nearest !== undefined) sum += minutes[p.point[stop]! * size + p.point[nearest]!]!;
  }
  return neighbours.size > 0 ? sum / neighbours.size : 0;
}

/**
 * Ruin and recreate with simulated annealing for a set number of iterations: each one removes
 * some stops and puts them (and any left out) back greedily; a worse plan is kept now and then,
 * less often as the temperature falls. Returns the best plan seen.
 */
export function ruinAndRecreate(p: Problem, start: Solution, random: Random, iterations: number): Solution {
  if (p.free.length < 2 || iterations === 0) return start;
  const neighbours = nearestFirst(p);
  const scale = Math.max(meanNearestDrive(p, neighbours), 1e-3);
  const routeOf = new Int32Array(p.stopCount);
  let current = start;
  let currentScore = solutionScore(p, start);
  let best = start;
  let bestScore = currentScore;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const temperature = scale * FIRST_TEMPERATURE * (LAST_TEMPERATURE / FIRST_TEMPERATURE) ** (iteration / iterations);
    const candidate = cloneSolution(current);
    ruin(p, candidate, random, neighbours, routeOf);
    greedyInsert(p, candidate, recreateOrder(p, [...candidate.unplaced], random), random, BLINK);
    const score = solutionScore(p, candidate);
    if (score < currentScore - temperature * Math.log(1 - random.next())) {
      current = candidate;
      currentScore = score;
      if (score < bestScore - 1e-9) {
        best = candidate;
        bestScore = score;
      }
    }
  }
  return cloneSolution(best);
}
