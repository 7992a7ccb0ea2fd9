import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../../shared/formats';
import { groupByDay, nextVisitId, todayWindow } from './today-days';
import type { VisitDetail } from '../../../api/visits';

// /today's window starts at the business's midnight and its days are the business's days
// (spec: the business's day is the day), whatever the zone of the phone.
describe('the Today window and its days', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // The phone is in Tokyo; the businesses below are not.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  const visit = (id: string, scheduledAt: string) => ({ id, scheduledAt }) as VisitDetail;
  const titles = (groups: ReturnType<typeof groupByDay>) =>
    groups.map((group) => [group.title, group.visits.map((v) => v.id)]);

  it("runs from the business's midnight for seven days, across a change of clocks", () => {
    expect(todayWindow(new Date('2030-06-15T23:30:00-07:00'), 'America/Los_Angeles')).toEqual({
      from: '2030-06-15T07:00:00.000Z',
      to: '2030-06-22T07:00:00.000Z',
    });
    // Summer time ends on 3 November 2030: the last day is 25 hours long.
    expect(todayWindow(new Date('2030-10-28T08:00:00-07:00'), 'America/Los_Angeles')).toEqual({
      from: '2030-10-28T07:00:00.000Z',
      to: '2030-11-04T08:00:00.000Z',
    });
    // 23:30 in Perth is already the next day in Tokyo, and still that Perth day.
    expect(todayWindow(new Date('2030-06-15T23:30:00+08:00'), 'Australia/Perth')).toEqual({
      from: '2030-06-14T16:00:00.000Z',
      to: '2030-06-21T16:00:00.000Z',
    });
  });

  it('groups by the business day, soonest first, earlier visits still in progress on top', () => {
    const range = todayWindow(new Date('2030-06-15T10:00:00-07:00'), 'America/Los_Angeles');
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
    expect(titles(groups)).toEqual([
      ['Still in progress', ['earlier']],
      ['Today', ['today']],
      ['Tomorrow', ['tomorrow', 'tomorrow-late']],
      ['Wed, Jun 19, 2030', ['later']],
    ]);
  });

  it('puts a visit at 23:30 in Perth on that Perth day, and the same visits on other days for a business in London', () => {
    const now = new Date('2030-06-15T09:00:00+08:00');
    const visits = [
      visit('late', '2030-06-15T23:30:00+08:00'),
      visit('early', '2030-06-16T06:30:00+08:00'),
      visit('after', '2030-06-17T00:30:00+08:00'),
    ];
    const perth = formatsFor({ locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Perth' });
    expect(titles(groupByDay(visits, todayWindow(now, 'Australia/Perth'), perth))).toEqual([
      ['Today', ['late']],
      ['Tomorrow', ['early']],
      [perth.date('2030-06-17T00:30:00+08:00'), ['after']],
    ]);
    // The same instants on London's clock: 16:30 on the 15th, 23:30 on the 15th, 17:30 on the 16th.
    const london = formatsFor({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' });
    expect(titles(groupByDay(visits, todayWindow(now, 'Europe/London'), london))).toEqual([
      ['Today', ['late', 'early']],
      ['Tomorrow', ['after']],
    ]);
  });

  it('the next stop is the earliest visit still to do: completed and cancelled ones are passed over', () => {
    const visit = (id: string, scheduledAt: string, status: VisitDetail['status']) =>
      ({ id, scheduledAt, status }) as VisitDetail;
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
