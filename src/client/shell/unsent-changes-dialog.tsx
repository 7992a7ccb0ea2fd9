import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { drain, useOutbox } from '../api/outbox';
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
  const signOut = () => navigate(paths.signout());

  // Once the queue is empty ('Sync now', or the outbox's own retry), the sign-out the user asked
  // for goes ahead: there is nothing left to lose.
  useEffect(() => {
    if (waiting === 0) navigate(paths.signout());
  }, [waiting, navigate]);

  const syncNow = () => {
    setSyncing(true);
    void drain().finally(() => {
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
          <Button onClick={syncNow} loading={syncing} disabled={!online}>
            Sync now
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
