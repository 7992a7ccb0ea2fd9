import { routePoints, straightLineLeg } from '../travel';
import type { RouteInput, RouteOptions, TravelLeg } from '../types';

/** Travel between two `routePoints` indices as the options define it, computed independently. */
export function travelOf(input: RouteInput, options: RouteOptions): (from: number, to: number) => TravelLeg {
  const points = routePoints(input);
  const { travel } = options;
  return (from, to) => {
    if (from === to) return { minutes: 0, km: 0 };
    if (typeof travel === 'function') return travel(from, to);
    if (travel) return { minutes: travel.minutes[from]![to]!, km: travel.km[from]![to]! };
    return straightLineLeg(points[from]!, points[to]!, options.straightLine);
  };
}
