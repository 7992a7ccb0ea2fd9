import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { formatMoney } from '../../../shared/money';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { errorMessage } from '../../api/http';
import { useWorkspaceCan } from '../../api/session';
import { useDeleteTask, useTask } from '../../api/tasks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { Facts } from '../../components/facts';
import { DetailSkeleton } from '../../components/loading';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { formatDate } from '../../lib/datetime';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

export function TaskDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const task = useTask(id);
  const remove = useDeleteTask();
  const [confirming, setConfirming] = useState(false);
  const can = useWorkspaceCan();
  const name = task.data?.name ?? 'Task';

  return (
    <PageShell
      title={name}
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name }]}
      actions={
        <>
          {task.data?.can.edit && (
            <Button component={Link} to={paths.editTask(id)} variant="light">
              Edit
            </Button>
          )}
          {task.data?.can.delete && (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </>
      }
    >
      {task.isPending ? (
        <DetailSkeleton label="Loading task" />
      ) : task.isError ? (
        <ErrorBox error={task.error} fallback={TASK_MESSAGES.notFound} />
      ) : (
        <Stack gap="lg">
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text style={{ whiteSpace: 'pre-wrap' }} c={task.data.description ? undefined : 'dimmed'}>
                {task.data.description ?? 'No description.'}
              </Text>
              <Facts
                facts={[
                  ['Duration', formatDuration(task.data.estimatedDurationMinutes)],
                  ...(task.data.can.seePrices
                    ? [['Default price', formatMoney(task.data.defaultPrice)] as [string, string]]
                    : []),
                  ['Created', formatDate(task.data.createdAt)],
                ]}
              />
            </Stack>
          </Card>
          {(can?.manageProperties || can?.scheduleVisits) && (
            <Group gap="xs">
              {can.manageProperties && (
                <Button component={Link} to={paths.assignTask(id)}>
                  Assign to Properties
                </Button>
              )}
              {can.scheduleVisits && (
                <Button component={Link} to={paths.addTaskToVisit(id)} variant="light">
                  Add to Visit
                </Button>
              )}
            </Group>
          )}
          <PhotoPanel attachableType="task" attachableId={id} />
          <NotesPanel attachableType="task" attachableId={id} />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete task"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync(id);
          navigate(paths.tasks(), { replace: true });
        }}
        describeError={(error) => `${TASK_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`}
      >
        {`Are you sure you want to delete ${name}? It disappears from the catalogue and from every property's task list.`}
      </ConfirmDialog>
    </PageShell>
  );
}
