import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { usePortalFormats, usePortalVisits } from '../../api/portal';
import { ListFrame } from '../../components/page-frames';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { portalPaths } from './portal-paths';
import type { ItemOf } from '../../api/contract';

type PortalVisit = ItemOf<'/portal/visits'>;

const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** /portal: upcoming and past visits (each past one opens its report), invoices, 'Request a visit'. */
export function PortalHomePage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Your visits
      </Title>
      <Group gap="sm">
        <Button component={Link} to={portalPaths.request()}>
          {PORTAL_MESSAGES.requestVisit}
        </Button>
        <Button component={Link} to={portalPaths.invoices()} variant="default">
          {PORTAL_MESSAGES.invoices}
        </Button>
      </Group>
      <VisitsSection when="past" />
      <VisitsSection when="upcoming" />
    </Stack>
  );
}

function VisitsSection({ when }: { when: 'upcoming' | 'past' }) {
  const [offset, setOffset] = useState(0);
  const visits = usePortalVisits(when, offset);
  const past = when === 'past';
  return (
    <Section title={past ? PORTAL_MESSAGES.pastVisits : PORTAL_MESSAGES.upcomingVisits}>
      <ListFrame
        query={visits}
        loading={`Loading ${past ? 'past' : 'upcoming'} visits`}
        failed="Failed to load visits"
        empty={
          <Text size="sm" c="dimmed">
            {past ? PORTAL_MESSAGES.noPastVisits : PORTAL_MESSAGES.noUpcomingVisits}
          </Text>
        }
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'visits',
        }}
      >
        {(items) => (
          <Stack gap="sm" component="ul" style={plainList} aria-label={past ? 'Past visits' : 'Upcoming visits'}>
            {items.map((visit) => (
              <VisitRow key={visit.id} visit={visit} past={past} />
            ))}
          </Stack>
        )}
      </ListFrame>
    </Section>
  );
}

function VisitRow({ visit, past }: { visit: PortalVisit; past: boolean }) {
  const formats = usePortalFormats();
  const when = formats.dateTime(past ? (visit.completedAt ?? visit.scheduledAt) : visit.scheduledAt);
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap">
      <Stack gap={0} miw={0}>
        {past ? (
          <Anchor component={Link} to={portalPaths.visit(visit.id)} fw={600}>
            {`Report: ${visit.property.name}, ${when}`}
          </Anchor>
        ) : (
          <Text fw={600}>{`${visit.property.name}, ${when}`}</Text>
        )}
        <Text size="xs" c="dimmed">
          {visit.property.address}
          {past && visit.photoCount > 0 ? ` · ${visit.photoCount} photo${visit.photoCount === 1 ? '' : 's'}` : ''}
        </Text>
      </Stack>
      <StatusBadge kind="visit" value={visit.status} />
    </Group>
  );
}
