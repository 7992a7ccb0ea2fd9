import { Button, Card, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../shared/money';
import type { PropertyTaskDto } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { useAddPropertyTask } from '../../api/properties';
import { useTasks } from '../../api/tasks';
import { ErrorBox } from '../../components/error-box';
import { validate, type FieldErrors } from '../../lib/form';

/** Manage Tasks' "Add a task": pick a template (searched), optionally with a custom price. */
export function AddPropertyTaskForm({ propertyId, existing }: { propertyId: string; existing: PropertyTaskDto[] }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const [customPrice, setCustomPrice] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The chosen template's label is the search text then: that is not a search.
  const templates = useTasks({ q: taskId ? undefined : q.trim() || undefined, offset: 0, limit: 50 });
  const add = useAddPropertyTask(propertyId);
  const active = new Set(existing.filter((task) => task.isActive).map((task) => task.taskId));
  const options = (templates.data?.items ?? [])
    .filter((task) => !active.has(task.id))
    .map((task) => ({ value: task.id, label: `${task.name} (${formatMoney(task.defaultPrice)})` }));
  // Mantine shows only a value that is among the options: keep the chosen one there.
  if (selected && !options.some((option) => option.value === selected.value)) options.unshift(selected);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { propertyTaskForm } = await import('../../../shared/schemas/properties');
    const result = validate(propertyTaskForm, { taskId: taskId ?? '', customPrice });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      await add.mutateAsync(result.data);
      setTaskId(null);
      setSelected(null);
      setSearch('');
      setCustomPrice('');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add the task'));
    }
  }

  return (
    <Card withBorder padding="md" component="form" onSubmit={onSubmit} noValidate aria-label="Add a task">
      <Stack gap="sm">
        <Text fw={600}>Add a task</Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Select
          label="Task template"
          placeholder="Search task templates..."
          searchable
          data={options}
          value={taskId}
          onChange={(value, option) => {
            setTaskId(value);
            setSelected(value && option ? { value, label: option.label } : null);
          }}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={templates.isFetching ? 'Loading...' : 'No task templates found'}
          rightSection={templates.isFetching ? <Loader size="xs" /> : undefined}
          error={errors.taskId}
          filter={({ options: all }) => all}
        />
        <TextInput
          label="Custom price ($)"
          description="Leave blank to use the template's default price"
          inputMode="decimal"
          value={customPrice}
          onChange={(event) => setCustomPrice(event.currentTarget.value)}
          error={errors.customPrice}
        />
        <Button type="submit" disabled={add.isPending} style={{ alignSelf: 'flex-start' }}>
          {add.isPending ? 'Saving...' : 'Add Task'}
        </Button>
      </Stack>
    </Card>
  );
}
