import { Anchor, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { useVisits, type VisitListItem } from '../../api/visits';
import { ListFrame } from '../../components/page-frames';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { PropertySelect } from '../../components/property-select';
import { fullAddress } from '../../../shared/place';
import { PeopleLine } from './people-line';

const isStatus = (value: string | null): value is VisitStatus =>
  (VISIT_STATUSES as readonly string[]).includes(value ?? '');

/** /resources/visits: Upcoming (soonest first) and Past (latest first), filtered by status and property (in the URL). */
export function VisitsListPage() {
  // Past pages with ?page= (the list it always was), Upcoming with ?upcoming=; a filter resets both.
  const list = useUrlList(DEFAULT_PAGE_SIZE, { alsoReset: ['upcoming'] });
  const soon = useUrlList(DEFAULT_PAGE_SIZE, { pageKey: 'upcoming' });
  const rawStatus = list.params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const propertyId = list.params.get('property') ?? undefined;
  // The dashboard's numbers open this list on today's visits, or on the unbilled ones.
  const today = list.params.get('when') === 'today';
  const unbilled = list.params.get('unbilled') === 'true' ? ('true' as const) : undefined;
  const filters = { status, propertyId, unbilled };
  const upcoming = useVisits({ ...filters, when: today ? 'today' : 'upcoming', offset: soon.offset });
  const past = useVisits({ ...filters, when: 'past', offset: list.offset }, !today);
  const movingUpcoming = useStayInRange(soon, upcoming, DEFAULT_PAGE_SIZE);
  const movingPast = useStayInRange(list, past, DEFAULT_PAGE_SIZE);
  const can = useWorkspaceCan();
  const filtered = Boolean(status || propertyId || unbilled || today);
  const none = !filtered && upcoming.data?.total === 0 && past.data?.total === 0;

  return (
    <PageShell
      title="Visits"
      crumbs={[{ label: 'Visits' }]}
      actions={
        can?.scheduleVisits && (
          <Button component={Link} to={paths.newVisit()}>
            New Visit
          </Button>
        )
      }
    >
      <Stack gap="md">
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <NativeSelect
            label="Status"
            miw={160}
            data={[
              { value: '', label: 'All statuses' },
              ...VISIT_STATUSES.map((value) => ({ value, label: statusLabel('visit', value) })),
            ]}
            value={status ?? ''}
            onChange={(event) => list.setFilter('status', event.currentTarget.value)}
          />
          <PropertySelect
            value={propertyId ?? null}
            onChange={(value) => list.setFilter('property', value)}
            placeholder="All properties"
            clearable
            miw={200}
          />
        </Group>
        {(today || unbilled) && (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {today ? 'Only today’s visits' : 'Only completed visits not yet invoiced'}
            </Text>
            <Anchor component={Link} to={paths.visits()} size="sm">
              Show all visits
            </Anchor>
          </Group>
        )}
        {none ? (
          <Card withBorder>
            <Text c="dimmed">No visits yet. Schedule your first visit.</Text>
          </Card>
        ) : (
          <>
            <VisitGroup
              title={today ? 'Today' : 'Upcoming'}
              query={upcoming}
              moving={movingUpcoming}
              onPage={soon.setPage}
              offset={soon.offset}
              empty={
                today ? 'No visits today' : filtered ? 'No upcoming visits match these filters' : 'No upcoming visits'
              }
            />
            {!today && (
              <VisitGroup
                title="Past"
                query={past}
                moving={movingPast}
                onPage={list.setPage}
                offset={list.offset}
                empty={filtered ? 'No past visits match these filters' : 'No past visits'}
              />
            )}
          </>
        )}
      </Stack>
    </PageShell>
  );
}

/** One group of the list, with its own heading, states and pages. */
function VisitGroup({
  title,
  query,
  moving,
  offset,
  onPage,
  empty,
}: {
  title: string;
  query: ReturnType<typeof useVisits>;
  moving: boolean;
  offset: number;
  onPage: (page: number) => void;
  empty: string;
}) {
  const label = `${title} visits`;
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <ListFrame
        query={query}
        moving={moving}
        loading={`Loading ${label.toLowerCase()}`}
        failed="Failed to load visits"
        empty={
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        }
        pages={{ offset, pageSize: DEFAULT_PAGE_SIZE, onPage, noun: 'visits' }}
      >
        {(items) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
            {items.map((visit) => (
              <VisitRow key={visit.id} visit={visit} />
            ))}
          </Stack>
        )}
      </ListFrame>
    </Stack>
  );
}

function VisitRow({ visit }: { visit: VisitListItem }) {
  const formats = useFormats();
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={paths.visit(visit.id)} fw={600}>
            {visit.property.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {fullAddress(visit.property)}
          </Text>
          <Text size="sm">
            {formats.date(visit.scheduledAt)} · {formats.time(visit.scheduledAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {visit.people.length > 0 ? (
              <PeopleLine people={visit.people} role={(person) => person.role} />
            ) : (
              'Nobody assigned'
            )}
          </Text>
        </Stack>
        <StatusBadge kind="visit" value={visit.status} />
      </Group>
    </Card>
  );
}
