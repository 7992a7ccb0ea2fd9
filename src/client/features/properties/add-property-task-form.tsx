import { Card, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAddPropertyTask, type PropertyTask } from '../../api/properties';
import { useTasks } from '../../api/tasks';
import { FormActions, useSchemaForm } from '../../components/form';
import { useFormats } from '../../api/session';

const EMPTY = { taskId: '', customPrice: '' };

/** Manage Tasks' "Add a task": pick a template (searched), optionally with a custom price. */
export function AddPropertyTaskForm({ propertyId, existing }: { propertyId: string; existing: PropertyTask[] }) {
  const formats = useFormats();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const add = useAddPropertyTask(propertyId);
  const form = useSchemaForm({
    initial: EMPTY,
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/properties').then((m) => m.propertyTaskForm),
    failed: 'Failed to add the task',
    async submit(data) {
      await add.mutateAsync(data);
      form.reset(EMPTY);
      setSelected(null);
      setSearch('');
    },
  });
  const taskId = form.values.taskId || null;
  // The chosen template's label is the search text then: that is not a search.
  const templates = useTasks({ q: taskId ? undefined : q.trim() || undefined, offset: 0, limit: 50 });
  const active = new Set(existing.filter((task) => task.isActive).map((task) => task.taskId));
  const options = (templates.data?.items ?? [])
    .filter((task) => !active.has(task.id))
    .map((task) => ({ value: task.id, label: `${task.name} (${formats.money(task.defaultPrice)})` }));
  // Mantine shows only a value that is among the options: keep the chosen one there.
  if (selected && !options.some((option) => option.value === selected.value)) options.unshift(selected);

  return (
    <Card withBorder padding="md" component="form" onSubmit={form.onSubmit} noValidate aria-label="Add a task">
      <Stack gap="sm">
        <Text fw={600}>Add a task</Text>
        <Select
          label="Task template"
          placeholder="Search task templates..."
          searchable
          data={options}
          value={taskId}
          onChange={(value, option) => {
            form.setValue('taskId', value ?? '');
            setSelected(value && option ? { value, label: option.label } : null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={templates.isFetching ? 'Loading...' : 'No task templates found'}
          rightSection={templates.isFetching ? <Loader size="xs" /> : undefined}
          error={form.errors.taskId}
          filter={({ options: all }) => all}
        />
        <TextInput
          label={`Custom price (${formats.currencySymbol})`}
          description="Leave blank to use the template's default price"
          inputMode="decimal"
          {...form.field('customPrice')}
        />
        <FormActions submit="Add Task" busy={form.busy} failure={form.failure} />
      </Stack>
    </Card>
  );
}
