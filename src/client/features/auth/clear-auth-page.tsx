import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { paths } from '../../paths';

/** Wipes every trace of a session here and, for the HttpOnly cookies, on the server. */
async function clearEverything() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage can be disabled; nothing to clear then
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // Issue 17: the persisted query cache, the outbox and the cached photo thumbnails (named in
  // api/persist.ts and api/outbox.ts; not imported, so this page loads no query cache).
  for (const name of ['rounds-cache', 'rounds-outbox']) indexedDB.deleteDatabase(name);
  if (typeof caches !== 'undefined') await caches.delete('rounds-photo-thumbnails').catch(() => false);
  await fetch('/api/clear-auth', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
}

const hardRedirectToLogin = () => window.location.replace(paths.login());

/** spec §2: 'Force clearing authentication...', then a hard redirect to /login. */
export function ClearAuthPage() {
  useEffect(() => {
    void clearEverything().finally(hardRedirectToLogin);
  }, []);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>Force clearing authentication...</Text>
        <Button variant="outline" onClick={() => void clearEverything().finally(hardRedirectToLogin)}>
          Force Redirect to Login
        </Button>
      </Stack>
    </Center>
  );
}
