import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimiseRoutes, routePoints, straightLineLeg, type RouteInput, type RouteOptions, type RoutePlan } from '.';
import { planViolations } from './testing/check';
import { generateDay } from './testing/instances';

type Travel = 'straight-line' | 'matrix' | 'function';

/** A metric table (straight line × factor + a fixed cost per leg), so skipping a stop never makes a later one later. */
function travelFor(kind: Travel, input: RouteInput): RouteOptions['travel'] {
  if (kind === 'straight-line') return undefined;
  const points = routePoints(input);
  const leg = (from: number, to: number) => {
    const [a, b] = [points[from], points[to]];
    if (!a || !b || from === to) return { minutes: 0, km: 0 };
    const straight = straightLineLeg(a, b, { roadFactor: 1.5, speedKmh: 30 });
    return { minutes: straight.minutes + 2, km: straight.km };
  };
  if (kind === 'function') return leg;
  const table = points.map((_, from) => points.map((__, to) => leg(from, to)));
  return {
    minutes: table.map((row) => row.map((cell) => cell.minutes)),
    km: table.map((row) => row.map((cell) => cell.km)),
  };
}

const day = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  stops: fc.integer({ min: 0, max: 14 }),
  technicians: fc.integer({ min: 1, max: 4 }),
  pinned: fc.double({ min: 0, max: 0.5, noNaN: true }),
  windowed: fc.double({ min: 0, max: 0.5, noNaN: true }),
  assigned: fc.double({ min: 0, max: 1, noNaN: true }),
  restricted: fc.double({ min: 0, max: 0.5, noNaN: true }),
  openStart: fc.constantFrom(0, 0.3),
  openEnd: fc.constantFrom(0, 0.3),
  unlocated: fc.constantFrom(0, 0.1),
  allowReassignment: fc.boolean(),
  pinToleranceMinutes: fc.constantFrom(0, 5, 15),
  travel: fc.constantFrom<Travel>('straight-line', 'matrix', 'function'),
});

type Shape = typeof day extends fc.Arbitrary<infer T> ? T : never;

function build(shape: Shape): { input: RouteInput; options: RouteOptions } {
  const input = generateDay(shape.seed, shape);
  input.stops.forEach((stop, i) => {
    if (((shape.seed >> i) & 15) / 16 < shape.unlocated) stop.location = null;
  });
  const options: RouteOptions = {
    seed: shape.seed,
    allowReassignment: shape.allowReassignment,
    pinToleranceMinutes: shape.pinToleranceMinutes,
    travel: travelFor(shape.travel, input),
    iterations: 300,
  };
  return { input, options };
}

/** The plan as a technician's present day: each placed stop assigned in order, some locked, the first ones started or done. */
function asPresentDay(input: RouteInput, plan: RoutePlan, mask: number): RouteInput {
  const stops = input.stops.map((stop) => ({ ...stop, assignedTo: undefined, routeOrder: undefined }));
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  let now = Infinity;
  plan.routes.forEach((route, k) => {
    const done = (mask >> (2 * k)) & 3;
    route.stops.forEach((entry, position) => {
      const stop = byId.get(entry.stopId)!;
      Object.assign(stop, { assignedTo: route.technicianId, routeOrder: position });
      if (position < done)
        Object.assign(stop, { status: position === done - 1 ? 'started' : 'completed', startedAt: entry.startsAt });
      else if ((mask >> (position % 16)) & 1) stop.locked = true;
    });
    const firstPlanned = route.stops[done];
    if (firstPlanned) now = Math.min(now, firstPlanned.arrivesAt - firstPlanned.driveMinutes);
  });
  return { ...input, stops, ...(mask & 1 && Number.isFinite(now) ? { now } : {}) };
}

describe('optimiseRoutes over random days', () => {
  it('breaks no window or shift, places each stop once or says why, and its times add up', () => {
    fc.assert(
      fc.property(day, (shape) => {
        const { input, options } = build(shape);
        expect(planViolations(input, options, optimiseRoutes(input, options))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps locked, started and completed visits in place, and is never worse than the present day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 0xffff }), (shape, mask) => {
        const { input: plain, options } = build(shape);
        const present = optimiseRoutes(plain, options);
        const input = asPresentDay(plain, present, mask);
        const plan = optimiseRoutes(input, { ...options, seed: shape.seed + 1, allowReassignment: false });
        expect(planViolations(input, options, plan)).toEqual([]);
        for (const route of present.routes) {
          const now = plan.routes.find((other) => other.technicianId === route.technicianId)!;
          route.stops.forEach((entry, position) => {
            const stop = input.stops.find((other) => other.id === entry.stopId)!;
            if (stop.locked || stop.status !== undefined) expect(now.stops[position]?.stopId).toBe(entry.stopId);
          });
        }
        const placed = (p: RoutePlan) => p.routes.reduce((sum, route) => sum + route.stops.length, 0);
        expect(placed(plan)).toBeGreaterThanOrEqual(placed(present));
        if (placed(plan) === placed(present))
          expect(plan.totalDriveMinutes).toBeLessThanOrEqual(present.totalDriveMinutes + 1e-6);
      }),
      { numRuns: 100 },
    );
  });
});
