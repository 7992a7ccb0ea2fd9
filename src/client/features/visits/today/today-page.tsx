import { Stack, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { PAGE_TITLES } from '../../../../shared/page-titles';
import { prefetchWhenSignedIn, useFormats } from '../../../api/session';
import { myVisitsQuery, useMyVisits, type VisitDetail } from '../../../api/visits';
import { EmptyState } from '../../../components/empty-state';
import { localityOf } from '../../../lib/locality';
import { PageShell } from '../../../shell/page-shell';
import { groupByDay, nextVisitId, todayWindow } from './today-days';
import { VisitStop } from './visit-stop';
import { QueryView } from '../../../components/query-view';

// The phone's home for a field worker, read as the day's route. One
// heading ('Today'), then the visits as compact cards in time order with the next stop marked;
// a card opens in place to its tasks, notes and photos. Every change goes through the outbox, so
// it works with no signal and is sent when it returns.

// The day's visits are asked when this code loads, not when the page first renders, for the
// business's days (its zone comes with the sign-in check's answer).
prefetchWhenSignedIn((me) => {
  const opening = todayWindow(new Date(), localityOf(me.workspace).timeZone);
  return myVisitsQuery(opening.from, opening.to);
});

export function TodayPage() {
  const formats = useFormats();
  const { timeZone } = formats.locality;
  const range = useMemo(() => todayWindow(new Date(), timeZone), [timeZone]);
  const visits = useMyVisits(range.from, range.to);
  const days = useMemo(
    () => (visits.data ? groupByDay(visits.data.items, range, formats) : []),
    [visits.data, range, formats],
  );
  const next = useMemo(() => (visits.data ? nextVisitId(visits.data.items) : null), [visits.data]);

  return (
    <PageShell title={PAGE_TITLES.today}>
      <QueryView query={visits} loading="Loading your visits" fallback="Could not load your visits">
        {() =>
          days.length === 0 ? (
            <EmptyState title="Nothing scheduled" description="You have no visits today or in the next 6 days." />
          ) : (
            <Stack gap="lg">
              {days.map((day) => (
                <DayRoute
                  key={day.key}
                  title={day.title}
                  visits={day.visits}
                  next={next}
                  first={days[0]?.visits[0]?.id}
                />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </PageShell>
  );
}

/** One day's stops. Today's need no heading of their own: the page's is 'Today'. */
function DayRoute({
  title,
  visits,
  next,
  first,
}: {
  title: string;
  visits: VisitDetail[];
  next: string | null;
  /** The page's first stop, whose drawing the benchmark times (lib/element-timing.ts). */
  first: string | undefined;
}) {
  const headingId = useId();
  const today = title === 'Today';
  return (
    <Stack gap="sm" component="section" {...(today ? { 'aria-label': 'Today' } : { 'aria-labelledby': headingId })}>
      {!today && (
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
      )}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {visits.map((visit) => (
          <li key={visit.id}>
            <VisitStop visit={visit} next={visit.id === next} headingLevel={today ? 2 : 3} timed={visit.id === first} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
