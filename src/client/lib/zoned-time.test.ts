import { describe, expect, it } from 'vitest';
import { instantToWallClock, timeZoneOptions, wallClockToInstant } from './zoned-time';

describe('wall-clock times in a named zone', () => {
  it('reads 09:00 in New York on both sides of daylight saving', () => {
    expect(wallClockToInstant('2030-03-07T09:00', 'America/New_York')).toBe('2030-03-07T14:00:00.000Z');
    expect(wallClockToInstant('2030-03-14T09:00', 'America/New_York')).toBe('2030-03-14T13:00:00.000Z');
    expect(wallClockToInstant('2030-11-07T09:00', 'America/New_York')).toBe('2030-11-07T14:00:00.000Z');
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
