import { describe, expect, it } from 'vitest';
import { describeRule, formatRule, listWords, parseRule } from './series-words';

describe('describeRule', () => {
  it.each([
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=1', 'Every 3 days, once'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10', 'Every 2 weeks on Monday and Thursday, 10 times'],
    ['RRULE:freq=weekly;byday=mo,we,fr', 'Every week on Monday, Wednesday and Friday'],
    ['FREQ=MONTHLY;BYDAY=2TU;UNTIL=20271231', 'Every month on the second Tuesday, until Fri, Dec 31, 2027'],
    ['FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2', 'Every month on the second Tuesday'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'Every month on day 15'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=6', 'Every month on day 1 and 15, 6 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Every month on the last day'],
    ['FREQ=YEARLY;BYMONTH=3,9', 'Every year in March and September'],
    ['FREQ=MONTHLY;INTERVAL=3', 'Every 3 months'],
  ])('%s → %s', (rule, words) => {
    expect(describeRule(rule)).toBe(words);
  });

  it('shows an UNTIL instant as the date in the series zone', () => {
    // 04:59:59 UTC on 1 Jan 2028 is still 31 Dec 2027 in New York.
    expect(describeRule('FREQ=DAILY;UNTIL=20280101T045959Z', 'America/New_York')).toBe(
      'Every day, until Fri, Dec 31, 2027',
    );
    expect(describeRule('FREQ=DAILY;UNTIL=20280101T045959Z', 'UTC')).toBe('Every day, until Sat, Jan 1, 2028');
    expect(describeRule('FREQ=DAILY;UNTIL=20280101T045959Z', 'America/New_York', 'en-AU')).toBe(
      'Every day, until Fri, 31 Dec 2027',
    );
    expect(describeRule('FREQ=DAILY;UNTIL=20271231', 'UTC', 'en-GB')).toBe('Every day, until Fri, 31 Dec 2027');
  });

  it('gives nothing for a rule it does not take', () => {
    expect(describeRule('FREQ=HOURLY')).toBe('');
    expect(describeRule('nonsense')).toBe('');
  });
});

describe('parseRule', () => {
  it('takes daily, weekly, monthly and yearly rules with their parts', () => {
    expect(parseRule('FREQ=MONTHLY;BYDAY=2TU;COUNT=5')).toEqual({
      freq: 'MONTHLY',
      interval: 1,
      byDay: [{ day: 'TU', nth: 2 }],
      byMonthDay: [],
      byMonth: [],
      bySetPos: [],
      count: 5,
      until: null,
      wkst: null,
    });
  });

  it.each([
    'FREQ=HOURLY',
    'FREQ=MINUTELY;COUNT=3',
    'FREQ=WEEKLY;BYHOUR=9',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=WEEKLY;BYDAY=2TU',
    'FREQ=WEEKLY;BYMONTHDAY=3',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=MONTHLY;BYDAY=6MO',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;COUNT=0',
    'FREQ=DAILY;COUNT=2;UNTIL=20300101',
    'FREQ=DAILY;UNTIL=20300231',
    'FREQ=DAILY;UNTIL=2030-01-01',
    'FREQ=DAILY;FREQ=WEEKLY',
    'FREQ=MONTHLY;BYSETPOS=2',
    'INTERVAL=2',
    'FREQ=DAILY;X-NAME=1',
    '',
  ])('refuses %s', (rule) => {
    expect(parseRule(rule)).toBeNull();
  });

  it('writes a rule back in one order', () => {
    const parts = parseRule('count=3;byday=mo,th;interval=2;freq=weekly')!;
    expect(formatRule(parts)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=3');
  });
});

it('lists words in English', () => {
  expect(listWords(['Monday'])).toBe('Monday');
  expect(listWords(['Monday', 'Thursday'])).toBe('Monday and Thursday');
  expect(listWords(['Monday', 'Wednesday', 'Friday'])).toBe('Monday, Wednesday and Friday');
});
