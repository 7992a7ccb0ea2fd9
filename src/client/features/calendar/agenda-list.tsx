import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { addDays, startOfDay, sundayOf } from '../../lib/zoned-time';
import { paths } from '../../paths';
import classes from './calendar.module.css';
import { useFormats } from '../../api/session';
import type { VisitListItem } from '../../api/visits';

/** A week of the business's calendar: its first day (a Sunday) and the instants it runs between. */
export interface AgendaWeek {
  first: string;
  from: string;
  to: string;
}

/** The week of the business's calendar (`timeZone`) holding `day`, Sunday first, as the grid's weeks start. */
export function weekOf(day: string, timeZone: string): AgendaWeek {
  const first = sundayOf(day);
  return { first, from: startOfDay(first, timeZone), to: startOfDay(addDays(first, 7), timeZone) };
}

/**
 * The phone's calendar: one week of the business's calendar as a day-by-day list, each day with visits under
 * its own heading, soonest first. Plain components: a phone does not download the grid.
 */
export function AgendaList({
  week,
  visits,
  loading,
  unavailable = false,
  onWeek,
}: {
  week: AgendaWeek;
  visits: VisitListItem[];
  loading: boolean;
  /** Offline, with nothing for this week in the cache: the week is unknown, not empty. */
  unavailable?: boolean;
  /** Shows the week of this day of the business's calendar. */
  onWeek: (day: string) => void;
}) {
  const formats = useFormats();
  const [start, end] = [new Date(week.from), new Date(week.to)];
  const days = new Map<string, VisitListItem[]>();
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
          {formats.dayRange(week.first, addDays(week.first, 6))}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="default"
            size="sm"
            onClick={() => onWeek(addDays(week.first, -7))}
            aria-label="Previous week"
          >
            ‹
          </Button>
          <Button variant="default" size="sm" onClick={() => onWeek(formats.today())}>
            Today
          </Button>
          <Button variant="default" size="sm" onClick={() => onWeek(addDays(week.first, 7))} aria-label="Next week">
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
