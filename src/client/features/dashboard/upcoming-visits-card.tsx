import { Anchor, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DASHBOARD_LOAD_TIMEOUT_MS, DASHBOARD_UPCOMING_VISITS } from '../../../shared/constants';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useUpcomingVisits } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { StatusBadge } from '../../components/status-badge';
import { wholeText } from '../../components/whole-text';
import { elementTiming, MAIN_CONTENT } from '../../lib/element-timing';
import { useTimedOut } from '../../lib/use-timed-out';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';

/** spec §2 Dashboard: the next five visits the user is assigned to, soonest first. */
export function UpcomingVisitsCard() {
  const formats = useFormats();
  const visits = useUpcomingVisits(DASHBOARD_UPCOMING_VISITS);
  const timedOut = useTimedOut(visits.isPending, DASHBOARD_LOAD_TIMEOUT_MS);
  const refresh = { label: 'Refresh page', onClick: () => window.location.reload() };

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="upcoming-visits-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="upcoming-visits-heading">
          Upcoming Visits
        </Title>
        <Anchor component={Link} to={paths.visits()} size="sm">
          View all visits
        </Anchor>
      </Group>
      {timedOut ? (
        <ErrorBox action={refresh}>{VISIT_MESSAGES.loadTimeout}</ErrorBox>
      ) : visits.isPending ? (
        <Loading label="Loading visits" size="sm" />
      ) : visits.isError ? (
        <ErrorBox action={refresh}>{VISIT_MESSAGES.loadFailed}</ErrorBox>
      ) : visits.data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {VISIT_MESSAGES.noUpcoming}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Upcoming visits">
          {visits.data.items.map((visit, index) => (
            <li key={visit.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <UnstyledButton component={Link} to={paths.visit(visit.id)} py="xs" display="block" w="100%">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={0} miw={0}>
                    <Text
                      fw={600}
                      size="sm"
                      style={wholeText}
                      {...elementTiming(index === 0 ? MAIN_CONTENT.dashboard : undefined)}
                    >
                      {visit.property.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={wholeText}>
                      {visit.property.address}
                    </Text>
                  </Stack>
                  <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text size="sm">{formats.date(visit.scheduledAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {formats.time(visit.scheduledAt)}
                    </Text>
                    {/* The list is every assigned visit ahead (spec §7); say when one will not happen as planned. */}
                    {visit.status !== 'scheduled' && <StatusBadge kind="visit" value={visit.status} size="xs" />}
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
