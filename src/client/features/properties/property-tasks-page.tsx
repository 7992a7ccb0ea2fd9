import { Badge, Button, Card, Group, Loader, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import { centsToDollarsInput, formatMoney } from '../../../shared/money';
import {
  customPriceField,
  PROPERTY_MESSAGES,
  propertyTaskForm,
  type PropertyTaskDto,
} from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import {
  PAGE_SIZE,
  useAddPropertyTask,
  useProperty,
  usePropertyTasks,
  useRemovePropertyTask,
  useTaskTemplates,
  useUpdatePropertyTask,
} from './api';
import { Section } from './section';

/** /resources/properties/{id}/tasks: the property's task templates and their prices. */
export function PropertyTasksPage() {
  const { id = '' } = useParams();
  const property = useProperty(id);
  const [offset, setOffset] = useState(0);
  const tasks = usePropertyTasks(id, offset);
  const name = property.data?.name ?? 'Property';

  return (
    <PageShell
      title="Manage Tasks"
      crumbs={[
        { label: 'Properties', to: paths.properties() },
        { label: name, to: paths.property(id) },
        { label: 'Manage Tasks' },
      ]}
      actions={
        <Button component={Link} to={paths.property(id)} variant="default">
          Back to property
        </Button>
      }
    >
      {property.isPending || tasks.isPending ? (
        <PageLoader />
      ) : property.isError ? (
        <ErrorBox>Error: {errorMessage(property.error, PROPERTY_MESSAGES.notFound)}</ErrorBox>
      ) : tasks.isError ? (
        <ErrorBox>Error: {errorMessage(tasks.error, 'Failed to load tasks')}</ErrorBox>
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            Tasks of {property.data.name}. A custom price replaces the template&apos;s default price at this property.
          </Text>
          {/* The detail carries every active task; the list below is only one page of them. */}
          <AddTaskForm propertyId={id} existing={property.data.tasks} />
          <Section title="Tasks on this property">
            {tasks.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tasks yet. Add a task template above.
              </Text>
            ) : (
              <Stack gap="sm">
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Tasks">
                  {tasks.data.items.map((task) => (
                    <PropertyTaskRow key={task.id} propertyId={id} task={task} />
                  ))}
                </Stack>
                {tasks.data.total > PAGE_SIZE && (
                  <Group justify="center">
                    <Pagination
                      size="sm"
                      total={Math.ceil(tasks.data.total / PAGE_SIZE)}
                      value={offset / PAGE_SIZE + 1}
                      onChange={(page) => setOffset((page - 1) * PAGE_SIZE)}
                      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                    />
                  </Group>
                )}
              </Stack>
            )}
          </Section>
        </Stack>
      )}
    </PageShell>
  );
}

function AddTaskForm({ propertyId, existing }: { propertyId: string; existing: PropertyTaskDto[] }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ value: string; label: string } | null>(null);
  const [customPrice, setCustomPrice] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const templates = useTaskTemplates(taskId ? '' : q);
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
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={customPrice}
          onChange={(event) => setCustomPrice(event.currentTarget.value)}
          error={errors.customPrice}
        />
        <Group>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving...' : 'Add Task'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PropertyTaskRow({ propertyId, task }: { propertyId: string; task: PropertyTaskDto }) {
  const update = useUpdatePropertyTask(propertyId);
  const remove = useRemovePropertyTask(propertyId);
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(centsToDollarsInput(task.customPrice));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>) {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setFailure(errorMessage(caught, 'Failed to save the task'));
      return false;
    }
  }

  async function savePrice(event: FormEvent) {
    event.preventDefault();
    const result = validate(customPriceField, price);
    setError(result.ok ? null : (Object.values(result.errors)[0] ?? null));
    if (!result.ok) return;
    if (await run(() => update.mutateAsync({ id: task.id, customPrice: result.data }))) setEditing(false);
  }

  return (
    <Card component="li" withBorder padding="sm" aria-label={task.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate="end">
            {task.name}
          </Text>
          {task.isActive ? (
            <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
              Active
            </Badge>
          ) : (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Removed
            </Badge>
          )}
        </Group>
        <Group gap="md">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Default price:{' '}
            </Text>
            {formatMoney(task.defaultPrice)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Custom price:{' '}
            </Text>
            {task.customPrice === null ? 'none' : formatMoney(task.customPrice)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDuration(task.estimatedDurationMinutes)}
          </Text>
        </Group>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {editing ? (
          <form onSubmit={savePrice} noValidate>
            <Group align="flex-end" gap="xs">
              <TextInput
                label={`Custom price of ${task.name} ($)`}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={price}
                onChange={(event) => setPrice(event.currentTarget.value)}
                error={error}
                style={{ flex: '1 1 160px' }}
              />
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save price'}
              </Button>
              <Button variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap="xs">
            {task.isActive ? (
              <>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    // start from the price as it is now, not from what was typed and cancelled
                    setPrice(centsToDollarsInput(task.customPrice));
                    setError(null);
                    setEditing(true);
                  }}
                >
                  Change price
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  disabled={remove.isPending}
                  onClick={() => void run(() => remove.mutateAsync(task.id))}
                >
                  Remove
                </Button>
              </>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                disabled={update.isPending}
                onClick={() => void run(() => update.mutateAsync({ id: task.id, isActive: true }))}
              >
                Add back
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
