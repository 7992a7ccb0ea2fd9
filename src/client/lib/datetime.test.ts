import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localInputToIso, toLocalInput } from './datetime';

// The datetime-local input holds the browser's local time; the API takes and gives instants.
describe('datetime-local ⇄ ISO instant in the browser’s time zone', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles'; // UTC−7 in June, UTC−8 in January
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads the input as local time', () => {
    expect(localInputToIso('2030-06-15T09:30')).toBe('2030-06-15T16:30:00.000Z');
    expect(localInputToIso('2030-01-15T09:30')).toBe('2030-01-15T17:30:00.000Z');
    expect(localInputToIso('2030-06-15T09:30:15')).toBe('2030-06-15T16:30:15.000Z');
  });

  it('gives back what the input showed', () => {
    expect(toLocalInput('2030-06-15T16:30:00.000Z')).toBe('2030-06-15T09:30');
    expect(toLocalInput(localInputToIso('2030-12-31T23:59'))).toBe('2030-12-31T23:59');
  });

  it('is empty for an empty or malformed value, so the form shows the required message', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('tomorrow')).toBe('');
    expect(localInputToIso('2030-13-45T99:99')).toBe('');
    expect(localInputToIso('1')).toBe('');
  });
});
