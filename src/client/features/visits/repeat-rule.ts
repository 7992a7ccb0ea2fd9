// The recurring-visit form's choices as an RFC 5545 RRULE and back: daily, weekly
// on chosen days, monthly by date or by "second Tuesday", every N, ending never, after N
// times or on a date. The rule carries no DTSTART: the series' start and zone are separate.

import { WEEKDAY_CODES, WEEKDAY_NAMES, type WeekdayCode } from '../../../shared/series-words';

// One weekday table for the server's rule check, the words and this form.
export const WEEKDAYS = WEEKDAY_CODES;
export type Weekday = WeekdayCode;
export { WEEKDAY_NAMES };

export const FREQUENCIES = ['daily', 'weekly', 'monthly-date', 'monthly-weekday'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const ENDS = ['never', 'count', 'until'] as const;
export type RepeatEnd = (typeof ENDS)[number];

export interface RepeatRule {
  frequency: Frequency;
  /** Every N days, weeks or months (1 and up). */
  interval: number;
  /** Weekly only; none means the first visit's weekday. */
  weekdays: Weekday[];
  end: RepeatEnd;
  /** end 'count': how many visits in all. */
  count: number;
  /** end 'until': the last day ('YYYY-MM-DD'), in the series' zone. */
  until: string;
}

export const DEFAULT_RULE: RepeatRule = {
  frequency: 'weekly',
  interval: 1,
  weekdays: [],
  end: 'count',
  count: 10,
  until: '',
};

const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/** The weekday of a calendar date ('YYYY-MM-DD'). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sunday0 = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sunday0 + 6) % 7]!;
}

/** Which of its month's weekdays a date is: 1–4, or -1 for a fifth (then "last"). */
export function weekOfMonth(date: string): number {
  const day = Number(date.slice(8, 10));
  const n = Math.ceil(day / 7);
  return n > 4 ? -1 : n;
}

/** "second Tuesday", "last Friday": the words for monthly by weekday from this date. */
export function weekdayOfMonthWords(date: string): string {
  const n = weekOfMonth(date);
  return `${n === -1 ? 'last' : ORDINALS[n - 1]} ${WEEKDAY_NAMES[weekdayOf(date)]}`;
}

/**
 * The rule for the form's choices. `startDate` is the first visit's day ('YYYY-MM-DD') and
 * `untilInstant` the ISO instant that ends the last day in the series' zone (RFC 5545 wants
 * UNTIL in UTC when the start has a zone).
 */
export function buildRrule(rule: RepeatRule, startDate: string, untilInstant?: string): string {
  const parts: string[] = [];
  switch (rule.frequency) {
    case 'daily':
      parts.push('FREQ=DAILY');
      break;
    case 'weekly':
      parts.push('FREQ=WEEKLY');
      break;
    case 'monthly-date':
      parts.push('FREQ=MONTHLY', `BYMONTHDAY=${Number(startDate.slice(8, 10))}`);
      break;
    case 'monthly-weekday':
      parts.push('FREQ=MONTHLY', `BYDAY=${weekOfMonth(startDate)}${weekdayOf(startDate)}`);
      break;
  }
  const interval = Math.max(1, Math.floor(rule.interval) || 1);
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (rule.frequency === 'weekly' && rule.weekdays.length > 0) {
    parts.push(`BYDAY=${WEEKDAYS.filter((day) => rule.weekdays.includes(day)).join(',')}`);
  }
  if (rule.end === 'count') parts.push(`COUNT=${Math.max(1, Math.floor(rule.count) || 1)}`);
  if (rule.end === 'until' && untilInstant) parts.push(`UNTIL=${untilInstant.replace(/[-:]|\.\d+/g, '')}`);
  return parts.join(';');
}

/** The form's choices for a stored rule, or null when the form cannot show it. */
export function parseRrule(text: string): RepeatRule | null {
  const fields = new Map<string, string>();
  for (const part of text
    .replace(/^RRULE:/i, '')
    .toUpperCase()
    .split(';')) {
    const [key, value] = part.split('=');
    if (key && value) fields.set(key, value);
  }
  const allowed = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST']);
  if ([...fields.keys()].some((key) => !allowed.has(key))) return null;
  const byDay = fields.get('BYDAY');
  let frequency: Frequency;
  let weekdays: Weekday[] = [];
  switch (fields.get('FREQ')) {
    case 'DAILY':
      if (byDay || fields.has('BYMONTHDAY')) return null;
      frequency = 'daily';
      break;
    case 'WEEKLY': {
      frequency = 'weekly';
      weekdays = (byDay ? byDay.split(',') : []) as Weekday[];
      if (!weekdays.every((day) => (WEEKDAYS as readonly string[]).includes(day))) return null;
      break;
    }
    case 'MONTHLY':
      if (fields.has('BYMONTHDAY') && !byDay) frequency = 'monthly-date';
      else if (byDay && /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.test(byDay) && !fields.has('BYMONTHDAY'))
        frequency = 'monthly-weekday';
      else return null;
      break;
    default:
      return null;
  }
  const count = fields.get('COUNT');
  const until = fields.get('UNTIL');
  return {
    frequency,
    interval: Number(fields.get('INTERVAL') ?? 1) || 1,
    weekdays,
    end: count ? 'count' : until ? 'until' : 'never',
    count: count ? Number(count) : DEFAULT_RULE.count,
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : '',
  };
}
