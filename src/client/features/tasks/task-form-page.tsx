import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { centsToDollarsInput } from '../../../shared/money';
import type { TaskDto, TaskFormValues } from '../../../shared/schemas/tasks';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { errorMessage } from '../../api/http';
import { useCreateTask, useTask, useUpdateTask } from '../../api/tasks';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

export function NewTaskPage() {
  return (
    <PageShell title="New Task" crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: 'New' }]}>
      <TaskForm />
    </PageShell>
  );
}

export function EditTaskPage() {
  const { id = '' } = useParams();
  const task = useTask(id);
  return (
    <PageShell
      title="Edit Task"
      crumbs={[
        { label: 'Tasks', to: paths.tasks() },
        { label: task.data?.name ?? 'Task', to: paths.task(id) },
        { label: 'Edit' },
      ]}
    >
      {task.isPending ? (
        <DetailSkeleton label="Loading task" />
      ) : task.isError ? (
        <ErrorBox error={task.error} fallback={TASK_MESSAGES.notFound} />
      ) : !task.data.can.edit ? (
        <ErrorBox>{TASK_MESSAGES.creatorOnly}</ErrorBox>
      ) : (
        <TaskForm task={task.data} />
      )}
    </PageShell>
  );
}

function TaskForm({ task }: { task?: TaskDto }) {
  const navigate = useNavigate();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const [values, set] = useFormValues<TaskFormValues>({
    name: task?.name ?? '',
    description: task?.description ?? '',
    estimatedDurationMinutes:
      task?.estimatedDurationMinutes === null || !task ? '' : String(task.estimatedDurationMinutes),
    defaultPrice: centsToDollarsInput(task?.defaultPrice),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { taskForm } = await import('../../../shared/schemas/tasks');
    const result = validate(taskForm, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    const body = { ...result.data, description: result.data.description.trim() || null };
    try {
      const saved = task ? await update.mutateAsync(body) : await create.mutateAsync(body);
      navigate(paths.task(saved.id));
    } catch (error) {
      setFailure(errorMessage(error, TASK_MESSAGES.saveFailed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <TextInput label="Task name" required value={values.name} onChange={set('name')} error={errors.name} />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
        />
        <TextInput
          label="Estimated duration (minutes)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.estimatedDurationMinutes}
          onChange={set('estimatedDurationMinutes')}
          error={errors.estimatedDurationMinutes}
        />
        <TextInput
          label="Default price ($)"
          inputMode="decimal"
          value={values.defaultPrice}
          onChange={set('defaultPrice')}
          error={errors.defaultPrice}
        />
        <Group gap="xs" mt="xs">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : task ? 'Update Task' : 'Create Task'}
          </Button>
          <Button component={Link} to={task ? paths.task(task.id) : paths.tasks()} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
