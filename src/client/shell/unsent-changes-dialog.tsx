import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { discardMine, drain, useOutbox } from '../api/outbox';
import { probe } from '../lib/reachability';
import { useOnline } from '../lib/use-online';
import { paths } from '../paths';

// The question SignOutLink (sign-out.tsx) asks when changes are waiting.

const plural = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

export function UnsentChangesDialog({ onClose }: { onClose: () => void }) {
  const waiting = useOutbox().length;
  const online = useOnline();
  const navigate = useNavigate();
  const [syncing, setSyncing] = useState(false);
  const [synced, setSynced] = useState(false);
  // The explicit choice to lose them: the account's changes are discarded, then it signs out.
  const signOut = () => void discardMine().finally(() => navigate(paths.signout()));

  // Once the queue is empty ('Sync now', or the outbox's own retry), the sign-out the user asked
  // for goes ahead: there is nothing left to lose.
  useEffect(() => {
    if (waiting === 0) navigate(paths.signout());
  }, [waiting, navigate]);

  // Asks the server now rather than at the next probe: the signal may be back.
  const syncNow = () => {
    setSyncing(true);
    void probe()
      .then(() => drain())
      .finally(() => {
        setSyncing(false);
        setSynced(true);
      });
  };

  return (
    <Modal opened onClose={onClose} title="Unsent changes" centered>
      <Stack gap="sm">
        <Text size="sm">
          {plural(waiting)} made on this device {waiting === 1 ? 'is' : 'are'} not saved yet. Signing out deletes{' '}
          {waiting === 1 ? 'it' : 'them'} from this device.
        </Text>
        {!online && (
          <Text size="sm" role="status">
            You are offline: changes can be sent once the network is back.
          </Text>
        )}
        {online && synced && waiting > 0 && (
          <Text size="sm" role="status">
            {plural(waiting)} could not be sent. Open Pending changes to see why.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" color="red" onClick={signOut} disabled={syncing}>
            Sign out anyway
          </Button>
          {/* Without a network at all it waits; with a weak signal it tries now. */}
          <Button onClick={syncNow} loading={syncing} disabled={!online && !navigator.onLine}>
            Sync now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
