import { Button, Group, Notification, Text } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const HOURLY = 60 * 60 * 1000;
/** How long no request may be under way before the worker is registered. */
const QUIET_MS = 2000;

/**
 * True once no query has been fetching for `QUIET_MS`. The first install of the worker fetches
 * every route's code; started with the page, it competed with the page's own code and requests
 * and put ≈ 0.35 s on the dashboard's first paint (bench/README.md).
 */
function useQuietAfterLoad() {
  const fetching = useIsFetching();
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (quiet || fetching > 0) return;
    const timer = setTimeout(() => setQuiet(true), QUIET_MS);
    return () => clearTimeout(timer);
  }, [fetching, quiet]);
  return quiet;
}

/**
 * Registers the service worker (vite.config.ts) once the page has its data and, when a new build is waiting,
 * offers 'New version available — Reload'. Nothing changes under the user's feet: the new
 * version takes over only when they press Reload. The Service Worker API directly (the worker
 * Workbox generates skips waiting on a SKIP_WAITING message): workbox-window would cost every
 * signed-in page 2 KB more of JavaScript for the same few lines.
 */
export function PwaUpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const quiet = useQuietAfterLoad();

  useEffect(() => {
    if (!quiet || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Only an update is offered: the very first worker has no page to take over from.
    const offer = (worker: ServiceWorker | null) => {
      if (worker && navigator.serviceWorker.controller) setWaiting(worker);
    };
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing);
          });
        });
        // A phone may keep the app open for days: look for a new build every hour too.
        timer = setInterval(() => void registration.update().catch(() => undefined), HOURLY);
      })
      .catch(() => undefined);
    return () => clearInterval(timer);
  }, [quiet]);

  if (!waiting) return null;
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  return (
    <Notification
      role="status"
      withCloseButton
      closeButtonProps={{ 'aria-label': 'Later' }}
      onClose={() => setWaiting(null)}
      style={{ position: 'fixed', left: 12, right: 12, bottom: 84, zIndex: 300, maxWidth: 480, marginInline: 'auto' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">New version available —</Text>
        <Button size="compact-sm" onClick={reload}>
          Reload
        </Button>
      </Group>
    </Notification>
  );
}
