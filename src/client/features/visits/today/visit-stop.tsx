import { Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconLock } from '@tabler/icons-react';
import { memo, useDeferredValue, useId, useState } from 'react';
import { fullAddress } from '../../../../shared/place';
import { enqueue } from '../../../api/outbox';
import { taskChange, type VisitDetail, type VisitTask } from '../../../api/visits';
import { SignatureSection } from '../signature-section';
import { TaskEvidence } from '../task-evidence';
import { VisitCompletion } from '../visit-completion';
import { ContactActions } from '../../../components/contact-actions';
import { ReopenVisit } from '../reopen-visit';
import { NotesPanel } from '../../../components/notes-panel';
import { PhotoPanel } from '../../../components/photo-panel';
import { StatusBadge } from '../../../components/status-badge';
import { elementTiming, MAIN_CONTENT } from '../../../lib/element-timing';
import { OnMyWay } from './on-my-way';
import { useFormats } from '../../../api/session';

/** A 44 px target: tapped with a thumb in the field. */
const TARGET = { minHeight: 44 };

/**
 * One stop of the day as a compact card: time, property, address, Directions, tasks done and the
 * status; 'Next' on the next stop. It opens in place to the tasks, notes and photos (the next stop
 * starts open). A completed visit is locked: its tasks cannot be unticked until it is reopened.
 * Memoised: a tick changes one visit object in the cache, and only its card draws again.
 */
export const VisitStop = memo(function VisitStop({
  visit,
  next,
  headingLevel,
  timed = false,
}: {
  visit: VisitDetail;
  next: boolean;
  headingLevel: 2 | 3;
  /** The page's first stop: its name carries the main content's Element Timing mark. */
  timed?: boolean;
}) {
  const formats = useFormats();
  const headingId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(next);
  // The next stop's tasks, notes and photos are drawn just after the cards, not with them: the
  // day's route shows first (they doubled the first render's time at 4× CPU).
  const detailsOpen = useDeferredValue(open, false);
  const locked = visit.status === 'completed';
  const done = visit.tasks.filter((task) => task.status === 'completed').length;
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={headingId}
      aria-current={next ? 'step' : undefined}
      padding="sm"
      style={next ? { borderColor: 'var(--mantine-color-blue-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text fw={700}>{formats.time(visit.scheduledAt)}</Text>
            {next && (
              <Badge color="blue" variant="filled">
                Next
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            {locked && (
              <Group gap={2} wrap="nowrap" c="dimmed">
                <IconLock size={16} aria-hidden />
                <Text size="sm">Locked</Text>
              </Group>
            )}
            <StatusBadge kind="visit" value={visit.status} />
          </Group>
        </Group>
        <Title
          order={headingLevel}
          size="h4"
          id={headingId}
          style={{ overflowWrap: 'anywhere' }}
          {...elementTiming(timed ? MAIN_CONTENT.today : undefined)}
        >
          {visit.property.name}
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {fullAddress(visit.property)}
        </Text>
        {visit.client && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Client: {visit.client.name}
            </Text>
            <ContactActions name={visit.client.name} phone={visit.client.phone} only={['call']} />
          </Group>
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{visit.tasks.length === 0 ? 'No tasks' : `${done}/${visit.tasks.length} tasks done`}</Text>
          <ContactActions
            place={{ name: visit.property.name, address: fullAddress(visit.property) }}
            only={['directions']}
          />
        </Group>
        <OnMyWay visit={visit} />
        <Button
          variant="subtle"
          fullWidth
          style={TARGET}
          aria-expanded={open}
          aria-controls={detailsId}
          rightSection={open ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
          onClick={() => setOpen((current) => !current)}
        >
          {open ? 'Hide details' : 'Tasks, notes and photos'}
        </Button>
        <div id={detailsId} hidden={!open}>
          {detailsOpen && <StopDetails visit={visit} locked={locked} />}
        </div>
      </Stack>
    </Card>
  );
});

function StopDetails({ visit, locked }: { visit: VisitDetail; locked: boolean }) {
  const disabled = locked || !visit.can.tickTasks;
  return (
    <Stack gap="sm" pt="xs">
      {locked && <ReopenVisit visit={visit} />}
      {visit.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks on this visit.
        </Text>
      ) : (
        <Stack gap={0} component="ul" aria-label="Tasks" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visit.tasks.map((task) => (
            <TaskTick key={task.id} task={task} disabled={disabled} />
          ))}
        </Stack>
      )}
      {(visit.requireSignature || visit.signature) && <SignatureSection visit={visit} />}
      <VisitCompletion visit={visit} />
      <NotesPanel attachableType="visit" attachableId={visit.id} />
      <PhotoPanel attachableType="visit" attachableId={visit.id} />
    </Stack>
  );
}

/** A large tick per task (a 44 px row, the label included), named by the task. */
function TaskTick({ task, disabled }: { task: VisitTask; disabled: boolean }) {
  const done = task.status === 'completed';
  return (
    <li>
      <Checkbox
        size="lg"
        label={task.name}
        checked={done}
        disabled={disabled}
        onChange={(event) =>
          void enqueue(taskChange(task, { status: event.currentTarget.checked ? 'completed' : 'pending' }))
        }
        styles={{
          body: { minHeight: 48, alignItems: 'center' },
          labelWrapper: { flex: 1 },
          label: {
            paddingBlock: 10,
            cursor: disabled ? undefined : 'pointer',
            textDecoration: done ? 'line-through' : undefined,
          },
        }}
      />
      <TaskEvidence task={task} disabled={disabled} withNote />
    </li>
  );
}
