import { describe, expect, it } from 'vitest';
import { buildRrule, DEFAULT_RULE, parseRrule, weekdayOfMonthWords, type RepeatRule } from './repeat-rule';

const rule = (changes: Partial<RepeatRule>): RepeatRule => ({ ...DEFAULT_RULE, ...changes });

describe('the repeat choices as an RRULE', () => {
  it('builds every 2 weeks on Monday and Thursday, 10 times', () => {
    const text = buildRrule(rule({ interval: 2, weekdays: ['TH', 'MO'], end: 'count', count: 10 }), '2030-06-03');
    expect(text).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10');
  });

  it('builds daily with no end, and monthly by date and by "second Tuesday"', () => {
    expect(buildRrule(rule({ frequency: 'daily', end: 'never' }), '2030-06-03')).toBe('FREQ=DAILY');
    expect(buildRrule(rule({ frequency: 'monthly-date', end: 'never' }), '2030-06-15')).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=15',
    );
    // 2030-06-11 is the second Tuesday of June 2030; the 29th a fifth Saturday, so "last".
    expect(buildRrule(rule({ frequency: 'monthly-weekday', end: 'never' }), '2030-06-11')).toBe(
      'FREQ=MONTHLY;BYDAY=2TU',
    );
    expect(buildRrule(rule({ frequency: 'monthly-weekday', end: 'never' }), '2030-06-29')).toBe(
      'FREQ=MONTHLY;BYDAY=-1SA',
    );
    expect(weekdayOfMonthWords('2030-06-11')).toBe('second Tuesday');
    expect(weekdayOfMonthWords('2030-06-29')).toBe('last Saturday');
  });

  it('ends on a date with UNTIL in UTC', () => {
    const text = buildRrule(rule({ end: 'until', until: '2030-12-31' }), '2030-06-03', '2031-01-01T04:59:59.000Z');
    expect(text).toBe('FREQ=WEEKLY;UNTIL=20310101T045959Z');
  });

  it('reads back what it builds, and refuses what the form cannot show', () => {
    expect(parseRrule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10')).toEqual(
      rule({ interval: 2, weekdays: ['MO', 'TH'], end: 'count', count: 10 }),
    );
    expect(parseRrule('RRULE:FREQ=MONTHLY;BYDAY=2TU')).toMatchObject({ frequency: 'monthly-weekday', end: 'never' });
    expect(parseRrule('FREQ=DAILY;UNTIL=20301231T235959Z')).toMatchObject({ end: 'until', until: '2030-12-31' });
    expect(parseRrule('FREQ=YEARLY')).toBeNull();
    expect(parseRrule('FREQ=MONTHLY;BYDAY=MO,TU')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY;BYHOUR=9')).toBeNull();
  });
});
