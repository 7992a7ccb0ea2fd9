import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { useCalendarVisits, type CalendarWindow, type VisitListItem } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { PropertySelect } from '../../components/property-select';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { AgendaList, weekOf } from './agenda-list';
import { CALENDAR_VIEWS, peopleOf, viewFromType, type CalendarView } from './calendar-events';

// The grid (FullCalendar, ≈ 83 KB gzipped) is fetched on wide screens only: a phone's agenda
// is plain components, so the phone's calendar stays inside the 200 KB page budget.
const CalendarGrid = lazy(() => import('./calendar-grid').then((m) => ({ default: m.CalendarGrid })));

const PHONE = '(max-width: 600px)';
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isView = (value: string | null): value is CalendarView => value !== null && value in CALENDAR_VIEWS;

/**
 * /resources/calendar: the visits the user can see by month, week or day, or on a phone as a
 * day-by-day agenda; filtered by property and person. View, date and filters are in the URL
 * (each change replaces the history entry, like a list's filters). Its days are the business's
 * (its time zone), wherever the screen is: the URL's date is a day of the business's calendar.
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const rawView = params.get('view');
  const view = isView(rawView) ? rawView : 'week';
  const date = params.get('date') ?? undefined;
  const propertyId = params.get('property') ?? undefined;
  const userId = params.get('person') ?? undefined;
  const can = useWorkspaceCan();
  const { today, locality } = useFormats();

  const update = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const week = useMemo(
    () => weekOf(date && isDay(date) ? date : today(), locality.timeZone),
    [date, today, locality.timeZone],
  );
  const window_: CalendarWindow | null = phone
    ? { from: week.from, to: week.to, propertyId, userId }
    : range
      ? { ...range, propertyId, userId }
      : null;
  const visits = useCalendarVisits(window_);
  const items = useMemo(() => visits.data?.items ?? [], [visits.data]);

  // The people seen so far stay in the filter while it narrows the visits to one of them.
  const [seen, setSeen] = useState({ items: [] as VisitListItem[], people: new Map<string, string>() });
  if (seen.items !== items) {
    setSeen({ items, people: new Map([...seen.people, ...peopleOf(items)]) });
  }
  const people = [...seen.people].sort((a, b) => a[1].localeCompare(b[1]));

  const onRangeChange = useCallback(
    (next: { from: Date; to: Date; view: string; day: string }) => {
      setRange({ from: next.from.toISOString(), to: next.to.toISOString() });
      const named = viewFromType(next.view);
      update({ date: next.day, ...(named ? { view: named === 'week' ? null : named } : {}) });
    },
    [update],
  );

  return (
    <PageShell
      title="Calendar"
      crumbs={[{ label: 'Visits', to: paths.visits() }, { label: 'Calendar' }]}
      actions={
        can?.scheduleVisits && (
          <>
            <Button component={Link} to={paths.newSeries()} variant="default">
              Repeat Visits
            </Button>
            <Button component={Link} to={paths.newVisit()}>
              New Visit
            </Button>
          </>
        )
      }
    >
      <Stack gap="md">
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <PropertySelect
            value={propertyId ?? null}
            onChange={(value) => update({ property: value })}
            placeholder="All properties"
            clearable
            miw={200}
          />
          <NativeSelect
            label="Person"
            miw={160}
            data={[{ value: '', label: 'Everyone' }, ...people.map(([value, label]) => ({ value, label }))]}
            value={userId ?? ''}
            onChange={(event) => update({ person: event.currentTarget.value })}
          />
        </Group>
        {visits.isError && <ErrorBox error={visits.error} fallback="Failed to load visits" />}
        {phone ? (
          <AgendaList
            week={week}
            visits={items}
            loading={visits.isFetching || visits.isPending}
            unavailable={visits.fetchStatus === 'paused' && (visits.isPending || visits.isPlaceholderData)}
            onWeek={(day) => update({ date: day })}
          />
        ) : (
          <>
            {can?.scheduleVisits && (
              <Text size="sm" c="dimmed">
                Drag a scheduled visit in the week or day view to move it.
              </Text>
            )}
            <Suspense
              fallback={
                <Text role="status" size="sm">
                  Loading calendar...
                </Text>
              }
            >
              <CalendarGrid
                visits={items}
                view={view}
                date={date}
                onRangeChange={onRangeChange}
                canMove={can?.scheduleVisits ?? false}
              />
            </Suspense>
          </>
        )}
      </Stack>
    </PageShell>
  );
}
