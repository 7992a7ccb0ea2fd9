import { Button, Center, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeChange, discardMine, drain, startOutbox, useOutbox } from '../../api/outbox';
import { restoreCache } from '../../api/persist';
import { queryClient } from '../../api/query-client';
import { meQuery } from '../../api/session';
import { probe } from '../../lib/reachability';
import { useOnline } from '../../lib/use-online';
import { paths } from '../../paths';
import { clearAndGoToLogin } from './clear-everything';
// The signed-in shell's data layer, as one piece: its code is shared with the signed-in pages as
// it is (loading it here asks for the session and reads the kept copy, which this page wants).
import '../../shell/guards';

const plural = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/**
 * /clear-auth with changes waiting: it lists them (the account's own: the server's answer, else the
 * kept session's), and offers 'Sync now'. 'Go back' and 'Force Redirect to Login' keep them
 * (they are sent at the account's next sign-in); discarding them is a separate choice that names
 * how many are lost, and asks again. With none of this account's changes left, the page clears.
 */
export function UnsentOnClearAuth() {
  const [ready, setReady] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const items = useOutbox();
  const online = useOnline();
  const me = useQuery(meQuery, queryClient).data;

  useEffect(() => {
    // The kept session names the account while the server does not answer.
    void Promise.all([restoreCache(), startOutbox(queryClient)]).then(() => setReady(true));
  }, []);
  useEffect(() => {
    if (ready && items.length === 0) clearAndGoToLogin();
  }, [ready, items.length]);

  if (!ready || items.length === 0) {
    return (
      <Center component="main" mih="100vh" p="md">
        <Text>Force clearing authentication...</Text>
      </Center>
    );
  }
  const count = plural(items.length);
  const syncNow = () => {
    setSyncing(true);
    void probe()
      .then(() => drain())
      .finally(() => setSyncing(false));
  };
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.replace(paths.today());
  };

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack gap="sm" maw={420} w="100%">
        <Title order={1} size="h3">
          Unsent changes
        </Title>
        <Text size="sm">
          {count} made on this device {items.length === 1 ? 'is' : 'are'} not sent yet
          {me?.email ? ` (${me.email})` : ''}:
        </Text>
        <List size="sm" aria-label="Unsent changes" spacing={4}>
          {items.map((item) => (
            <List.Item key={item.key}>{describeChange(item.change)}</List.Item>
          ))}
        </List>
        {!online && (
          <Text size="sm" role="status">
            You are offline: changes can be sent once the network is back.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Going back or to the login page keeps them: they are sent when you sign in again with this account.
        </Text>
        <Group gap="xs">
          <Button onClick={syncNow} loading={syncing} disabled={!online && !navigator.onLine}>
            Sync now
          </Button>
          <Button variant="default" onClick={goBack}>
            Go back
          </Button>
          <Button variant="default" onClick={clearAndGoToLogin}>
            Force Redirect to Login
          </Button>
        </Group>
        {discarding ? (
          // Asked again on the page itself: this signed-out page loads no dialog code.
          <Stack gap="xs" role="alertdialog" aria-label="Discard unsent changes?" aria-describedby="discard-what">
            <Text fw={700}>Discard unsent changes?</Text>
            <Text size="sm" id="discard-what">
              {`${count} made on this device will be lost: the server never got ${items.length === 1 ? 'it' : 'them'}.`}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setDiscarding(false)}>
                Cancel
              </Button>
              <Button color="red" onClick={() => void discardMine().then(clearAndGoToLogin)}>
                Discard {count}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button variant="subtle" color="red" onClick={() => setDiscarding(true)} w="fit-content">
            Discard {count}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
