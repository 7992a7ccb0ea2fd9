import { Anchor, Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { useWorkspaceCan } from '../../api/session';
import { useVisits } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { ListFooter } from '../../components/list-footer';
import { Loading } from '../../components/loading';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { formatDate, formatTime } from '../../lib/datetime';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { PropertySelect } from '../../components/property-select';
import { fullAddress } from '../../../shared/place';
import { personName } from './visit-format';

const isStatus = (value: string | null): value is VisitStatus =>
  (VISIT_STATUSES as readonly string[]).includes(value ?? '');

/** /resources/visits: newest scheduled first, filtered by status and property (in the URL), paginated. */
export function VisitsListPage() {
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const rawStatus = list.params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const propertyId = list.params.get('property') ?? undefined;
  const visits = useVisits({ status, propertyId, offset: list.offset });
  const moving = useStayInRange(list, visits, DEFAULT_PAGE_SIZE);
  const can = useWorkspaceCan();

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

        {visits.isPending || moving ? (
          <Loading label="Loading visits" />
        ) : visits.isError ? (
          <ErrorBox error={visits.error} fallback="Failed to load visits" onRetry={visits.refetch} />
        ) : visits.data.items.length === 0 ? (
          <Card withBorder>
            <Text c="dimmed">
              {status || propertyId ? 'No visits match these filters' : 'No visits yet. Schedule your first visit.'}
            </Text>
          </Card>
        ) : (
          <>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Visits">
              {visits.data.items.map((visit) => (
                <Card key={visit.id} component="li" withBorder padding="sm">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Anchor component={Link} to={paths.visit(visit.id)} fw={600}>
                        {visit.property.name}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {fullAddress(visit.property)}
                      </Text>
                      <Text size="sm">
                        {formatDate(visit.scheduledAt)} · {formatTime(visit.scheduledAt)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {visit.people.length > 0
                          ? visit.people.map((person) => `${personName(person)} (${person.role})`).join(', ')
                          : 'Nobody assigned'}
                      </Text>
                    </Stack>
                    <StatusBadge kind="visit" value={visit.status} />
                  </Group>
                </Card>
              ))}
            </Stack>
            <ListFooter
              total={visits.data.total}
              offset={list.offset}
              pageSize={DEFAULT_PAGE_SIZE}
              onPage={list.setPage}
              noun="visits"
            />
          </>
        )}
      </Stack>
    </PageShell>
  );
}
