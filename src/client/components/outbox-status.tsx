import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { describeChange, discardItem, retryItem, useAllChangesSent, useOutbox, type OutboxItem } from '../api/outbox';
import { lastSyncedAt } from '../api/persist';
import { BottomSheet } from './overlays';
import { useOnline } from '../lib/use-online';
import { wholeText } from './whole-text';
import { useFormats } from '../api/session';

// In the header of every signed-in page: 'Offline' with the time of the last sync, and
// 'Pending changes (N)' opening the queue, where a refused change shows its error with Retry and
// Discard. A change that met a newer version opens 'Changed by someone else'.

// A conflict is rare: its dialog (a Modal) is loaded when one happens, not with every page. The
// service worker holds the chunk, so it opens offline too.
const ConflictDialog = lazy(() => import('./conflict-dialog').then((module) => ({ default: module.ConflictDialog })));

/** 'Offline', with the time of the last sync beside it unless `compact` (a phone's header: `LastSynced` goes in the page). */
export function ConnectionStatus({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Group gap={6} wrap="nowrap" role="status" miw={0} style={{ flexShrink: compact ? 0 : undefined }}>
      <Badge
        color="gray"
        variant="filled"
        leftSection={<IconCloudOff size={14} aria-hidden />}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        Offline
      </Badge>
      {!compact && <LastSynced />}
    </Group>
  );
}

/** 'Last synced {time}' while offline. */
export function LastSynced() {
  const formats = useFormats();
  const online = useOnline();
  const synced = lastSyncedAt();
  if (online || !synced) return null;
  return (
    <Text size="xs" c="dimmed" style={wholeText}>
      Last synced {formats.dateTime(new Date(synced).toISOString())}
    </Text>
  );
}

/** `compact` (a phone's header): an icon and the count; the name stays 'Pending changes (N)'. */
export function PendingChanges({ compact = false }: { compact?: boolean }) {
  const items = useOutbox();
  const [opened, setOpened] = useState(false);
  const allSent = useAllChangesSent();
  const conflict = items.find((item) => item.state === 'conflict');
  return (
    <>
      {items.length === 0 && allSent && (
        // The queue has drained: the phone says so for a few seconds (api/outbox.ts).
        <Badge role="status" color="green" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
          All changes sent
        </Badge>
      )}
      {items.length > 0 && (
        <Button
          size="compact-sm"
          variant="light"
          color={items.some((item) => item.state !== 'pending') ? 'red' : 'blue'}
          onClick={() => setOpened(true)}
          style={{ flexShrink: 0 }}
          leftSection={compact ? <IconCloudUpload size={16} aria-hidden /> : undefined}
        >
          {compact ? <VisuallyHidden>Pending changes </VisuallyHidden> : 'Pending changes '}({items.length})
        </Button>
      )}
      <BottomSheet opened={opened} onClose={() => setOpened(false)} title="Pending changes">
        {items.length === 0 ? (
          <Text size="sm">Everything is saved.</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Pending changes"
          >
            {items.map((item) => (
              <PendingItem key={item.key} item={item} />
            ))}
          </Stack>
        )}
      </BottomSheet>
      {conflict && (
        <Suspense fallback={null}>
          <ConflictDialog key={conflict.key} item={conflict} />
        </Suspense>
      )}
    </>
  );
}

function PendingItem({ item }: { item: OutboxItem }) {
  const formats = useFormats();
  return (
    <li>
      <Stack gap={4}>
        <Text size="sm">{describeChange(item.change)}</Text>
        <Text size="xs" c="dimmed">
          Queued {formats.dateTime(new Date(item.queuedAt).toISOString())}
          {item.state === 'pending' ? ' · waiting to send' : ''}
        </Text>
        {item.error && (
          <Text size="sm" c="red.9">
            {item.error}
          </Text>
        )}
        {item.state === 'failed' && (
          <Group gap="xs">
            <Button size="compact-sm" onClick={() => void retryItem(item)}>
              Retry
            </Button>
            <Button size="compact-sm" variant="default" color="red" onClick={() => void discardItem(item)}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </li>
  );
}
