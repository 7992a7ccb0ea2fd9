import { wallClockMs } from '../../shared/formats';

// Wall-clock times in a named IANA zone, which need not be the browser's: a series' first visit
// is entered as "09:00 in America/New_York" wherever the person filling the form is.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * "2030-03-10T09:00" read in `timeZone` as an ISO instant; '' when it is not such a value.
 * A time that the zone skips (the spring-forward hour) moves forward by the gap.
 */
export function wallClockToInstant(local: string, timeZone: string): string {
  const match = LOCAL.exec(local.trim());
  if (!match) return '';
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  try {
    let instant = wanted - (wallClockMs(wanted, timeZone) - wanted);
    // Once more from the first guess: the offset there may differ (near a change).
    instant = wanted - (wallClockMs(instant, timeZone) - instant);
    return Number.isNaN(instant) ? '' : new Date(instant).toISOString();
  } catch {
    return '';
  }
}

/** An instant as "YYYY-MM-DDTHH:mm" on the wall clock of `timeZone`. */
export function instantToWallClock(iso: string, timeZone: string): string {
  return new Date(wallClockMs(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 16);
}

/** The zones the browser knows, the given ones first if it does not list them ('UTC' in some). */
export function timeZoneOptions(...always: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...always.filter(Boolean), ...known])].sort();
}
