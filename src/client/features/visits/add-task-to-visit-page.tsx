import { Button, Card, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { errorMessage } from '../../api/http';
import { useTask } from '../../api/tasks';
import { useAddVisitTask, useUpcomingVisits } from '../../api/visits';
import { EmptyState } from '../../components/empty-state';
import { ErrorBox } from '../../components/error-box';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { fullAddress } from '../../../shared/place';
import { QueryView } from '../../components/query-view';
import { DetailFrame } from '../../components/page-frames';
import { useFormats } from '../../api/session';

/** /resources/tasks/{id}/add-to-visit: put a task template on one of the user's upcoming visits. */
export function AddTaskToVisitPage() {
  const formats = useFormats();
  const taskId = useParams().id ?? '';
  const navigate = useNavigate();
  const task = useTask(taskId);
  const upcoming = useUpcomingVisits(MAX_PAGE_SIZE);
  const addTask = useAddVisitTask();
  const [visitId, setVisitId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const taskName = task.data?.name ?? 'Task';

  return (
    <PageShell
      title="Add to Visit"
      crumbs={[
        { label: 'Tasks', to: paths.tasks() },
        { label: taskName, to: paths.task(taskId) },
        { label: 'Add to Visit' },
      ]}
    >
      <DetailFrame query={task} loading="Loading task" notFound="Task not found">
        {(template) => (
          <QueryView query={upcoming} loading="Loading visits" skeleton fallback="Failed to load visits">
            {({ items }) =>
              items.length === 0 ? (
                <EmptyState
                  title="No upcoming visits scheduled"
                  action={{ label: 'Schedule a visit', to: paths.newVisit() }}
                />
              ) : (
                <Stack gap="md" maw={640}>
                  <Text>
                    Choose one of your upcoming visits for <strong>{template.name}</strong>. Its price is the
                    property&apos;s custom price, else the task&apos;s default price.
                  </Text>
                  {failure && <ErrorBox>{failure}</ErrorBox>}
                  <Radio.Group value={visitId} onChange={setVisitId} label="Upcoming visits" name="visit">
                    <Stack gap="xs" mt="xs">
                      {items.map((visit) => (
                        <Card key={visit.id} withBorder padding="sm">
                          <Radio
                            value={visit.id}
                            label={`${visit.property.name} — ${formats.date(visit.scheduledAt)}, ${formats.time(visit.scheduledAt)}`}
                            description={fullAddress(visit.property)}
                          />
                        </Card>
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Button
                    disabled={!visitId || addTask.isPending}
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => {
                      if (!visitId) return;
                      setFailure(null);
                      addTask.mutate(
                        { visitId, taskId },
                        {
                          onSuccess: () => navigate(paths.visit(visitId)),
                          onError: (error) => setFailure(errorMessage(error, 'Failed to add the task to the visit')),
                        },
                      );
                    }}
                  >
                    {addTask.isPending ? 'Saving...' : 'Add to Visit'}
                  </Button>
                </Stack>
              )
            }
          </QueryView>
        )}
      </DetailFrame>
    </PageShell>
  );
}
