import { describe, expect, it } from 'vitest';
import { middayZone } from './midday-zone';

const wallClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

describe('middayZone', () => {
  it('at every hour of a UTC day, names a zone where it is noon on the same date', () => {
    for (let hour = 0; hour < 24; hour++) {
      const instant = new Date(Date.UTC(2026, 10, 25, hour, 59));
      const zone = middayZone(instant);
      expect(wallClock(instant, zone), `${hour}:59 UTC in ${zone}`).toBe('2026-11-25, 12');
    }
  });

  it('is UTC itself at noon UTC, and counts the POSIX way either side', () => {
    expect(middayZone(new Date('2026-11-25T12:30:00Z'))).toBe('Etc/GMT');
    expect(middayZone(new Date('2026-11-25T00:10:00Z'))).toBe('Etc/GMT-12');
    expect(middayZone(new Date('2026-11-25T23:50:00Z'))).toBe('Etc/GMT+11');
  });
});
