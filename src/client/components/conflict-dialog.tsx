import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeConflict, keepMine, takeTheirs, type OutboxItem } from '../api/outbox';
import { STATUS_STYLES } from './status-badge';

// The change that met a newer version, opened by PendingChanges (outbox-status.tsx).

const label = (value: string, kind: 'visit' | 'visitTask') =>
  (STATUS_STYLES[kind] as Record<string, { label: string }>)[value]?.label ?? value;

/** 'Changed by someone else': my value and the server's side by side; 'Keep mine' or 'Take theirs'. */
export function ConflictDialog({ item }: { item: OutboxItem }) {
  const [busy, setBusy] = useState(false);
  const conflict = describeConflict(item);
  if (!conflict) return null;
  const { subject: what, statusKind: kind, mine, theirs } = conflict;
  const act = (choice: (item: OutboxItem) => Promise<void>) => {
    setBusy(true);
    void choice(item).finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} title="Changed by someone else" centered>
      <Stack gap="sm">
        <Text size="sm">{what} was changed by someone else after you last saw it.</Text>
        <Group grow align="flex-start">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Yours
            </Text>
            <Text fw={600} data-testid="conflict-mine">
              {label(mine, kind)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Theirs
            </Text>
            <Text fw={600} data-testid="conflict-theirs">
              {label(theirs, kind)}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={busy} onClick={() => act(takeTheirs)}>
            Take theirs
          </Button>
          <Button disabled={busy} onClick={() => act(keepMine)}>
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
