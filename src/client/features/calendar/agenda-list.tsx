import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { VisitListItemDto } from '../../../shared/schemas/visits';
import { StatusBadge } from '../../components/status-badge';
import { localDay } from '../../lib/datetime';
import { paths } from '../../paths';
import classes from './calendar.module.css';
import { useFormats } from '../../api/session';

/** The Sunday that starts the week of `date` (local), as the grid's weeks start. */
export function weekStart(date: Date): Date {
  const start = new Date(date);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - start.getDay());
  return start;
}

export const addDays = (date: Date, days: number) => {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
};

/**
 * The phone's calendar (issue 18): one week as a day-by-day list, each day with visits under
 * its own heading, soonest first. Plain components: a phone does not download the grid.
 */
export function AgendaList({
  start,
  visits,
  loading,
  unavailable = false,
  onWeek,
}: {
  start: Date;
  visits: VisitListItemDto[];
  loading: boolean;
  /** Offline, with nothing for this week in the cache: the week is unknown, not empty. */
  unavailable?: boolean;
  onWeek: (start: Date) => void;
}) {
  const formats = useFormats();
  const end = addDays(start, 7);
  const days = new Map<string, VisitListItemDto[]>();
  for (const visit of [...visits].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))) {
    const when = new Date(visit.scheduledAt);
    if (when < start || when >= end) continue;
    const key = formats.isoDay(visit.scheduledAt);
    days.set(key, [...(days.get(key) ?? []), visit]);
  }

  return (
    <Stack gap="md" aria-busy={loading}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={2} size="h4">
          {formats.dayRange(localDay(start.toISOString()), localDay(addDays(start, 6).toISOString()))}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Button variant="default" size="sm" onClick={() => onWeek(addDays(start, -7))} aria-label="Previous week">
            ‹
          </Button>
          <Button variant="default" size="sm" onClick={() => onWeek(weekStart(new Date()))}>
            Today
          </Button>
          <Button variant="default" size="sm" onClick={() => onWeek(addDays(start, 7))} aria-label="Next week">
            ›
          </Button>
        </Group>
      </Group>
      {days.size === 0 ? (
        <Text c="dimmed">
          {unavailable ? 'Not available offline' : loading ? 'Loading visits...' : 'No visits in this week'}
        </Text>
      ) : (
        [...days].map(([day, dayVisits]) => (
          <Box key={day} component="section" className={classes.day} aria-label={formats.longDay(day)}>
            <Title order={3} size="h5" mb="xs">
              {formats.longDay(day)}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {dayVisits.map((visit) => (
                <Group key={visit.id} component="li" wrap="nowrap" gap="sm" justify="space-between">
                  <Group wrap="nowrap" gap="sm" miw={0}>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formats.time(visit.scheduledAt)}
                    </Text>
                    <Anchor component={Link} to={paths.visit(visit.id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {visit.property.name}
                    </Anchor>
                  </Group>
                  <StatusBadge kind="visit" value={visit.status} size="sm" />
                </Group>
              ))}
            </Stack>
          </Box>
        ))
      )}
    </Stack>
  );
}
