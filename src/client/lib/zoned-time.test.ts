import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  instantToWallClock,
  startOfDay,
  sundayOf,
  timeZoneOptions,
  wallClockToInstant,
} from './zoned-time';

describe('wall-clock times in a named zone', () => {
  it('reads 09:00 in New York on both sides of daylight saving', () => {
    expect(wallClockToInstant('2030-03-07T09:00', 'America/New_York')).toBe('2030-03-07T14:00:00.000Z');
    expect(wallClockToInstant('2030-03-14T09:00', 'America/New_York')).toBe('2030-03-14T13:00:00.000Z');
    expect(wallClockToInstant('2030-11-07T09:00', 'America/New_York')).toBe('2030-11-07T14:00:00.000Z');
  });

  it('moves a time the clocks skip forward by the gap', () => {
    // New York skips 02:00–02:59 on 10 March 2030: 02:30 is 03:30 EDT.
    expect(wallClockToInstant('2030-03-10T02:30', 'America/New_York')).toBe('2030-03-10T07:30:00.000Z');
    // 01:30 on 3 November 2030 happens twice: the first (EDT) is taken.
    expect(wallClockToInstant('2030-11-03T01:30', 'America/New_York')).toBe('2030-11-03T05:30:00.000Z');
  });

  it('does not depend on the zone of the machine', () => {
    expect(wallClockToInstant('2030-06-15T09:30', 'Asia/Tokyo')).toBe('2030-06-15T00:30:00.000Z');
    expect(wallClockToInstant('2030-06-15T09:30', 'UTC')).toBe('2030-06-15T09:30:00.000Z');
  });

  it('turns an instant back into the wall clock of the zone', () => {
    expect(instantToWallClock('2030-03-14T13:00:00.000Z', 'America/New_York')).toBe('2030-03-14T09:00');
    expect(instantToWallClock('2030-06-15T00:30:00.000Z', 'Asia/Tokyo')).toBe('2030-06-15T09:30');
  });

  it('refuses what is not a date and time, or an unknown zone', () => {
    expect(wallClockToInstant('', 'UTC')).toBe('');
    expect(wallClockToInstant('2030-06-15', 'UTC')).toBe('');
    expect(wallClockToInstant('2030-06-15T09:30', 'Mars/Olympus')).toBe('');
  });

  it('lists the known zones with the asked ones included', () => {
    const zones = timeZoneOptions('UTC', 'America/New_York');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe("days on a business's calendar", () => {
  it("names an instant's day in the zone, not the machine's", () => {
    expect(dayIn('2030-06-15T15:30:00Z', 'Australia/Perth')).toBe('2030-06-15');
    expect(dayIn('2030-06-15T16:30:00Z', 'Australia/Perth')).toBe('2030-06-16');
    expect(dayIn('2030-06-15T16:30:00Z', 'America/Los_Angeles')).toBe('2030-06-15');
  });

  it('counts days across months, years and changes of clocks', () => {
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2030-11-02', 1)).toBe('2030-11-03');
  });

  it('starts a week on its Sunday', () => {
    expect(sundayOf('2030-06-15')).toBe('2030-06-09');
    expect(sundayOf('2030-06-16')).toBe('2030-06-16');
  });

  it("starts a day at the zone's midnight, or its first minute when the clocks skip midnight", () => {
    expect(startOfDay('2030-06-15', 'Australia/Perth')).toBe('2030-06-14T16:00:00.000Z');
    expect(startOfDay('2030-11-03', 'America/New_York')).toBe('2030-11-03T04:00:00.000Z');
    // Santiago moves its clocks at midnight: 2030-09-08 begins at 01:00 (-03:00).
    expect(startOfDay('2030-09-08', 'America/Santiago')).toBe('2030-09-08T04:00:00.000Z');
  });
});
