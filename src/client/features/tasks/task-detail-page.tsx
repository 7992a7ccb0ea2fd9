import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { formatMoney } from '../../../shared/money';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useDeleteTask, useTask } from './api';

export function TaskDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const task = useTask(id);
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = task.data?.name ?? 'Task';

  async function onDelete() {
    setFailure(null);
    try {
      await remove.mutateAsync(id);
      navigate(paths.tasks(), { replace: true });
    } catch (error) {
      setFailure(`${TASK_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`);
    }
  }

  return (
    <PageShell
      title={name}
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name }]}
      actions={
        task.data?.canEdit && (
          <>
            <Button component={Link} to={paths.editTask(id)} variant="light">
              Edit
            </Button>
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        )
      }
    >
      {task.isPending ? (
        <PageLoader />
      ) : task.isError ? (
        <ErrorBox>Error: {errorMessage(task.error, TASK_MESSAGES.notFound)}</ErrorBox>
      ) : (
        <Stack gap="lg">
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text style={{ whiteSpace: 'pre-wrap' }} c={task.data.description ? undefined : 'dimmed'}>
                {task.data.description ?? 'No description.'}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                <Fact label="Duration">{formatDuration(task.data.estimatedDurationMinutes)}</Fact>
                <Fact label="Default price">{formatMoney(task.data.defaultPrice)}</Fact>
                <Fact label="Created">{new Date(task.data.createdAt).toLocaleDateString()}</Fact>
              </SimpleGrid>
            </Stack>
          </Card>
          <Group gap="xs">
            <Button component={Link} to={paths.assignTask(id)}>
              Assign to Properties
            </Button>
            <Button component={Link} to={paths.addTaskToVisit(id)} variant="light">
              Add to Visit
            </Button>
          </Group>
          {/* The photos issue puts the photo panel here. */}
          <Placeholder title="Photos">Photos of this task are coming soon.</Placeholder>
          {/* The notes issue puts the notes panel here. */}
          <Placeholder title="Notes">Notes on this task are coming soon.</Placeholder>
        </Stack>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete task" centered>
        <Stack gap="md">
          <Text size="sm">
            Are you sure you want to delete <strong>{name}</strong>? It disappears from the catalogue and from every
            property&apos;s task list.
          </Text>
          {failure && <ErrorBox>{failure}</ErrorBox>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={onDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageShell>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" aria-label={label}>
        {children}
      </Text>
    </div>
  );
}

function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title} padding="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
