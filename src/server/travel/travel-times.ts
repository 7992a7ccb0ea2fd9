import {
  routePoints,
  straightLineLeg,
  type LatLng,
  type RouteInput,
  type TravelMatrix,
} from '../../shared/route-optimiser';

// Driving times and distances between the points of a day's routes: one interface
// (ARCHITECTURE.md "Outside services"). By default straight-line distance × a road factor at a
// set speed (the optimiser's own model, no service); with TRAVEL_TIMES_URL, an OSRM-compatible
// table service (http://project-osrm.org/docs/v5.24.0/api/#table-service).

export interface TravelTimes {
  /** A table over `routePoints(input)`; a pair the service cannot route falls back to the straight line. */
  matrix(input: RouteInput): Promise<TravelMatrix>;
}

const emptySquare = (size: number) => Array.from({ length: size }, () => new Array<number>(size).fill(0));

/** Straight-line distance × road factor at a set speed, for every pair of known points. */
function straightLineMatrix(points: readonly (LatLng | null)[]): TravelMatrix {
  const minutes = emptySquare(points.length);
  const km = emptySquare(points.length);
  points.forEach((a, from) => {
    points.forEach((b, to) => {
      if (!a || !b || from === to) return;
      const leg = straightLineLeg(a, b);
      minutes[from]![to] = leg.minutes;
      km[from]![to] = leg.km;
    });
  });
  return { minutes, km };
}

export const straightLineTravel = (): TravelTimes => ({
  matrix: async (input) => straightLineMatrix(routePoints(input)),
});

/** The OSRM `table` service's answer (the parts read). */
interface OsrmTable {
  code: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

/**
 * An OSRM-compatible table service at `url` (profile `driving`): one request per plan with every
 * known point, durations in seconds and distances in metres.
 */
export function osrmTravel(options: { url: string; userAgent: string }): TravelTimes {
  return {
    async matrix(input) {
      const points = routePoints(input);
      const fallback = straightLineMatrix(points);
      const known = points.flatMap((point, index) => (point ? [{ point, index }] : []));
      if (known.length < 2) return fallback;
      const coordinates = known.map(({ point }) => `${point.lng},${point.lat}`).join(';');
      const url = `${options.url}/table/v1/driving/${coordinates}?annotations=duration,distance`;
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The travel-time service answered ${response.status}`);
      const table = (await response.json()) as OsrmTable;
      if (table.code !== 'Ok' || !table.durations || !table.distances) {
        throw new Error(`The travel-time service answered ${table.code}`);
      }
      known.forEach((from, row) => {
        known.forEach((to, column) => {
          const seconds = table.durations![row]?.[column];
          const metres = table.distances![row]?.[column];
          if (from.index === to.index || seconds == null || metres == null) return;
          (fallback.minutes[from.index] as number[])[to.index] = seconds / 60;
          (fallback.km[from.index] as number[])[to.index] = metres / 1000;
        });
      });
      return fallback;
    },
  };
}

/** The configured travel times: the OSRM-compatible service when TRAVEL_TIMES_URL is set, else the straight line. */
export function openTravelTimes(config: { travelTimesUrl: string | null; geocoder: { contact: string } | null }) {
  return config.travelTimesUrl
    ? osrmTravel({ url: config.travelTimesUrl, userAgent: `Rounds/0.1 (${config.geocoder?.contact ?? 'no contact'})` })
    : straightLineTravel();
}
