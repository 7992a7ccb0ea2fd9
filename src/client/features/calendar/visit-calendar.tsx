import FullCalendar, { type DatesSetInfo, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useFormats } from '../../api/session';
import { dayIn } from '../../lib/zoned-time';
import { CALENDAR_VIEWS, visitEvents, type CalendarView } from './calendar-events';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import classes from './calendar.module.css';
import type { VisitListItem } from '../../api/visits';

// FullCalendar 7 and its styles are imported here only: this file is reached from the
// calendar route alone, so no other page downloads them (docs/decisions/scheduling.md).

const PLUGINS = [classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin];

export interface MovedVisit {
  id: string;
  title: string;
  from: Date;
  to: Date;
  /** Puts the event back where it was (the move was not confirmed or failed). */
  revert: () => void;
}

/**
 * The visits as a month, week or day grid (wide screens; phones get AgendaList). Dragging a
 * visit in the week or day grid (for whoever may reschedule) reports the move; the page confirms it.
 */
export function VisitCalendar({
  visits,
  view,
  date,
  onRangeChange,
  onMove,
  canMove,
}: {
  visits: VisitListItem[];
  /** The workspace role may reschedule (owners and managers): dragging is offered. */
  canMove: boolean;
  view: CalendarView;
  date: string | undefined;
  /** The grid's span, its view, and the business's day it opens on ('YYYY-MM-DD'). */
  onRangeChange: (range: { from: Date; to: Date; view: string; day: string }) => void;
  onMove: (move: MovedVisit) => void;
}) {
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const events = useMemo(() => visitEvents(visits, theme), [visits, theme]);
  // The grid's days, hours and 'today' are the business's (FullCalendar 7 reads a named zone with
  // Temporal): a visit at 23:30 in Perth is on that Perth day wherever the screen is.
  const { timeZone } = useFormats().locality;

  return (
    <div className={classes.calendar}>
      <FullCalendar
        plugins={PLUGINS}
        timeZone={timeZone}
        initialView={CALENDAR_VIEWS[view]}
        initialDate={date}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        // The button says 'Today'; its name must contain what it says (WCAG 2.5.3).
        todayHint="Today"
        displayEventEnd={false}
        height={720}
        scrollTime="07:00:00"
        nowIndicator
        allDaySlot={false}
        dayMaxEvents
        editable={canMove}
        eventDurationEditable={false}
        events={events}
        datesSet={(info: DatesSetInfo) =>
          onRangeChange({
            from: info.start,
            to: info.end,
            view: info.view.type,
            day: dayIn(info.view.currentStart, timeZone),
          })
        }
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          navigate(info.event.url);
        }}
        eventDrop={(info: EventDropInfo) => {
          const { event, oldEvent } = info;
          // Dropped on a month cell: the day changes, the time of day stays (FullCalendar keeps it).
          if (!event.start || !oldEvent.start) return info.revert();
          onMove({ id: event.id, title: event.title, from: oldEvent.start, to: event.start, revert: info.revert });
        }}
      />
    </div>
  );
}
