import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatDuration } from '../../../shared/duration';
import { centsToDollarsInput } from '../../../shared/money';
import { errorMessage } from '../../api/http';
import { useRemovePropertyTask, useUpdatePropertyTask, type PropertyTask } from '../../api/properties';
import { ErrorBox } from '../../components/error-box';
import { wholeText } from '../../components/whole-text';
import { validate } from '../../lib/form';
import { useFormats } from '../../api/session';

/** One task on Manage Tasks: its prices, and change price, remove or add back. */
export function PropertyTaskRow({ propertyId, task }: { propertyId: string; task: PropertyTask }) {
  const formats = useFormats();
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
    // The schema (and zod) loads with the first form sent, not with the page.
    const { customPriceField } = await import('../../../shared/schemas/properties');
    const result = validate(customPriceField, price);
    setError(result.ok ? null : (Object.values(result.errors)[0] ?? null));
    if (!result.ok) return;
    if (await run(() => update.mutateAsync({ id: task.id, customPrice: result.data }))) setEditing(false);
  }

  return (
    <Card component="li" withBorder padding="sm" aria-label={task.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} style={wholeText}>
            {task.name}
          </Text>
          <Badge color={task.isActive ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {task.isActive ? 'Active' : 'Removed'}
          </Badge>
        </Group>
        <Group gap="md">
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Default price:{' '}
            </Text>
            {formats.money(task.defaultPrice)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Custom price:{' '}
            </Text>
            {task.customPrice === null ? 'none' : formats.money(task.customPrice)}
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
                label={`Custom price of ${task.name} (${formats.currencySymbol})`}
                inputMode="decimal"
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
        ) : task.isActive ? (
          <Group gap="xs">
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
          </Group>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            disabled={update.isPending}
            onClick={() => void run(() => update.mutateAsync({ id: task.id, isActive: true }))}
            style={{ alignSelf: 'flex-start' }}
          >
            Add back
          </Button>
        )}
      </Stack>
    </Card>
  );
}
