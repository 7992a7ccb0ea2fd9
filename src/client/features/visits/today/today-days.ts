import type { Formats } from '../../../../shared/formats';
import { addDays, dayIn, startOfDay } from '../../../lib/zoned-time';
import type { VisitDetail } from '../../../api/visits';

/** Today and the next 6 days. */
export const TODAY_DAYS = 7;

export interface TodayWindow {
  /** Midnight today on the business's calendar, as an ISO instant. */
  from: string;
  /** The business's midnight seven days later. */
  to: string;
}

/** Today and the next six days on the business's calendar (`timeZone`): its day is the day, wherever the phone is. */
export function todayWindow(now: Date, timeZone: string): TodayWindow {
  const today = dayIn(now, timeZone);
  return { from: startOfDay(today, timeZone), to: startOfDay(addDays(today, TODAY_DAYS), timeZone) };
}

export interface TodayGroup {
  key: string;
  title: string;
  visits: VisitDetail[];
}

/**
 * The visits by the business's day (`formats`' zone), titled in its format, soonest first; those
 * from before the window (still in progress) come first.
 */
export function groupByDay(visits: VisitDetail[], range: TodayWindow, formats: Formats): TodayGroup[] {
  const start = new Date(range.from);
  const today = formats.isoDay(start);
  const tomorrow = addDays(today, 1);
  const groups = new Map<string, TodayGroup>();
  const sorted = [...visits].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  for (const visit of sorted) {
    const when = new Date(visit.scheduledAt);
    const earlier = when < start;
    const key = earlier ? 'earlier' : formats.isoDay(when);
    const title = earlier
      ? 'Still in progress'
      : key === today
        ? 'Today'
        : key === tomorrow
          ? 'Tomorrow'
          : formats.date(visit.scheduledAt);
    const group = groups.get(key) ?? { key, title, visits: [] };
    group.visits.push(visit);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The next stop: the first visit, in time order, still to do (scheduled or under way). */
export function nextVisitId(visits: VisitDetail[]): string | null {
  const open = visits
    .filter((visit) => visit.status === 'scheduled' || visit.status === 'in_progress')
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  return open[0]?.id ?? null;
}
