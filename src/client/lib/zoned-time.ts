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
    const first = wanted - (wallClockMs(wanted, timeZone) - wanted);
    // Once more from the first guess: the offset there may differ (near a change).
    const second = wanted - (wallClockMs(first, timeZone) - first);
    const reads = (instant: number) => wallClockMs(instant, timeZone) === wanted;
    // Neither reads the wanted time when the clocks skip it: the later one is past the gap.
    const instant = reads(second) ? second : reads(first) ? first : Math.max(first, second);
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

/** The day of an instant on the calendar of `timeZone`, 'YYYY-MM-DD'. */
export const dayIn = (instant: Date | string, timeZone: string): string =>
  new Date(wallClockMs(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 10);

/** A calendar day ('YYYY-MM-DD') `days` later (or earlier); no zone moves it. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Sunday on or before a calendar day, as the calendar's weeks start. */
export const sundayOf = (day: string): string => addDays(day, -new Date(`${day}T12:00:00Z`).getUTCDay());

/**
 * When a calendar day begins in `timeZone`, as an ISO instant: its midnight, or where a change of
 * clocks skips midnight, the first minute after it.
 */
export const startOfDay = (day: string, timeZone: string): string => wallClockToInstant(`${day}T00:00`, timeZone);
