import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import { submit } from '../../api/outbox';
import { statusChange, type VisitDetail } from '../../api/visits';

/**
 * A completed visit is locked against unticking and edits. Says so, and offers 'Reopen
 * visit' to whoever may reopen it (owners and managers: `can.reopen`); reopening is a status change
 * to in progress, the same write as starting it.
 */
export function ReopenVisit({ visit }: { visit: VisitDetail }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function reopen() {
    setFailure(null);
    setBusy(true);
    try {
      await submit(statusChange(visit, 'in_progress'));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to reopen the visit'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{VISIT_MESSAGES.locked}</Text>
      </Group>
      {visit.can.reopen && (
        <Button
          variant="default"
          mih={44}
          disabled={busy}
          onClick={() => void reopen()}
          style={{ alignSelf: 'flex-start' }}
        >
          {busy ? 'Reopening...' : 'Reopen visit'}
        </Button>
      )}
      {failure && (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
