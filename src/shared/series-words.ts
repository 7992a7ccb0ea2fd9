// The recurrence rules a visit series accepts, read from their RRULE text, and said in
// words ('Every 2 weeks on Monday and Thursday, 10 times'). Pure (no Temporal): the server
// checks rules with it before rrule-temporal expands them, and the client's form describes them.

import { DEFAULT_CURRENCY, DEFAULT_LOCALE, formatsFor } from './formats';

export const SERIES_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const WEEKDAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A weekday, with its place in the month or year when it has one (`2TU`: the second Tuesday). */
export interface RuleDay {
  day: WeekdayCode;
  nth: number | null;
}

/** The parts of a rule we accept. */
export interface RuleParts {
  freq: SeriesFrequency;
  interval: number;
  byDay: RuleDay[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
  count: number | null;
  /** As written: `20271231` or `20271231T235959Z`. */
  until: string | null;
  wkst: WeekdayCode | null;
}

const ALLOWED_KEYS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'COUNT',
  'UNTIL',
  'WKST',
]);

const intList = (value: string, ok: (n: number) => boolean): number[] | null => {
  const items = value.split(',');
  const numbers = items.map((item) => (/^[+-]?\d{1,3}$/.test(item) ? Number(item) : Number.NaN));
  return numbers.every((n) => Number.isInteger(n) && ok(n)) ? numbers : null;
};

/**
 * The parts of `FREQ=…;…` (a leading `RRULE:` allowed), or null when the rule is not one a
 * series accepts: another frequency (HOURLY…), a part that would change the time of day
 * (BYHOUR…), an unknown or repeated part, a value out of range, or COUNT with UNTIL.
 */
export function parseRule(text: string): RuleParts | null {
  const body = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!body) return null;
  const seen = new Map<string, string>();
  for (const part of body.split(';')) {
    if (part === '') continue;
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match) return null;
    const [, key, value] = match as unknown as [string, string, string];
    if (!ALLOWED_KEYS.has(key) || seen.has(key)) return null;
    seen.set(key, value);
  }
  const freq = seen.get('FREQ');
  if (!freq || !(SERIES_FREQUENCIES as readonly string[]).includes(freq)) return null;

  const parts: RuleParts = {
    freq: freq as SeriesFrequency,
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    bySetPos: [],
    count: null,
    until: null,
    wkst: null,
  };
  const interval = seen.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d{1,3}$/.test(interval) || Number(interval) < 1) return null;
    parts.interval = Number(interval);
  }
  const byDay = seen.get('BYDAY');
  if (byDay !== undefined) {
    for (const item of byDay.split(',')) {
      const day = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
      if (!day) return null;
      const nth = day[1] === undefined ? null : Number(day[1]);
      // An ordinal day belongs to a month or a year: 1 to 5 (or −1 to −5) in a month, up to 53 in a year.
      if (nth !== null && (nth === 0 || Math.abs(nth) > (parts.freq === 'YEARLY' ? 53 : 5))) return null;
      if (nth !== null && parts.freq !== 'MONTHLY' && parts.freq !== 'YEARLY') return null;
      parts.byDay.push({ day: day[2] as WeekdayCode, nth });
    }
  }
  const byMonthDay = seen.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    const days = intList(byMonthDay, (n) => n !== 0 && Math.abs(n) <= 31);
    if (!days || parts.freq === 'WEEKLY') return null;
    parts.byMonthDay = days;
  }
  const byMonth = seen.get('BYMONTH');
  if (byMonth !== undefined) {
    const months = intList(byMonth, (n) => n >= 1 && n <= 12);
    if (!months) return null;
    parts.byMonth = months;
  }
  const bySetPos = seen.get('BYSETPOS');
  if (bySetPos !== undefined) {
    const positions = intList(bySetPos, (n) => n !== 0 && Math.abs(n) <= 366);
    // BYSETPOS picks among the days another BY part gives.
    if (!positions || (parts.byDay.length === 0 && parts.byMonthDay.length === 0)) return null;
    parts.bySetPos = positions;
  }
  const count = seen.get('COUNT');
  if (count !== undefined) {
    if (!/^\d{1,6}$/.test(count) || Number(count) < 1) return null;
    parts.count = Number(count);
  }
  const until = seen.get('UNTIL');
  if (until !== undefined) {
    if (!/^\d{8}(T\d{6}Z)?$/.test(until) || !validUntil(until)) return null;
    parts.until = until;
  }
  if (parts.count !== null && parts.until !== null) return null;
  const wkst = seen.get('WKST');
  if (wkst !== undefined) {
    if (!(WEEKDAY_CODES as readonly string[]).includes(wkst)) return null;
    parts.wkst = wkst as WeekdayCode;
  }
  return parts;
}

function validUntil(until: string): boolean {
  const [year, month, day] = [until.slice(0, 4), until.slice(4, 6), until.slice(6, 8)].map(Number) as [
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (until.length === 8) return true;
  const [hour, minute, second] = [until.slice(9, 11), until.slice(11, 13), until.slice(13, 15)].map(Number) as [
    number,
    number,
    number,
  ];
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** The rule text back from its parts (parts in a fixed order), e.g. after UNTIL was set. */
export function formatRule(parts: RuleParts): string {
  const out = [`FREQ=${parts.freq}`];
  if (parts.interval !== 1) out.push(`INTERVAL=${parts.interval}`);
  if (parts.byMonth.length) out.push(`BYMONTH=${parts.byMonth.join(',')}`);
  if (parts.byMonthDay.length) out.push(`BYMONTHDAY=${parts.byMonthDay.join(',')}`);
  if (parts.byDay.length) out.push(`BYDAY=${parts.byDay.map((d) => `${d.nth ?? ''}${d.day}`).join(',')}`);
  if (parts.bySetPos.length) out.push(`BYSETPOS=${parts.bySetPos.join(',')}`);
  if (parts.wkst) out.push(`WKST=${parts.wkst}`);
  if (parts.count !== null) out.push(`COUNT=${parts.count}`);
  if (parts.until !== null) out.push(`UNTIL=${parts.until}`);
  return out.join(';');
}

/** 'Monday', 'Monday and Thursday', 'Monday, Wednesday and Friday'. */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const ORDINALS: Record<number, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  [-1]: 'last',
  [-2]: 'second to last',
};
const ordinal = (n: number) => ORDINALS[n] ?? (n > 0 ? `${n}th` : `${-n}th to last`);

const UNITS: Record<SeriesFrequency, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

/**
 * The rule in words: 'Every day', 'Every 2 weeks on Monday and Thursday, 10 times',
 * 'Every month on the second Tuesday, until Fri, Dec 31, 2027'. `timeZone` says in which zone an
 * UNTIL instant (`…T045959Z`) falls on a day; a date-only UNTIL is that day. The day is written
 * as the business writes days (`locale`). An unreadable rule gives ''.
 */
export function describeRule(rule: string, timeZone = 'UTC', locale = DEFAULT_LOCALE): string {
  const parts = parseRule(rule);
  if (!parts) return '';
  const [one, many] = UNITS[parts.freq];
  let words = parts.interval === 1 ? `Every ${one}` : `Every ${parts.interval} ${many}`;

  if (parts.byMonth.length) words += ` in ${listWords(parts.byMonth.map((m) => MONTH_NAMES[m - 1]!))}`;
  const on: string[] = [];
  if (parts.byMonthDay.length) {
    const days = parts.byMonthDay.map((d) =>
      d > 0 ? String(d) : d === -1 ? 'the last day' : `${-d} days before the end`,
    );
    const plain = parts.byMonthDay.every((d) => d > 0);
    on.push(plain ? `day ${listWords(days)}` : listWords(days));
  }
  if (parts.byDay.length) {
    const position = parts.bySetPos.length === 1 ? parts.bySetPos[0]! : null;
    const days = parts.byDay.map((d) => {
      const nth = d.nth ?? position;
      return nth === null ? WEEKDAY_NAMES[d.day] : `the ${ordinal(nth)} ${WEEKDAY_NAMES[d.day]}`;
    });
    on.push(listWords(days));
  }
  if (on.length) words += ` on ${on.join(' and ')}`;

  if (parts.count !== null) words += parts.count === 1 ? ', once' : `, ${parts.count} times`;
  if (parts.until !== null) words += `, until ${untilWords(parts.until, timeZone, locale)}`;
  return words;
}

function untilWords(until: string, timeZone: string, locale: string): string {
  const day = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
  const written = formatsFor({ locale, currency: DEFAULT_CURRENCY, timeZone: 'UTC' });
  if (until.length === 8) return written.day(day);
  const instant = `${day}T${until.slice(9, 11)}:${until.slice(11, 13)}:${until.slice(13, 15)}Z`;
  try {
    return written.day(formatsFor({ locale, currency: DEFAULT_CURRENCY, timeZone }).isoDay(instant));
  } catch {
    return written.day(day);
  }
}
