import type { EventInput } from '@fullcalendar/react';
import type { MantineTheme } from '@mantine/core';
import type { VisitStatus } from '../../../shared/constants';
import { STATUS_STYLES } from '../../components/status-badge';
import { paths } from '../../paths';
import type { VisitListItem, VisitPerson } from '../../api/visits';

/** A visit has no end time; the calendar draws each one an hour long. */
export const VISIT_DISPLAY_MINUTES = 60;

/** The URL's `view` and the FullCalendar view it names (wide screens; phones get the agenda). */
export const CALENDAR_VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay' } as const;
export type CalendarView = keyof typeof CALENDAR_VIEWS;

export const viewFromType = (type: string): CalendarView | undefined =>
  (Object.keys(CALENDAR_VIEWS) as CalendarView[]).find((view) => CALENDAR_VIEWS[view] === type);

/** The status colours of the shared map, filled the way the theme fills a button (AA contrast). */
export function statusColors(theme: MantineTheme, status: VisitStatus) {
  const color = STATUS_STYLES.visit[status].color;
  const filled = theme.variantColorResolver({ color, variant: 'filled', theme });
  return { color: filled.background, contrastColor: filled.color };
}

/** Only a scheduled visit is moved by dragging: one under way, done or cancelled stays put. */
export const isMovable = (visit: VisitListItem) => visit.status === 'scheduled';

export function visitEvents(visits: VisitListItem[], theme: MantineTheme): EventInput[] {
  return visits.map((visit) => {
    const start = new Date(visit.scheduledAt);
    return {
      id: visit.id,
      title: `${visit.property.name} (${STATUS_STYLES.visit[visit.status].label})`,
      start,
      end: new Date(start.getTime() + VISIT_DISPLAY_MINUTES * 60_000),
      url: paths.visit(visit.id),
      startEditable: isMovable(visit),
      durationEditable: false,
      ...statusColors(theme, visit.status),
      extendedProps: { status: visit.status },
    };
  });
}

/** Everyone assigned to the visits shown, by name, for the person filter. */
export function peopleOf(visits: VisitListItem[]): Map<string, string> {
  const people = new Map<string, string>();
  for (const visit of visits) {
    for (const person of visit.people) people.set(person.userId, personName(person));
  }
  return people;
}

const personName = (person: VisitPerson) => person.displayName || person.email;
