import { useFormats } from '../../api/session';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { centsToDollarsInput } from '../../../shared/money';
import type { TaskFormValues } from '../../../shared/schemas/tasks';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { useCreateTask, useTask, useUpdateTask } from '../../api/tasks';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { RequirementsField } from './requirements-field';
import type { Get } from '../../api/contract';

type Task = Get<'/tasks/:id'>;

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
      <EditFrame
        query={task}
        loading="Loading task"
        notFound={TASK_MESSAGES.notFound}
        allowed={(data) => data.can.edit}
        forbidden={TASK_MESSAGES.creatorOnly}
      >
        {(data) => <TaskForm task={data} />}
      </EditFrame>
    </PageShell>
  );
}

function TaskForm({ task }: { task?: Task }) {
  const navigate = useNavigate();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const { currencySymbol } = useFormats();
  const form = useSchemaForm({
    initial: {
      name: task?.name ?? '',
      description: task?.description ?? '',
      estimatedDurationMinutes:
        task?.estimatedDurationMinutes === null || !task ? '' : String(task.estimatedDurationMinutes),
      defaultPrice: centsToDollarsInput(task?.defaultPrice),
      requirements: task?.requirements ?? [],
    } satisfies TaskFormValues,
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/tasks').then((m) => m.taskForm),
    failed: TASK_MESSAGES.saveFailed,
    async submit(data) {
      const body = { ...data, description: data.description.trim() || null };
      const saved = task ? await update.mutateAsync(body) : await create.mutateAsync(body);
      navigate(paths.task(saved.id));
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        <TextInput label="Task name" required {...form.field('name')} />
        <Textarea label="Description" autosize minRows={3} {...form.field('description')} />
        <TextInput
          label="Estimated duration (minutes)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...form.field('estimatedDurationMinutes')}
        />
        <TextInput label={`Default price (${currencySymbol})`} inputMode="decimal" {...form.field('defaultPrice')} />
        <RequirementsField
          value={form.values.requirements ?? []}
          errors={form.errors}
          onChange={(next) => form.setValue('requirements', next)}
        />
        <FormActions
          submit={task ? 'Update Task' : 'Create Task'}
          busy={form.busy}
          failure={form.failure}
          cancel={task ? paths.task(task.id) : paths.tasks()}
        />
      </Stack>
    </form>
  );
}
