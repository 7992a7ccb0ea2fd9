import { Button, Card, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { VISIT_TASK_STATUSES, type VisitTaskStatus } from '../../../shared/constants';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import { submit } from '../../api/outbox';
import { taskChange, type VisitDetail, type VisitTask } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { TaskEvidence } from './task-evidence';
import { ReopenVisit } from './reopen-visit';
import { statusLabel } from '../../components/status-badge';
import { useFormats } from '../../api/session';

/** The visit's tasks, each with its status selector (spec §2) and a note. */
export function VisitTasksSection({ visit }: { visit: VisitDetail }) {
  const headingId = useId();
  const [statusError, setStatusError] = useState<string | null>(null);
  const completed = visit.tasks.filter((task) => task.status === 'completed').length;

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          Tasks
        </Title>
        {visit.tasks.length > 0 && (
          <Text size="sm" c="dimmed">
            {completed} of {visit.tasks.length} completed
          </Text>
        )}
      </Group>
      {visit.status === 'completed' && <ReopenVisit visit={visit} />}
      {statusError && <ErrorBox>{statusError}</ErrorBox>}
      {visit.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks on this visit yet. Use Manage Tasks to add some.
        </Text>
      ) : (
        <Stack gap="sm" mt="xs">
          {visit.tasks.map((task) => (
            <TaskCard key={task.id} visit={visit} task={task} onStatusError={setStatusError} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * One task with its own status change, so quick changes to several tasks each keep their busy
 * state and error. Status and note go through the outbox, like /today's ticks (one write path).
 */
function TaskCard({
  visit,
  task,
  onStatusError,
}: {
  visit: VisitDetail;
  task: VisitTask;
  onStatusError: (message: string | null) => void;
}) {
  const formats = useFormats();
  const [busy, setBusy] = useState(false);

  async function changeStatus(status: VisitTaskStatus) {
    onStatusError(null);
    setBusy(true);
    try {
      await submit(taskChange(task, { status }));
    } catch (error) {
      onStatusError(VISIT_MESSAGES.taskStatusFailed(errorMessage(error, 'unknown error')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600}>{task.name}</Text>
            <Text size="sm" c="dimmed">
              {/* A technician sees no price. */}
              {visit.can.seePrices ? formats.money(task.price) : ''}
              {task.completedAt
                ? `${visit.can.seePrices ? ' · ' : ''}completed ${formats.dateTime(task.completedAt)}`
                : ''}
            </Text>
          </Stack>
          <NativeSelect
            aria-label={`Status of ${task.name}`}
            data={VISIT_TASK_STATUSES.map((value) => ({ value, label: statusLabel('visitTask', value) }))}
            value={task.status}
            disabled={busy || !visit.can.tickTasks}
            onChange={(event) => void changeStatus(event.currentTarget.value as VisitTaskStatus)}
            w={150}
          />
        </Group>
        <TaskEvidence task={task} disabled={!visit.can.tickTasks} withNote={false} />
        {visit.can.tickTasks && <TaskNote task={task} />}
      </Stack>
    </Card>
  );
}

function TaskNote({ task }: { task: VisitTask }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState(task.notes ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const changed = note.trim() !== (task.notes ?? '');
  return (
    <Stack gap={4}>
      <Textarea
        aria-label={`Note for ${task.name}`}
        placeholder="Add a note for this task"
        autosize
        minRows={1}
        maxRows={6}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={failure}
      />
      {changed && (
        <Group gap="xs">
          <Button
            size="xs"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              setBusy(true);
              submit(taskChange(task, { notes: note }))
                .catch((error: unknown) => setFailure(errorMessage(error, 'Failed to save note')))
                .finally(() => setBusy(false));
            }}
          >
            {busy ? 'Saving...' : 'Save note'}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setNote(task.notes ?? '')}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
