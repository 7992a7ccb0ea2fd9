import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { errorMessage } from '../../api/http';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { useDeleteTask, useTask } from '../../api/tasks';
import { Facts } from '../../components/facts';
import { describeRequirement } from '../../../shared/evidence';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

export function TaskDetailPage() {
  const formats = useFormats();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const task = useTask(id);
  const remove = useDeleteTask();
  const can = useWorkspaceCan();
  const name = task.data?.name ?? 'Task';

  return (
    <PageShell
      title={name}
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name }]}
      actions={
        <DetailActions
          edit={task.data?.can.edit ? paths.editTask(id) : undefined}
          remove={
            task.data?.can.delete
              ? {
                  title: 'Delete task',
                  question: `Are you sure you want to delete ${name}? It disappears from the catalogue and from every property's task list.`,
                  onConfirm: async () => {
                    await remove.mutateAsync(id);
                    navigate(paths.tasks(), { replace: true });
                  },
                  describeError: (error) => `${TASK_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`,
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={task} loading="Loading task" notFound={TASK_MESSAGES.notFound}>
        {(task) => (
          <Stack gap="lg">
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Text style={{ whiteSpace: 'pre-wrap' }} c={task.description ? undefined : 'dimmed'}>
                  {task.description ?? 'No description.'}
                </Text>
                <Facts
                  facts={[
                    ['Duration', formatDuration(task.estimatedDurationMinutes)],
                    ...(task.can.seePrices
                      ? [['Default price', formats.money(task.defaultPrice)] as [string, string]]
                      : []),
                    [
                      'Evidence required',
                      task.requirements.length === 0 ? 'None' : task.requirements.map(describeRequirement).join(', '),
                    ],
                    ['Created', formats.date(task.createdAt)],
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
      </DetailFrame>
    </PageShell>
  );
}
