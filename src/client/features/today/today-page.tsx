import { PAGE_TITLES } from '../../../shared/page-titles';
import { Anchor, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { memo, useId, useMemo } from 'react';
import type { VisitStatus } from '../../../shared/constants';
import { fullAddress } from '../../../shared/place';
import type { VisitDetailDto, VisitPropertyDto, VisitTaskDto } from '../../../shared/schemas/visits';
import { enqueue } from '../../api/outbox';
import { useMyVisits } from '../../api/visits';
import { EmptyState } from '../../components/empty-state';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../lib/datetime';
import { PageShell } from '../../shell/page-shell';
import { todayWindow, groupByDay } from './today-days';

// Issue 17: the phone's home for a field worker. Every change here (a tick, a visit's status, a
// note, a photo) goes through the outbox, so it works with no signal and is sent when it returns.

export function TodayPage() {
  const range = useMemo(() => todayWindow(new Date()), []);
  const visits = useMyVisits(range.from, range.to);
  const days = useMemo(() => (visits.data ? groupByDay(visits.data.items, range) : []), [visits.data, range]);

  return (
    <PageShell title={PAGE_TITLES.today}>
      {visits.isPending ? (
        <Loading label="Loading your visits" />
      ) : !visits.data ? (
        <ErrorBox error={visits.error} fallback="Could not load your visits" onRetry={visits.refetch} />
      ) : days.length === 0 ? (
        <EmptyState title="Nothing scheduled" description="You have no visits today or in the next 6 days." />
      ) : (
        <Stack gap="xl">
          {days.map((day) => (
            <DaySection key={day.key} title={day.title} visits={day.visits} />
          ))}
        </Stack>
      )}
    </PageShell>
  );
}

function DaySection({ title, visits }: { title: string; visits: VisitDetailDto[] }) {
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {visits.map((visit) => (
        <VisitCard key={visit.id} visit={visit} />
      ))}
    </Stack>
  );
}

const mapUrl = (property: VisitPropertyDto) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(fullAddress(property))}`;

const NEXT_STATUS: Partial<Record<VisitStatus, { status: VisitStatus; label: string }>> = {
  scheduled: { status: 'in_progress', label: 'Start visit' },
  in_progress: { status: 'completed', label: 'Complete visit' },
};

/** Memoised: a tick changes one visit object in the cache, and only its card draws again. */
const VisitCard = memo(function VisitCard({ visit }: { visit: VisitDetailDto }) {
  const headingId = useId();
  const next = NEXT_STATUS[visit.status];
  return (
    <Card withBorder component="article" aria-labelledby={headingId} padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {visit.property.name}
          </Title>
          <StatusBadge kind="visit" value={visit.status} />
        </Group>
        <Text size="sm">
          {formatTime(visit.scheduledAt)} · {fullAddress(visit.property)}
        </Text>
        <Anchor href={mapUrl(visit.property)} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            Open in Maps
          </Group>
        </Anchor>
        {visit.tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tasks on this visit.
          </Text>
        ) : (
          <Stack gap={0} component="ul" aria-label="Tasks" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {visit.tasks.map((task) => (
              <TaskTick key={task.id} task={task} />
            ))}
          </Stack>
        )}
        {next && (
          <Button
            size="md"
            fullWidth
            onClick={() =>
              void enqueue({
                kind: 'visitStatus',
                visitId: visit.id,
                propertyName: visit.property.name,
                status: next.status,
                previous: visit.status,
                version: visit.version,
              })
            }
          >
            {next.label}
          </Button>
        )}
        <NotesPanel attachableType="visit" attachableId={visit.id} queued />
        <PhotoPanel attachableType="visit" attachableId={visit.id} queued />
      </Stack>
    </Card>
  );
});

/** A large tick per task (a 44 px row, the label included), named by the task. */
function TaskTick({ task }: { task: VisitTaskDto }) {
  const done = task.status === 'completed';
  return (
    <li>
      <Checkbox
        size="lg"
        label={task.name}
        checked={done}
        onChange={(event) =>
          void enqueue({
            kind: 'visitTask',
            visitId: task.visitId,
            taskId: task.id,
            taskName: task.name,
            status: event.currentTarget.checked ? 'completed' : 'pending',
            previous: task.status,
            version: task.version,
          })
        }
        styles={{
          body: { minHeight: 48, alignItems: 'center' },
          labelWrapper: { flex: 1 },
          label: { paddingBlock: 10, cursor: 'pointer', textDecoration: done ? 'line-through' : undefined },
        }}
      />
    </li>
  );
}
