import { RouteInputError, type LatLng, type RouteInput, type RouteOptions } from './types';

const finite = (value: number | undefined, what: string) => {
  if (value !== undefined && !Number.isFinite(value)) throw new RouteInputError(`${what} must be a finite number`);
};

const checkPoint = (point: LatLng | null, what: string) => {
  if (!point) return;
  finite(point.lat, `${what} latitude`);
  finite(point.lng, `${what} longitude`);
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) throw new RouteInputError(`${what} is not on Earth`);
};

/** Rejects input that contradicts itself: a caller's mistake, never a fact of the day. */
export function validateInput(input: RouteInput, options: RouteOptions) {
  const stopIds = new Set<string>();
  for (const stop of input.stops) {
    const what = `Stop ${stop.id}`;
    if (stopIds.has(stop.id)) throw new RouteInputError(`${what} appears twice`);
    stopIds.add(stop.id);
    checkPoint(stop.location, what);
    finite(stop.serviceMinutes, `${what} service minutes`);
    if (!(stop.serviceMinutes >= 0)) throw new RouteInputError(`${what} service minutes must not be negative`);
    finite(stop.pinnedAt, `${what} pinned time`);
    finite(stop.routeOrder, `${what} route order`);
    finite(stop.startedAt, `${what} start`);
    if (stop.window) {
      finite(stop.window.earliest, `${what} window`);
      finite(stop.window.latest, `${what} window`);
      if (stop.window.earliest > stop.window.latest) throw new RouteInputError(`${what} window ends before it opens`);
    }
    if (stop.status === 'started' || stop.status === 'completed') {
      if (stop.startedAt === undefined) throw new RouteInputError(`${what} is ${stop.status} but has no start`);
      if (stop.assignedTo === undefined) throw new RouteInputError(`${what} is ${stop.status} but has no technician`);
    }
  }
  const technicianIds = new Set<string>();
  for (const technician of input.technicians) {
    const what = `Technician ${technician.id}`;
    if (technicianIds.has(technician.id)) throw new RouteInputError(`${what} appears twice`);
    technicianIds.add(technician.id);
    finite(technician.shift.start, `${what} shift`);
    finite(technician.shift.end, `${what} shift`);
    if (technician.shift.start > technician.shift.end) throw new RouteInputError(`${what} shift ends before it starts`);
    checkPoint(technician.start, `${what} start point`);
    checkPoint(technician.end, `${what} end point`);
  }
  finite(input.now, 'now');
  finite(options.seed, 'seed');
  if (options.iterations !== undefined && !(Number.isInteger(options.iterations) && options.iterations >= 0)) {
    throw new RouteInputError('iterations must be a whole number, not negative');
  }
  const tolerance = options.pinToleranceMinutes ?? 0;
  if (!(Number.isFinite(tolerance) && tolerance >= 0)) {
    throw new RouteInputError('pinToleranceMinutes must be a finite number, not negative');
  }
  const { roadFactor = 1, speedKmh = 1 } = options.straightLine ?? {};
  if (!(roadFactor > 0 && speedKmh > 0 && Number.isFinite(roadFactor) && Number.isFinite(speedKmh))) {
    throw new RouteInputError('roadFactor and speedKmh must be positive');
  }
}
