import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitDetailDto } from '../../../../shared/schemas/visits';
import { formatsFor } from '../../../../shared/formats';
import { groupByDay, nextVisitId, todayWindow } from './today-days';

// /today's window starts at the browser's local midnight and its days are local days.
describe('the Today window and its days', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('runs from local midnight for seven days, across a change of clocks', () => {
    expect(todayWindow(new Date('2030-06-15T23:30:00-07:00'))).toEqual({
      from: '2030-06-15T07:00:00.000Z',
      to: '2030-06-22T07:00:00.000Z',
    });
    // Summer time ends on 3 November 2030: the last day is 25 hours long.
    expect(todayWindow(new Date('2030-10-28T08:00:00-07:00'))).toEqual({
      from: '2030-10-28T07:00:00.000Z',
      to: '2030-11-04T08:00:00.000Z',
    });
  });

  it('groups by local day, soonest first, earlier visits still in progress on top', () => {
    const range = todayWindow(new Date('2030-06-15T10:00:00-07:00'));
    const visit = (id: string, scheduledAt: string) => ({ id, scheduledAt }) as VisitDetailDto;
    const groups = groupByDay(
      [
        visit('tomorrow-late', '2030-06-16T22:00:00-07:00'),
        visit('today', '2030-06-15T09:00:00-07:00'),
        visit('earlier', '2030-06-10T09:00:00-07:00'),
        visit('tomorrow', '2030-06-16T08:00:00-07:00'),
        visit('later', '2030-06-19T08:00:00-07:00'),
      ],
      range,
      formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'America/Los_Angeles' }),
    );
    expect(
      groups.map((group) => [group.title.startsWith('Wed') ? 'Wed' : group.title, group.visits.map((v) => v.id)]),
    ).toEqual([
      ['Still in progress', ['earlier']],
      ['Today', ['today']],
      ['Tomorrow', ['tomorrow', 'tomorrow-late']],
      ['Wed', ['later']],
    ]);
  });

  it('the next stop is the earliest visit still to do: completed and cancelled ones are passed over', () => {
    const visit = (id: string, scheduledAt: string, status: VisitDetailDto['status']) =>
      ({ id, scheduledAt, status }) as VisitDetailDto;
    expect(
      nextVisitId([
        visit('later', '2030-06-15T15:00:00Z', 'scheduled'),
        visit('done', '2030-06-15T08:00:00Z', 'completed'),
        visit('off', '2030-06-15T09:00:00Z', 'cancelled'),
        visit('next', '2030-06-15T10:00:00Z', 'scheduled'),
      ]),
    ).toBe('next');
    expect(nextVisitId([visit('done', '2030-06-15T08:00:00Z', 'completed')])).toBeNull();
  });
});
