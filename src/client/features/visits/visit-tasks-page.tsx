import { Anchor, Button, Card, Group, Modal, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { centsToDollarsInput, dollarsToCents, formatMoney } from '../../../shared/money';
import { VISIT_MESSAGES, type VisitDetailDto, type VisitTaskDto } from '../../../shared/schemas/visits';
import { errorMessage } from '../../api/http';
import { formatDateTime } from '../../lib/datetime';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useAddVisitTask, useRemoveVisitTask, useTaskOptions, useUpdateVisitTask, useVisit } from './api';
import { VisitTaskStatusBadge } from './visit-format';

/** /resources/visits/{id}/tasks: the visit's tasks with price and status; add, re-price, remove. */
export function VisitTasksPage() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  const crumbs = [
    { label: 'Visits', to: paths.visits() },
    { label: 'Visit Details', to: paths.visit(id) },
    { label: 'Tasks' },
  ];
  return (
    <PageShell title="Visit Tasks" crumbs={crumbs}>
      {visit.isPending ? (
        <PageLoader />
      ) : visit.isError ? (
        <ErrorBox>{`Error: ${errorMessage(visit.error, VISIT_MESSAGES.notFound)}`}</ErrorBox>
      ) : (
        <Stack gap="lg">
          <Text size="sm">
            <Anchor component={Link} to={paths.visit(id)}>
              {visit.data.property.name}
            </Anchor>{' '}
            · {formatDateTime(visit.data.scheduledAt)}
          </Text>
          <CurrentTasks visit={visit.data} />
          <AddTasks visit={visit.data} />
        </Stack>
      )}
    </PageShell>
  );
}

function CurrentTasks({ visit }: { visit: VisitDetailDto }) {
  const [removing, setRemoving] = useState<VisitTaskDto | null>(null);
  const total = visit.tasks.reduce((sum, task) => sum + (task.price ?? 0), 0);
  return (
    <section aria-labelledby="visit-task-list-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="visit-task-list-heading">
          On this visit
        </Title>
        {visit.tasks.length > 0 && <Text size="sm">Total {formatMoney(total)}</Text>}
      </Group>
      {visit.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks on this visit yet. Add some below.
        </Text>
      ) : (
        <Stack gap="sm">
          {visit.tasks.map((task) => (
            <Card key={task.id} withBorder padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{task.name}</Text>
                  <Group gap="xs">
                    <VisitTaskStatusBadge status={task.status} />
                    <Text size="xs" c="dimmed">
                      {formatDuration(task.estimatedDurationMinutes)}
                    </Text>
                  </Group>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${task.name}`}
                  onClick={() => setRemoving(task)}
                >
                  Remove
                </Button>
              </Group>
              <PriceEditor visitId={visit.id} task={task} />
            </Card>
          ))}
        </Stack>
      )}
      <RemoveTaskModal visitId={visit.id} task={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function PriceEditor({ visitId, task }: { visitId: string; task: VisitTaskDto }) {
  const updateTask = useUpdateVisitTask(visitId);
  const [text, setText] = useState(centsToDollarsInput(task.price));
  const [failure, setFailure] = useState<string | null>(null);
  const changed = text.trim() !== centsToDollarsInput(task.price);

  function save() {
    let price: number | null;
    try {
      price = dollarsToCents(text);
    } catch {
      setFailure('Price must be 0 or more, in steps of 0.01');
      return;
    }
    setFailure(null);
    updateTask.mutate(
      { id: task.id, price },
      {
        onSuccess: (updated) => setText(centsToDollarsInput(updated.price)),
        onError: (error) => setFailure(errorMessage(error, 'Failed to save price')),
      },
    );
  }

  return (
    <Group gap="xs" mt="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={`Price of ${task.name}`}
        leftSection="$"
        inputMode="decimal"
        placeholder="No price"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={failure}
        w={140}
      />
      {changed && (
        <Button size="sm" variant="light" disabled={updateTask.isPending} onClick={save}>
          {updateTask.isPending ? 'Saving...' : 'Save price'}
        </Button>
      )}
    </Group>
  );
}

function RemoveTaskModal({
  visitId,
  task,
  onClose,
}: {
  visitId: string;
  task: VisitTaskDto | null;
  onClose: () => void;
}) {
  const removeTask = useRemoveVisitTask(visitId);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <Modal opened={task !== null} onClose={close} title="Remove Task" centered>
      <Stack gap="sm">
        <Text size="sm">Remove {task?.name} from this visit?</Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={removeTask.isPending}
            onClick={() =>
              task &&
              removeTask.mutate(task.id, {
                onSuccess: close,
                onError: (error) => setFailure(errorMessage(error, 'Failed to remove task')),
              })
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddTasks({ visit }: { visit: VisitDetailDto }) {
  const [scope, setScope] = useState<'property' | 'all'>('property');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const options = useTaskOptions(visit.id, scope, q);
  const addTask = useAddVisitTask();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <section aria-labelledby="visit-add-tasks-heading">
      <Title order={2} size="h4" id="visit-add-tasks-heading" mb="xs">
        Add tasks
      </Title>
      <Stack gap="sm">
        <SegmentedControl
          value={scope}
          onChange={(value) => setScope(value as 'property' | 'all')}
          data={[
            { value: 'property', label: 'Property tasks' },
            { value: 'all', label: 'All tasks' },
          ]}
          fullWidth
        />
        <TextInput
          label="Search tasks"
          placeholder="Task name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {options.isPending ? (
          <PageLoader label="Loading tasks" />
        ) : options.isError ? (
          <ErrorBox>{`Error: ${errorMessage(options.error, 'Failed to load tasks')}`}</ErrorBox>
        ) : options.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {scope === 'property'
              ? 'This property has no active tasks. Switch to All tasks to pick from the catalogue.'
              : 'No tasks found'}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Task options">
            {options.data.items.map((option) => (
              <Group key={option.taskId} component="li" justify="space-between" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate="end">
                    {option.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(option.price)} · {formatDuration(option.estimatedDurationMinutes)}
                  </Text>
                </Stack>
                <Button
                  size="compact-sm"
                  variant={option.onVisit ? 'subtle' : 'light'}
                  disabled={option.onVisit || addTask.isPending}
                  aria-label={option.onVisit ? `${option.name} is on this visit` : `Add ${option.name}`}
                  onClick={() => {
                    setFailure(null);
                    addTask.mutate(
                      { visitId: visit.id, taskId: option.taskId },
                      { onError: (error) => setFailure(errorMessage(error, 'Failed to add task')) },
                    );
                  }}
                >
                  {option.onVisit ? 'Added' : 'Add'}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {options.data && options.data.total > options.data.items.length && (
          <Text size="sm" c="dimmed">
            Showing {options.data.items.length} of {options.data.total} tasks. Search to find the others.
          </Text>
        )}
      </Stack>
    </section>
  );
}
