import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../api/http';
import { ErrorBox } from './error-box';
import { Dialog } from './overlays';

/**
 * Asks before something is destroyed. `onConfirm` does the work; while it runs the button
 * is busy, when it succeeds the dialog closes, when it fails the dialog stays open and says
 * why (`describeError`, e.g. spec §8's 'Error deleting visit: {message}').
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  onConfirm,
  onClose,
  describeError = (error) => errorMessage(error, 'Something went wrong'),
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  describeError?: (error: unknown) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    if (busy) return;
    setFailure(null);
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(describeError(error));
    }
  }

  return (
    <Dialog opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
