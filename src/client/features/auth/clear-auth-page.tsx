import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { clearAndGoToLogin } from './clear-everything';

// The question asked when changes are waiting: loaded only then, with the outbox's code.
const UnsentOnClearAuth = lazy(() =>
  import('./unsent-on-clear-auth').then((module) => ({ default: module.UnsentOnClearAuth })),
);

/** How many changes wait in the outbox on this phone, whoever made them (its store, as api/outbox.ts names it). */
function countQueued(): Promise<number> {
  // Raw IndexedDB, not idb-keyval: this page shares no code with the signed-in app's data layer.
  return new Promise((resolve) => {
    const opening = indexedDB.open('rounds-outbox');
    opening.onupgradeneeded = () => opening.result.createObjectStore('items');
    opening.onerror = () => resolve(0);
    opening.onsuccess = () => {
      const db = opening.result;
      try {
        const counting = db.transaction('items').objectStore('items').count();
        counting.onsuccess = () => resolve(counting.result);
        counting.onerror = () => resolve(0);
      } catch {
        resolve(0);
      } finally {
        db.close();
      }
    };
  });
}

/**
 * spec §2: 'Force clearing authentication...', then a hard redirect to /login. With changes
 * waiting to be sent it asks first (UnsentOnClearAuth): nothing unsent is ever lost silently.
 */
export function ClearAuthPage() {
  const [queued, setQueued] = useState(0);
  useEffect(() => {
    void countQueued().then((count) => {
      if (count === 0) clearAndGoToLogin();
      else setQueued(count);
    });
  }, []);
  const clearing = (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>Force clearing authentication...</Text>
        <Button variant="outline" onClick={clearAndGoToLogin}>
          Force Redirect to Login
        </Button>
      </Stack>
    </Center>
  );
  if (queued === 0) return clearing;
  return (
    <Suspense fallback={clearing}>
      <UnsentOnClearAuth />
    </Suspense>
  );
}
