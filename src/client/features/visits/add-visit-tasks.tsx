import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatDuration } from '../../../shared/duration';
import { errorMessage } from '../../api/http';
import { useAddVisitTask, useTaskOptions, type VisitDetail } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { Section } from '../../components/section';
import { QueryView } from '../../components/query-view';
import { wholeText } from '../../components/whole-text';
import { useFormats } from '../../api/session';

/** Adds templates to the visit: the property's active tasks, or anything from the catalogue. */
export function AddVisitTasks({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const [scope, setScope] = useState<'property' | 'all'>('property');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const options = useTaskOptions(visit.id, scope, q);
  const addTask = useAddVisitTask();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Section title="Add tasks">
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
        <QueryView query={options} loading="Loading tasks" fallback="Failed to load tasks">
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {scope === 'property'
                  ? 'This property has no active tasks. Switch to All tasks to pick from the catalogue.'
                  : 'No tasks found'}
              </Text>
            ) : (
              <Stack
                gap={6}
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
                aria-label="Task options"
              >
                {items.map((option) => (
                  <Group key={option.taskId} component="li" justify="space-between" wrap="nowrap">
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={500} style={wholeText}>
                        {option.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formats.money(option.price)} · {formatDuration(option.estimatedDurationMinutes)}
                      </Text>
                    </Stack>
                    <Button
                      size="compact-sm"
                      variant={option.onVisit ? 'subtle' : 'light'}
                      disabled={option.onVisit || addTask.isPending}
                      aria-label={option.onVisit ? `Added: ${option.name} is on this visit` : `Add ${option.name}`}
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
            )
          }
        </QueryView>
        {options.data && options.data.total > options.data.items.length && (
          <Text size="sm" c="dimmed">
            Showing {options.data.items.length} of {options.data.total} tasks. Search to find the others.
          </Text>
        )}
      </Stack>
    </Section>
  );
}
