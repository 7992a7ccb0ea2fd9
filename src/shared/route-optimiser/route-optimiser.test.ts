import { describe, expect, it } from 'vitest';
import {
  RouteInputError,
  optimiseRoutes,
  routePoints,
  straightLineLeg,
  type LatLng,
  type RouteInput,
  type RouteStop,
  type RouteTechnician,
} from '.';
import { planViolations } from './testing/check';
import { benchmarkDay } from './testing/instances';

// Points along one street, 1 km apart (0.009° of latitude ≈ 1 km).
const at = (km: number): LatLng => ({ lat: 30 + km * 0.009, lng: -97.7 });
const technician = (id: string, extra: Partial<RouteTechnician> = {}): RouteTechnician => ({
  id,
  shift: { start: 480, end: 1020 },
  start: at(0),
  end: at(0),
  ...extra,
});
const stop = (id: string, km: number, extra: Partial<RouteStop> = {}): RouteStop => ({
  id,
  location: at(km),
  serviceMinutes: 30,
  ...extra,
});
const order = (input: RouteInput, plan = optimiseRoutes(input)) =>
  plan.routes.map((route) => route.stops.map((entry) => entry.stopId));
const reasons = (input: RouteInput) =>
  Object.fromEntries(optimiseRoutes(input).unplaced.map((entry) => [entry.stopId, entry.reason]));

describe('optimiseRoutes', () => {
  it('drives out along the street and back rather than to and fro', () => {
    const input = { technicians: [technician('t')], stops: [stop('c', 3), stop('a', 1), stop('d', 4), stop('b', 2)] };
    const plan = optimiseRoutes(input);
    // Out and back along the street, in one direction or the other: never to and fro.
    expect([['a', 'b', 'c', 'd'].join(), ['d', 'c', 'b', 'a'].join()]).toContain(order(input, plan)[0]!.join());
    const leg = straightLineLeg(at(0), at(1));
    expect(leg.km).toBeCloseTo(1.3, 1);
    expect(leg.minutes).toBeCloseTo((leg.km / 40) * 60, 9);
    expect(plan.totalDistanceKm).toBeCloseTo(8 * leg.km, 6);
    expect(plan.unplaced).toEqual([]);
    expect(planViolations(input, {}, plan)).toEqual([]);
  });

  it('waits for a window and starts a pinned visit at its time', () => {
    const input = {
      technicians: [technician('t')],
      stops: [stop('far', 4, { window: { earliest: 600, latest: 660 } }), stop('near', 1, { pinnedAt: 540 })],
    };
    const plan = optimiseRoutes(input);
    const [near, far] = plan.routes[0]!.stops;
    expect([near!.stopId, near!.startsAt, near!.waitMinutes]).toEqual(['near', 540, 0]);
    expect(plan.routes[0]!.leavesAt).toBeCloseTo(540 - near!.driveMinutes, 9);
    expect(far!.stopId).toBe('far');
    expect(far!.startsAt).toBe(600);
    expect(far!.waitMinutes).toBeGreaterThan(0);
  });

  it('reports every stop it cannot place, with its reason', () => {
    const input = {
      technicians: [technician('t', { shift: { start: 480, end: 720 } })],
      stops: [
        stop('nowhere', 1, { location: null }),
        stop('not-ours', 1, { assignedTo: 'someone-else' }),
        stop('evening', 1, { pinnedAt: 1080 }),
        stop('too-far', 200, { window: { earliest: 480, latest: 600 } }),
        stop('fits', 1, { pinnedAt: 600, serviceMinutes: 60 }),
        stop('clashes', 1, { pinnedAt: 620, serviceMinutes: 60 }),
      ],
    };
    expect(reasons(input)).toEqual({
      nowhere: 'no-coordinates',
      'not-ours': 'no-technician',
      evening: 'outside-every-shift',
      'too-far': 'unreachable',
      clashes: 'no-room',
    });
    expect(optimiseRoutes(input).unplaced.map((entry) => entry.message)).toEqual([
      'no coordinates',
      'no technician in the plan may take it',
      'outside every shift',
      'no technician can reach it within its window',
      'no room left in any route within its window',
    ]);
  });

  it('places as many stops as it can before it saves driving', () => {
    // Both pinned visits fit only if one technician drives far between them.
    const input = {
      technicians: [technician('t')],
      stops: [stop('here', 1, { pinnedAt: 540 }), stop('there', 20, { pinnedAt: 620 })],
    };
    expect(order(input)).toEqual([['here', 'there']]);
  });

  it('keeps assigned visits with their technician unless reassignment is allowed', () => {
    const input = {
      technicians: [technician('home'), technician('away', { start: at(10), end: at(10) })],
      stops: [stop('by-away', 10.5, { assignedTo: 'home' }), stop('by-home', 0.5)],
    };
    expect(order(input).map((route) => route.sort())).toEqual([['by-away', 'by-home'], []]);
    expect(order(input, optimiseRoutes(input, { allowReassignment: true }))).toEqual([['by-home'], ['by-away']]);
    const limited = { ...input, stops: [stop('x', 10.5, { technicianIds: ['home'] })] };
    expect(order(limited)).toEqual([['x'], []]);
  });

  it('keeps a locked stop at its place and started or completed visits first, at their times', () => {
    const input = {
      technicians: [technician('t')],
      now: 600,
      stops: [
        stop('d', 4, { assignedTo: 't', routeOrder: 1 }),
        stop('locked', 1, { assignedTo: 't', routeOrder: 3, locked: true }),
        stop('c', 3, { assignedTo: 't', routeOrder: 2 }),
        stop('done', 5, { assignedTo: 't', routeOrder: 9, status: 'completed', startedAt: 500 }),
        stop('under-way', 6, { assignedTo: 't', routeOrder: 8, status: 'started', startedAt: 560 }),
        stop('b', 2, { assignedTo: 't', routeOrder: 4 }),
      ],
    };
    const plan = optimiseRoutes(input);
    const [route] = plan.routes;
    // Present route: done, under-way, then d, c, locked (index 4), b.
    expect(route!.stops.map((entry) => entry.stopId)).toEqual(['done', 'under-way', 'd', 'c', 'locked', 'b']);
    expect(route!.stops.slice(0, 2).map((entry) => [entry.startsAt, entry.departsAt, entry.kept])).toEqual(
      [
        [500, 600],
        [560, 600],
      ].map(([startsAt, departsAt]) => [startsAt, departsAt, true]),
    );
    expect(route!.stops[2]!.arrivesAt).toBeCloseTo(600 + route!.stops[2]!.driveMinutes, 9);
    expect(planViolations(input, {}, plan)).toEqual([]);
  });

  it('reports a locked stop whose place cannot keep its window', () => {
    const input = {
      technicians: [technician('t')],
      stops: [
        stop('first', 1, { assignedTo: 't', routeOrder: 0, window: { earliest: 480, latest: 500 } }),
        stop('second', 30, { assignedTo: 't', routeOrder: 1, locked: true, window: { earliest: 480, latest: 490 } }),
      ],
    };
    expect(reasons(input)).toEqual({ second: 'locked-out-of-time' });
  });

  it('moves a locked stop up, never down, when too few stops can come before it', () => {
    // 'early' cannot come before the locked stop (its window has closed by then): the locked
    // stop takes index 0 instead of 1, and 'early' is left out.
    const input = {
      technicians: [technician('t')],
      stops: [
        stop('early', 1, { assignedTo: 't', routeOrder: 0, pinnedAt: 700 }),
        stop('locked', 2, { assignedTo: 't', routeOrder: 1, locked: true, window: { earliest: 480, latest: 600 } }),
      ],
    };
    expect(order(input)).toEqual([['locked']]);
    expect(reasons(input)).toEqual({ early: 'no-room' });
  });

  it('takes travel from a matrix or a function numbered as routePoints numbers the points', () => {
    const input: RouteInput = {
      technicians: [technician('t')],
      stops: [stop('a', 1), stop('b', 2)],
    };
    expect(routePoints(input)).toEqual([at(1), at(2), at(0), at(0)]);
    // Only 'b' is slow to reach from the start point (index 2), so the tour starts at 'a'.
    const minutes = [
      [0, 5, 5, 5],
      [5, 0, 5, 5],
      [5, 50, 0, 0],
      [5, 5, 0, 0],
    ];
    const km = minutes.map((row) => row.map((value) => value / 2));
    const fromMatrix = optimiseRoutes(input, { travel: { minutes, km } });
    expect(order(input, fromMatrix)).toEqual([['a', 'b']]);
    expect(fromMatrix.totalDriveMinutes).toBe(15);
    expect(fromMatrix.totalDistanceKm).toBe(7.5);
    const fromFunction = optimiseRoutes(input, { travel: (from, to) => ({ minutes: minutes[from]![to]!, km: 1 }) });
    expect(fromFunction.routes).toEqual(fromMatrix.routes.map((route) => ({ ...route, ...distances(route) })));
    expect(() => optimiseRoutes(input, { travel: { minutes: [[0]], km: [[0]] } })).toThrow(RouteInputError);
  });

  it('rejects input that contradicts itself', () => {
    const technicians = [technician('t')];
    const cases: RouteInput[] = [
      { technicians, stops: [stop('a', 1), stop('a', 2)] },
      { technicians, stops: [stop('a', 1, { window: { earliest: 600, latest: 500 } })] },
      { technicians, stops: [stop('a', 1, { status: 'started', assignedTo: 't' })] },
      { technicians, stops: [stop('a', 1, { serviceMinutes: -5 })] },
      { technicians: [technician('t', { shift: { start: 600, end: 500 } })], stops: [] },
    ];
    for (const input of cases) expect(() => optimiseRoutes(input)).toThrow(RouteInputError);
  });

  it('gives the same plan for the same input and seed', () => {
    const input = benchmarkDay(7);
    const first = optimiseRoutes(input, { seed: 42, iterations: 800 });
    expect(optimiseRoutes(input, { seed: 42, iterations: 800 })).toEqual(first);
    expect(planViolations(input, {}, first)).toEqual([]);
  });

  it('answers an empty day with empty routes', () => {
    const plan = optimiseRoutes({ technicians: [technician('t')], stops: [] });
    expect(plan).toEqual({
      routes: [
        {
          technicianId: 't',
          leavesAt: null,
          stops: [],
          returnLeg: null,
          totalDriveMinutes: 0,
          totalDistanceKm: 0,
          totalWaitMinutes: 0,
        },
      ],
      unplaced: [],
      totalDriveMinutes: 0,
      totalDistanceKm: 0,
    });
  });
});

/** The matrix case's route with a distance of 1 km per leg, as the function case gives it. */
function distances(route: ReturnType<typeof optimiseRoutes>['routes'][number]) {
  const legs = route.stops.length + (route.returnLeg ? 1 : 0);
  return {
    stops: route.stops.map((entry) => ({ ...entry, distanceKm: 1 })),
    returnLeg: route.returnLeg && { ...route.returnLeg, distanceKm: 1 },
    totalDistanceKm: legs,
  };
}
