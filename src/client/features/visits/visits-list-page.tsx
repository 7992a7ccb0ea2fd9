import { Anchor, Button, Card, Group, NativeSelect, Pagination, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { errorMessage } from '../../api/http';
import { formatDate, formatTime } from '../../lib/datetime';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { PAGE_SIZE, useChosenProperty, usePropertyOptions, useVisits } from './api';
import { fullAddress, personName, VISIT_STATUS_LABELS, VisitStatusBadge } from './visit-format';

/** /resources/visits: newest scheduled first, filtered by status and property (in the URL), paginated. */
export function VisitsListPage() {
  const [params, setParams] = useSearchParams();
  const status = (VISIT_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as VisitStatus)
    : undefined;
  const propertyId = params.get('property') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const visits = useVisits({ status, propertyId, offset: (page - 1) * PAGE_SIZE });

  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <PageShell
      title="Visits"
      crumbs={[{ label: 'Visits' }]}
      actions={
        <Button component={Link} to={paths.newVisit()}>
          New Visit
        </Button>
      }
    >
      <Stack gap="md">
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <NativeSelect
            label="Status"
            miw={160}
            data={[
              { value: '', label: 'All statuses' },
              ...VISIT_STATUSES.map((value) => ({ value, label: VISIT_STATUS_LABELS[value] })),
            ]}
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.currentTarget.value)}
          />
          <PropertyFilter value={propertyId ?? null} onChange={(value) => setFilter('property', value)} />
        </Group>

        {visits.isPending ? (
          <PageLoader />
        ) : visits.isError ? (
          <ErrorBox>{`Error: ${errorMessage(visits.error, 'Failed to load visits')}`}</ErrorBox>
        ) : visits.data.items.length === 0 ? (
          <Card withBorder>
            <Text c="dimmed">
              {status || propertyId ? 'No visits match these filters' : 'No visits yet. Schedule your first visit.'}
            </Text>
          </Card>
        ) : (
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
                  <VisitStatusBadge status={visit.status} />
                </Group>
              </Card>
            ))}
          </Stack>
        )}

        {visits.data && visits.data.total > PAGE_SIZE && (
          <Pagination
            total={Math.ceil(visits.data.total / PAGE_SIZE)}
            value={page}
            onChange={(value) => setFilter('page', String(value))}
            size="sm"
          />
        )}
      </Stack>
    </PageShell>
  );
}

function PropertyFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  // A property that came in the URL (?property=): fetch its name, it may not be among the options.
  const fromUrl = useChosenProperty(value && chosen?.id !== value ? value : '');
  const current =
    chosen && chosen.id === value
      ? chosen
      : fromUrl.data && fromUrl.data.id === value
        ? { id: fromUrl.data.id, name: fromUrl.data.name }
        : null;
  // The select shows the chosen name as its search text: that is not a search.
  const options = usePropertyOptions(current && search === current.name ? '' : debounced);
  const data = (options.data?.items ?? []).map((property) => ({ value: property.id, label: property.name }));
  // Keep the chosen property among the options while the user searches for another one,
  // or the select would drop it and wipe what they typed.
  if (current && !data.some((option) => option.value === current.id))
    data.unshift({ value: current.id, label: current.name });
  return (
    <Select
      label="Property"
      placeholder="All properties"
      miw={200}
      searchable
      clearable
      data={data}
      value={current ? current.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next && option ? { id: next, name: option.label } : null);
        onChange(next);
      }}
      nothingFoundMessage={options.isFetching ? 'Loading...' : 'No properties found'}
    />
  );
}
