import type { VisitDetailDto } from '../../../../shared/schemas/visits';
import type { Formats } from '../../../../shared/formats';

/** Today and the next 6 days. */
export const TODAY_DAYS = 7;

export interface TodayWindow {
  /** The browser's local midnight today, as an ISO instant. */
  from: string;
  /** Local midnight seven days later. */
  to: string;
}

export function todayWindow(now: Date): TodayWindow {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + TODAY_DAYS);
  return { from: start.toISOString(), to: end.toISOString() };
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export interface TodayGroup {
  key: string;
  title: string;
  visits: VisitDetailDto[];
}

/** The visits by local day (titled in the business's format), soonest first; those from before the window (still in progress) come first. */
export function groupByDay(visits: VisitDetailDto[], range: TodayWindow, formats: Formats): TodayGroup[] {
  const start = new Date(range.from);
  const today = localDay(start);
  const tomorrow = localDay(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1));
  const groups = new Map<string, TodayGroup>();
  const sorted = [...visits].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  for (const visit of sorted) {
    const when = new Date(visit.scheduledAt);
    const earlier = when < start;
    const key = earlier ? 'earlier' : localDay(when);
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
export function nextVisitId(visits: VisitDetailDto[]): string | null {
  const open = visits
    .filter((visit) => visit.status === 'scheduled' || visit.status === 'in_progress')
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  return open[0]?.id ?? null;
}
