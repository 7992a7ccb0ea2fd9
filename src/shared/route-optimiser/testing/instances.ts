// Seeded generators of days to plan, shared by the optimiser's tests and its benchmark.
import { seededRandom, type Random } from '../random';
import type { LatLng, RouteInput, RouteOptions, RouteStop, RouteTechnician } from '../types';

const CENTRE: LatLng = { lat: 30.2672, lng: -97.7431 };

const pointNear = (random: Random, spreadKm: number): LatLng => ({
  lat: CENTRE.lat + ((random.next() * 2 - 1) * spreadKm) / 111,
  lng: CENTRE.lng + ((random.next() * 2 - 1) * spreadKm) / 96,
});

const pick = <T>(random: Random, items: readonly T[]): T => items[random.below(items.length)]!;

export interface DayShape {
  stops: number;
  technicians: number;
  /** Half the side of the square the stops lie in. */
  spreadKm?: number;
  serviceMinutes?: [number, number];
  /** Shares of stops pinned to a time, with a client's window, assigned, or limited to some technicians. */
  pinned?: number;
  windowed?: number;
  assigned?: number;
  restricted?: number;
  /** Share of technicians with no end point (their day ends at the last stop) or no start point. */
  openEnd?: number;
  openStart?: number;
}

/** A day of `shape.stops` visits for `shape.technicians` technicians around one city. */
export function generateDay(seed: number, shape: DayShape): RouteInput {
  const random = seededRandom(seed);
  const spread = shape.spreadKm ?? 12;
  const [shortest, longest] = shape.serviceMinutes ?? [15, 45];
  const depot = pointNear(random, spread / 4);
  const technicians: RouteTechnician[] = Array.from({ length: shape.technicians }, (_, t) => {
    const start = pick(random, [420, 480, 480, 540]);
    const home = random.next() < 0.5 ? depot : pointNear(random, spread);
    return {
      id: `tech-${t + 1}`,
      shift: { start, end: start + pick(random, [420, 480, 540]) },
      start: random.next() < (shape.openStart ?? 0) ? null : home,
      end: random.next() < (shape.openEnd ?? 0) ? null : home,
    };
  });
  const stops: RouteStop[] = Array.from({ length: shape.stops }, (_, i) => {
    const stop: RouteStop = {
      id: `stop-${i + 1}`,
      location: pointNear(random, spread),
      serviceMinutes: shortest + 5 * random.below(Math.floor((longest - shortest) / 5) + 1),
    };
    const kind = random.next();
    if (kind < (shape.pinned ?? 0.2)) stop.pinnedAt = 510 + 15 * random.below(27);
    else if (kind < (shape.pinned ?? 0.2) + (shape.windowed ?? 0.3)) {
      const earliest = 480 + 30 * random.below(13);
      stop.window = { earliest, latest: earliest + 60 * (1 + random.below(4)) };
    }
    if (random.next() < (shape.assigned ?? 0)) stop.assignedTo = pick(random, technicians).id;
    if (random.next() < (shape.restricted ?? 0)) {
      const allowed = technicians.filter(() => random.next() < 0.5).map((technician) => technician.id);
      stop.technicianIds = allowed.length > 0 ? allowed : [pick(random, technicians).id];
    }
    return stop;
  });
  return { stops, technicians };
}

/** The days the exact solver judges in the tests and the benchmark (HiGHS proves each in seconds). */
export const EXACT_SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

/** The small days the exact solver judges: 4–10 stops, 1–3 technicians, every kind of constraint. */
export function smallDay(seed: number): { input: RouteInput; options: RouteOptions } {
  const random = seededRandom(seed * 7919 + 13);
  const stops = 4 + random.below(7);
  const technicians = 1 + random.below(stops >= 9 ? 2 : 3);
  const input = generateDay(seed, {
    stops,
    technicians,
    serviceMinutes: [10, 60],
    pinned: 0.25,
    windowed: 0.35,
    assigned: 0.2,
    restricted: 0.15,
    openEnd: 0.15,
    openStart: 0.1,
  });
  return { input, options: { pinToleranceMinutes: random.next() < 0.5 ? 0 : 10, seed } };
}

/** The benchmark's day: 40 stops for 4 technicians, a fifth pinned and a third with windows. */
export const benchmarkDay = (seed: number) =>
  generateDay(seed, { stops: 40, technicians: 4, pinned: 0.2, windowed: 0.3, assigned: 0.1, restricted: 0.1 });
