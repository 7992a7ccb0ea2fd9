// The judge of the optimiser's quality: the same day as a mixed-integer program (a VRPTW with
// binary arcs per technician and big-M service times), solved to optimality by HiGHS. Written
// from the documented rules, not from the optimiser's code, and used only by tests and bench.
import type { Highs } from 'highs';
import { routePoints } from '../travel';
import type { RouteInput, RouteOptions } from '../types';
import { travelOf } from './travel-of';

export interface ExactPlan {
  placed: number;
  driveMinutes: number;
  /** Each technician's stops (input indices) in order. */
  routes: number[][];
  seconds: number;
}

const f = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(9));

/** The optimum: most stops placed, then least driving. Throws unless HiGHS proves it. */
export function solveExactly(highs: Highs, input: RouteInput, options: RouteOptions): ExactPlan {
  const points = routePoints(input);
  const travel = travelOf(input, options);
  const tolerance = options.pinToleranceMinutes ?? 0;
  const stops = input.stops.map((stop, i) => {
    if (!stop.location) throw new Error('The exact model needs every stop located');
    let earliest = stop.window?.earliest ?? 0;
    let latest = stop.window?.latest ?? 2880;
    if (stop.pinnedAt !== undefined) {
      earliest = Math.max(earliest, stop.pinnedAt - tolerance);
      latest = Math.min(latest, stop.pinnedAt + tolerance);
    }
    const takers = input.technicians
      .map((technician, k) => ({ technician, k }))
      .filter(({ technician }) => !stop.technicianIds || stop.technicianIds.includes(technician.id))
      .filter(({ technician }) => !stop.assignedTo || options.allowReassignment || stop.assignedTo === technician.id)
      .map(({ k }) => k);
    return { i, service: stop.serviceMinutes, earliest, latest, takers };
  });
  const technicians = input.technicians.map((technician, k) => ({
    k,
    clock: Math.max(technician.shift.start, input.now ?? -Infinity),
    end: technician.shift.end,
    startPoint: points[stops.length + 2 * k] ? stops.length + 2 * k : -1,
    endPoint: points[stops.length + 2 * k + 1] ? stops.length + 2 * k + 1 : -1,
  }));
  const leg = (from: number, to: number) => (from < 0 || to < 0 ? 0 : travel(from, to).minutes);
  const lower = (i: number) => Math.max(stops[i]!.earliest, Math.min(...technicians.map((t) => t.clock)));
  const upper = (i: number) =>
    Math.max(lower(i), Math.min(stops[i]!.latest, Math.max(...technicians.map((t) => t.end))));
  // A window that misses every shift: nobody may take the stop (and its time is left alone).
  for (const stop of stops) if (stop.earliest > Math.max(...technicians.map((t) => t.end))) stop.takers = [];

  const rows: string[] = [];
  const binaries: string[] = [];
  const bounds: string[] = [];
  const arcs: { name: string; minutes: number }[] = [];
  const outOf = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  const arcsBetween = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, name: string) => map.set(key, [...(map.get(key) ?? []), name]);
  const arc = (k: number, from: string, to: string, minutes: number) => {
    const name = `x_${k}_${from}_${to}`;
    arcs.push({ name, minutes });
    binaries.push(name);
    add(outOf, `${k}_${from}`, name);
    add(into, `${k}_${to}`, name);
    if (from !== 'S' && to !== 'E') add(arcsBetween, `${from}_${to}`, name);
  };
  // Arcs that no schedule can use (the window closes before the technician can get there) are
  // left out of the model: the same optimum, found far sooner.
  for (const t of technicians) {
    const own = stops.filter((stop) => stop.takers.includes(t.k));
    const earliestStart = (i: number) => Math.max(lower(i), t.clock + leg(t.startPoint, i));
    for (const a of own) {
      const departs = earliestStart(a.i) + a.service;
      if (earliestStart(a.i) > upper(a.i) || departs + leg(a.i, t.endPoint) > t.end) continue;
      arc(t.k, 'S', `${a.i}`, leg(t.startPoint, a.i));
      arc(t.k, `${a.i}`, 'E', leg(a.i, t.endPoint));
      for (const b of own) {
        if (a !== b && Math.max(departs + leg(a.i, b.i), lower(b.i)) <= upper(b.i))
          arc(t.k, `${a.i}`, `${b.i}`, leg(a.i, b.i));
      }
    }
  }

  for (const stop of stops) {
    const out = stop.takers.flatMap((k) => outOf.get(`${k}_${stop.i}`) ?? []);
    rows.push(`once_${stop.i}: ${[...out, `u_${stop.i}`].join(' + ')} = 1`);
    for (const k of stop.takers) {
      const ins = into.get(`${k}_${stop.i}`) ?? [];
      const outs = outOf.get(`${k}_${stop.i}`) ?? [];
      if (outs.length > 0) rows.push(`flow_${k}_${stop.i}: ${ins.join(' + ')} - ${outs.join(' - ')} = 0`);
    }
    bounds.push(`0 <= u_${stop.i} <= 1`, `${f(lower(stop.i))} <= T_${stop.i} <= ${f(upper(stop.i))}`);
  }
  for (const t of technicians) {
    const starts = outOf.get(`${t.k}_S`) ?? [];
    const ends = into.get(`${t.k}_E`) ?? [];
    if (starts.length === 0) continue;
    rows.push(
      `leave_${t.k}: ${starts.join(' + ')} <= 1`,
      `back_${t.k}: ${ends.join(' + ')} - ${starts.join(' - ')} = 0`,
    );
    bounds.push(`${f(t.clock)} <= D_${t.k} <= ${f(t.end)}`, `${f(t.clock)} <= A_${t.k} <= ${f(t.end)}`);
    for (const stop of stops.filter((s) => outOf.has(`${t.k}_${s.i}`))) {
      // T_j >= D_k + leg - M (1 - x): the first stop starts after the drive from the start point.
      const first = leg(t.startPoint, stop.i);
      const bigFirst = Math.max(0, t.end + first - lower(stop.i));
      rows.push(
        `first_${t.k}_${stop.i}: T_${stop.i} - D_${t.k} - ${f(bigFirst)} x_${t.k}_S_${stop.i} >= ${f(first - bigFirst)}`,
      );
      // A_k >= T_i + service + leg - M (1 - x): back at the end point within the shift.
      const last = stop.service + leg(stop.i, t.endPoint);
      const bigLast = Math.max(0, upper(stop.i) + last - t.clock);
      rows.push(
        `last_${t.k}_${stop.i}: A_${t.k} - T_${stop.i} - ${f(bigLast)} x_${t.k}_${stop.i}_E >= ${f(last - bigLast)}`,
      );
    }
  }
  for (const [key, names] of arcsBetween) {
    const [i, j] = key.split('_').map(Number) as [number, number];
    const gap = stops[i]!.service + leg(i, j);
    const big = Math.max(0, upper(i) + gap - lower(j));
    rows.push(
      `order_${key}: T_${j} - T_${i} - ${names.map((name) => `${f(big)} ${name}`).join(' - ')} >= ${f(gap - big)}`,
    );
  }

  const lp = (goal: string, extra: string[]) =>
    [
      'Minimize',
      ` ${goal}`,
      'Subject To',
      ...[...rows, ...extra].map((row) => ` ${row}`),
      'Bounds',
      ...bounds.map((bound) => ` ${bound}`),
      'Binary',
      ` ${binaries.join(' ')}`,
      'End',
    ].join('\n');
  const solve = (model: string) => {
    const result = highs.solve(model, { output_flag: false, mip_rel_gap: 1e-9, mip_abs_gap: 1e-7, time_limit: 300 });
    if (result.Status !== 'Optimal') throw new Error(`HiGHS did not prove an optimum: ${result.Status}`);
    return result;
  };
  // Lexicographic, in two solves: the fewest stops left out, then the least driving with no more left out.
  const began = performance.now();
  const leftOut = stops.map((stop) => `u_${stop.i}`);
  const fewest = Math.round(solve(lp(`left: ${leftOut.join(' + ')}`, [])).ObjectiveValue);
  const result = solve(
    lp(`drive: ${arcs.map(({ name, minutes }) => `${f(minutes)} ${name}`).join(' + ')}`, [
      `most: ${leftOut.join(' + ')} <= ${fewest}`,
    ]),
  );
  const seconds = (performance.now() - began) / 1000;
  const chosen = (name: string) => (result.Columns[name]?.Primal ?? 0) > 0.5;
  const driveMinutes = arcs.filter(({ name }) => chosen(name)).reduce((sum, { minutes }) => sum + minutes, 0);
  const placed = stops.filter((stop) => (result.Columns[`u_${stop.i}`]?.Primal ?? 1) < 0.5).length;
  const routes = technicians.map((t) => {
    const route: number[] = [];
    let at = 'S';
    for (;;) {
      const next = (outOf.get(`${t.k}_${at}`) ?? []).find(chosen);
      if (!next || next.endsWith('_E')) return route;
      at = next.split('_')[3]!;
      route.push(Number(at));
    }
  });
  return { placed, driveMinutes, routes, seconds };
}
