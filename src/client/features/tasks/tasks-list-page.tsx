import { Anchor, Button, Card, Center, Group, Loader, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { formatMoney } from '../../../shared/money';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageShell } from '../../shell/page-shell';
import { PAGE_SIZE, useTasks } from './api';

/** The shared catalogue of task templates, ordered by name. */
export function TasksListPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offset = (page - 1) * PAGE_SIZE;
  const tasks = useTasks({ q: q || undefined, offset });
  // A page past the end (its last row deleted, an old link) shows the last page instead of 'no tasks'.
  const lastPage = Math.max(1, Math.ceil((tasks.data?.total ?? 0) / PAGE_SIZE));
  const pastTheEnd = !tasks.isPlaceholderData && tasks.data?.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    const next = new URLSearchParams(params);
    if (lastPage > 1) next.set('page', String(lastPage));
    else next.delete('page');
    setParams(next, { replace: true });
  }, [pastTheEnd, lastPage, params, setParams]);

  function onSearch(value: string) {
    setSearch(value);
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next, { replace: true });
  }

  return (
    <PageShell
      title="Tasks"
      crumbs={[{ label: 'Tasks' }]}
      actions={
        <Button component={Link} to={paths.newTask()}>
          New Task
        </Button>
      }
    >
      <Stack gap="md">
        <TextInput
          label="Search tasks"
          placeholder="Search by name or description..."
          type="search"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
        {tasks.isPending || pastTheEnd ? (
          <Center py="xl" role="status" aria-label="Loading tasks">
            <Loader />
          </Center>
        ) : tasks.isError ? (
          <ErrorBox action={{ label: 'Try again', onClick: () => void tasks.refetch() }}>
            Error: {errorMessage(tasks.error, 'Failed to load tasks')}
          </ErrorBox>
        ) : tasks.data.items.length === 0 ? (
          q ? (
            <Text c="dimmed">No task templates match “{q}”.</Text>
          ) : (
            <Card withBorder padding="lg">
              <Stack gap="xs" align="flex-start">
                <Text fw={600}>No task templates yet</Text>
                <Anchor component={Link} to={paths.newTask()}>
                  Create your first task template
                </Anchor>
              </Stack>
            </Card>
          )
        ) : (
          <>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Tasks">
              {tasks.data.items.map((task) => (
                <Card key={task.id} component="li" withBorder padding="sm" aria-label={task.name}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Anchor component={Link} to={paths.task(task.id)} fw={600} truncate="end">
                        {task.name}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {formatDuration(task.estimatedDurationMinutes)}
                      </Text>
                    </Stack>
                    <Text fw={600} style={{ flexShrink: 0 }}>
                      {formatMoney(task.defaultPrice)}
                    </Text>
                  </Group>
                </Card>
              ))}
            </Stack>
            {tasks.data.total > PAGE_SIZE && (
              <Group justify="center">
                <Pagination
                  size="sm"
                  total={Math.ceil(tasks.data.total / PAGE_SIZE)}
                  value={page}
                  onChange={(next) => {
                    const nextParams = new URLSearchParams(params);
                    nextParams.set('page', String(next));
                    setParams(nextParams);
                  }}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </PageShell>
  );
}
