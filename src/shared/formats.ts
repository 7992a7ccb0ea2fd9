// How a business writes its dates, times and amounts: the one set of `Intl` formatters that every
// screen, PDF, e-mail, the portal, the calendar and the CSV exports use, in the workspace's locale,
// currency and time zone. A module of its own, apart from the lists Business settings chooses from
// (locale.ts, which re-exports all of this), so a page that only formats loads only this.

/** Where a business is and how it writes: what every formatter needs. */
export interface Locality {
  /** A BCP 47 tag the runtime knows ('en-AU'). */
  locale: string;
  /** ISO 4217, with two minor units ('AUD'). */
  currency: string;
  /** An IANA zone ('Australia/Perth'). */
  timeZone: string;
}

/** A business's whole place: its locality and its country (ISO 3166-1 alpha-2), which names address fields. */
export interface BusinessLocale extends Locality {
  country: string;
}

/** What a workspace uses until its owner says otherwise (the app began American). */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_COUNTRY_CODE = 'US';

/** The locality of a business that has said nothing else: en-US and USD, on UTC's clock. */
export const DEFAULT_LOCALITY: Locality = { locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY, timeZone: 'UTC' };

/** The formatters of one locality; made once per locality and kept. */
export interface Formats {
  /** 'Fri, 27 Nov 2026' (en-AU) / 'Fri, Nov 27, 2026' (en-US): an instant's day in the business's zone. */
  date(iso: string | Date): string;
  /** '27/11/2026' (en-AU) / '11/27/2026' (en-US): the short, numeric day. */
  shortDate(iso: string | Date): string;
  /** '1:00 pm' (en-AU) / '1:00 PM' (en-US) / '13:00' (en-GB). */
  time(iso: string | Date): string;
  /** The date and the time, or '—' when there is none. */
  dateTime(iso: string | Date | null | undefined): string;
  /** A calendar day with no time ('2026-11-27'), as `date` writes it. */
  day(date: string): string;
  /** A calendar day with no time, as `shortDate` writes it. */
  shortDay(date: string): string;
  /** A calendar day in full, for headings: 'Friday 27 November 2026' (en-AU) / 'Friday, November 27, 2026' (en-US). */
  longDay(date: string): string;
  /** Two calendar days as a span, for a week's heading: '22–28 Nov' (en-AU) / 'Nov 22 – 28' (en-US). */
  dayRange(from: string, to: string): string;
  /** Integer cents as the currency is written there ('$12.34' in en-AU AUD, 'A$12.34' in en-US AUD); null is '—'. */
  money(cents: number | null | undefined): string;
  /** A count or a measure as the locale writes numbers: '1,000' (en-AU), '1.000' (de-DE). */
  number(value: number): string;
  /** How long ago (or ahead) an instant is, in words: '5 minutes ago', 'yesterday', 'last week'. */
  ago(iso: string | Date, now?: number): string;
  /** The currency's sign as the locale writes it, for a field that takes an amount: '$', '£', 'A$'. */
  readonly currencySymbol: string;
  /** Today on the business's calendar, or `days` from it, 'YYYY-MM-DD' (a date input's value). */
  today(days?: number): string;
  /** An instant's day in the business's zone, 'YYYY-MM-DD' (for machines: CSV, inputs). */
  isoDay(iso: string | Date): string;
  /** An instant in the business's zone with its offset, '2026-11-27T13:00:00+08:00' (for machines: CSV). */
  isoDateTime(iso: string | Date): string;
  readonly locality: Locality;
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of `timeZone` at an instant, as the fields of a UTC date (milliseconds): what a
 * clock on the wall there reads. Years 1–99 stay as they are (Date.UTC would make them 19xx).
 */
export function wallClockMs(utcMs: number, timeZone: string): number {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneClocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(new Date(utcMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = new Date(0);
  wall.setUTCFullYear(get('year'), get('month') - 1, get('day'));
  wall.setUTCHours(get('hour'), get('minute'), get('second'), 0);
  return wall.getTime();
}

/** The units `ago` steps through, each with how many of it make the next. */
const AGO_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

const kept = new Map<string, Formats>();

/** The formatters of a locality. */
export function formatsFor(locality: Locality): Formats {
  const key = `${locality.locale}|${locality.currency}|${locality.timeZone}`;
  let formats = kept.get(key);
  if (!formats) {
    formats = makeFormats(locality);
    kept.set(key, formats);
  }
  return formats;
}

const WRITTEN: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' };
const NUMERIC: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

function makeFormats(locality: Locality): Formats {
  const { locale, currency, timeZone } = locality;
  // A calendar day has no zone: it is read and written at noon UTC, so no zone moves it.
  const format = (options: Intl.DateTimeFormatOptions, zone = timeZone) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
  const dateFormat = format(WRITTEN);
  const shortDateFormat = format(NUMERIC);
  const timeFormat = format({ hour: 'numeric', minute: '2-digit' });
  const dayFormat = format(WRITTEN, 'UTC');
  const shortDayFormat = format(NUMERIC, 'UTC');
  const longDayFormat = format({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, 'UTC');
  const rangeFormat = format({ month: 'short', day: 'numeric' }, 'UTC');
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const numberFormat = new Intl.NumberFormat(locale);
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const wallClock = (value: string | Date) => {
    const seconds = Math.floor(toDate(value).getTime() / 1000) * 1000;
    const local = wallClockMs(seconds, timeZone);
    const iso = new Date(local).toISOString();
    return { day: iso.slice(0, 10), time: iso.slice(11, 19), offsetMinutes: Math.round((local - seconds) / 60_000) };
  };
  const date = (value: string | Date) => dateFormat.format(toDate(value));
  const time = (value: string | Date) => timeFormat.format(toDate(value));
  return {
    locality,
    number: (value) => numberFormat.format(value),
    ago: (value, now = Date.now()) => {
      let amount = (toDate(value).getTime() - now) / 1000;
      for (const [unit, size] of AGO_STEPS) {
        if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
        amount /= size;
      }
      return relativeFormat.format(Math.round(amount), 'year');
    },
    currencySymbol: moneyFormat.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency,
    date,
    shortDate: (value) => shortDateFormat.format(toDate(value)),
    time,
    dateTime: (value) => (value ? `${date(value)}, ${time(value)}` : '—'),
    day: (value) => dayFormat.format(calendarDay(value)),
    shortDay: (value) => shortDayFormat.format(calendarDay(value)),
    longDay: (value) => longDayFormat.format(calendarDay(value)),
    dayRange: (from, to) => rangeFormat.formatRange(calendarDay(from), calendarDay(to)),
    money: (cents) => {
      if (cents === null || cents === undefined) return '—';
      if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
      return moneyFormat.format(cents / 100);
    },
    today: (days = 0) => {
      const day = new Date(`${wallClock(new Date()).day}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + days);
      return day.toISOString().slice(0, 10);
    },
    isoDay: (value) => wallClock(value).day,
    isoDateTime: (value) => {
      const { day, time, offsetMinutes } = wallClock(value);
      return `${day}T${time}${offset(offsetMinutes)}`;
    },
  };
}

function toDate(value: string | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a time: ${String(value)}`);
  return date;
}

function calendarDay(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Not a calendar day: ${value}`);
  return new Date(`${value}T12:00:00Z`);
}

function offset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
