import {
  RouteInputError,
  type LatLng,
  type RouteInput,
  type RouteOptions,
  type TravelLeg,
  type TravelMatrix,
} from './types';

const EARTH_RADIUS_KM = 6371.0088;
export const DEFAULT_ROAD_FACTOR = 1.3;
export const DEFAULT_SPEED_KMH = 40;

/**
 * The points a travel table is indexed by: each stop's location in input order, then each
 * technician's start and end point (stop count + 2 × technician index, and + 1 for the end).
 * Null where a point is unknown; the optimiser never asks for travel to or from those.
 */
export function routePoints(input: RouteInput): (LatLng | null)[] {
  return [
    ...input.stops.map((stop) => stop.location),
    ...input.technicians.flatMap((technician) => [technician.start, technician.end]),
  ];
}

/** Great-circle distance in km (haversine). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The default travel model: straight-line distance × a road factor, driven at a set speed. */
export function straightLineLeg(a: LatLng, b: LatLng, model: RouteOptions['straightLine'] = {}): TravelLeg {
  const km = haversineKm(a, b) * (model.roadFactor ?? DEFAULT_ROAD_FACTOR);
  return { km, minutes: (km / (model.speedKmh ?? DEFAULT_SPEED_KMH)) * 60 };
}

/** Minutes and km between every pair of known points, flat (row × size + column). */
export interface TravelTable {
  size: number;
  minutes: Float64Array;
  km: Float64Array;
}

const isMatrix = (travel: RouteOptions['travel']): travel is TravelMatrix =>
  typeof travel === 'object' && travel !== null;

export function buildTravelTable(points: readonly (LatLng | null)[], options: RouteOptions): TravelTable {
  const size = points.length;
  const minutes = new Float64Array(size * size);
  const km = new Float64Array(size * size);
  const { travel } = options;
  if (isMatrix(travel) && (travel.minutes.length !== size || travel.km.length !== size)) {
    throw new RouteInputError(`The travel matrix must be ${size} × ${size} (routePoints order)`);
  }
  for (let from = 0; from < size; from++) {
    const a = points[from];
    if (!a) continue;
    for (let to = 0; to < size; to++) {
      const b = points[to];
      if (!b || from === to) continue;
      const leg = isMatrix(travel)
        ? { minutes: travel.minutes[from]?.[to], km: travel.km[from]?.[to] }
        : travel
          ? travel(from, to)
          : straightLineLeg(a, b, options.straightLine);
      if (!Number.isFinite(leg.minutes) || !Number.isFinite(leg.km) || leg.minutes! < 0 || leg.km! < 0) {
        throw new RouteInputError(`Travel from point ${from} to ${to} must be finite and not negative`);
      }
      minutes[from * size + to] = leg.minutes!;
      km[from * size + to] = leg.km!;
    }
  }
  return { size, minutes, km };
}
