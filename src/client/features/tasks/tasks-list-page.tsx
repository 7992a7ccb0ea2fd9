import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { formatDuration } from '../../../shared/duration';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { useTasks } from '../../api/tasks';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { wholeText } from '../../components/whole-text';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

// The time report is reached from this page: it shares its chunk (router.tsx).
export { TimeReportPage } from './time-report-page';

/** The shared catalogue of task templates, ordered by name. */
export function TasksListPage() {
  const formats = useFormats();
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const tasks = useTasks({ q: list.q, offset: list.offset });
  const moving = useStayInRange(list, tasks, DEFAULT_PAGE_SIZE);
  const can = useWorkspaceCan();

  return (
    <PageShell
      title="Tasks"
      crumbs={[{ label: 'Tasks' }]}
      actions={
        <>
          {can?.seeTimeReport && (
            <Button component={Link} to={paths.taskTimeReport()} variant="default">
              Time report
            </Button>
          )}
          {can?.manageCatalogue && (
            <Button component={Link} to={paths.newTask()}>
              New Task
            </Button>
          )}
        </>
      }
    >
      <Stack gap="md">
        <ListFilters list={list} search={{ label: 'Search tasks', placeholder: 'Search by name or description...' }} />
        <ListFrame
          query={tasks}
          moving={moving}
          loading="Loading tasks"
          failed="Failed to load tasks"
          empty={
            list.q ? (
              <Text c="dimmed">No task templates match “{list.q}”.</Text>
            ) : (
              <EmptyState
                title="No task templates yet"
                action={
                  can?.manageCatalogue ? { label: 'Create your first task template', to: paths.newTask() } : undefined
                }
              />
            )
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'tasks' }}
        >
          {(items) => (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Tasks">
              {items.map((task) => (
                <Card key={task.id} component="li" withBorder padding="sm" aria-label={task.name}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Anchor component={Link} to={paths.task(task.id)} fw={600} style={wholeText}>
                        {task.name}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {formatDuration(task.estimatedDurationMinutes)}
                      </Text>
                    </Stack>
                    {/* A technician sees no price: the server sends none. */}
                    {task.can.seePrices && (
                      <Text fw={600} style={{ flexShrink: 0 }}>
                        {formats.money(task.defaultPrice)}
                      </Text>
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>
    </PageShell>
  );
}
