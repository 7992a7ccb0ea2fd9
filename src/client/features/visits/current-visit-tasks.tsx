import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDuration } from '../../../shared/duration';
import { centsToDollarsInput } from '../../../shared/money';
import { errorMessage } from '../../api/http';
import { useRemoveVisitTask, useUpdateVisitTask, type VisitDetail, type VisitTask } from '../../api/visits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { validate } from '../../lib/form';
import { useFormats } from '../../api/session';

/** The tasks on the visit with their price on this visit; re-price or remove them. */
export function CurrentVisitTasks({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const [removing, setRemoving] = useState<VisitTask | null>(null);
  const removeTask = useRemoveVisitTask(visit.id);
  const total = visit.tasks.reduce((sum, task) => sum + (task.price ?? 0), 0);
  return (
    <Section
      title="On this visit"
      action={visit.tasks.length > 0 && <Text size="sm">Total {formats.money(total)}</Text>}
    >
      {visit.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks on this visit yet. Add some below.
        </Text>
      ) : (
        <Stack gap="sm">
          {visit.tasks.map((task) => (
            <Card key={task.id} withBorder padding="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{task.name}</Text>
                  <Group gap="xs">
                    <StatusBadge kind="visitTask" value={task.status} />
                    <Text size="xs" c="dimmed">
                      {formatDuration(task.estimatedDurationMinutes)}
                    </Text>
                  </Group>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${task.name}`}
                  onClick={() => setRemoving(task)}
                >
                  Remove
                </Button>
              </Group>
              <PriceEditor visitId={visit.id} task={task} />
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Task"
        confirmLabel="Remove"
        busyLabel="Removing..."
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? removeTask.mutateAsync(removing.id) : Promise.resolve())}
        describeError={(error) => errorMessage(error, 'Failed to remove task')}
      >
        {`Remove ${removing?.name ?? 'this task'} from this visit?`}
      </ConfirmDialog>
    </Section>
  );
}

function PriceEditor({ visitId, task }: { visitId: string; task: VisitTask }) {
  const formats = useFormats();
  const updateTask = useUpdateVisitTask(visitId);
  const [text, setText] = useState(centsToDollarsInput(task.price));
  const [failure, setFailure] = useState<string | null>(null);
  const changed = text.trim() !== centsToDollarsInput(task.price);

  async function save() {
    // The schema (and zod) loads with the first form sent, not with the page.
    const { dollarsField } = await import('../../../shared/schemas/money');
    const price = validate(dollarsField, text);
    if (!price.ok) return setFailure(Object.values(price.errors)[0] ?? null);
    setFailure(null);
    updateTask.mutate(
      { id: task.id, price: price.data },
      {
        onSuccess: (updated) => setText(centsToDollarsInput(updated.price)),
        onError: (error) => setFailure(errorMessage(error, 'Failed to save price')),
      },
    );
  }

  return (
    <Group gap="xs" mt="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={`Price of ${task.name}`}
        leftSection={formats.currencySymbol}
        inputMode="decimal"
        placeholder="No price"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={failure}
        w={160}
      />
      {changed && (
        <Button size="sm" variant="light" disabled={updateTask.isPending} onClick={save}>
          {updateTask.isPending ? 'Saving...' : 'Save price'}
        </Button>
      )}
    </Group>
  );
}
