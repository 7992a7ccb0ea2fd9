import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AUTH_LOADING_TIMEOUT_MS } from '../../shared/constants';
import { ApiError } from '../api/http';
import { startOutbox, useQueuedOnDevice } from '../api/outbox';
import { persistCache, restoreCache, trackLastSynced } from '../api/persist';
import { queryClient } from '../api/query-client';
import { meQuery, useMe } from '../api/session';
import { paths } from '../paths';
import { PageLoader } from './page-loader';
import { removePageFrame } from './page-frame';
import { PwaUpdatePrompt } from './pwa-update-prompt';
import { useTimedOut } from '../lib/use-timed-out';

// The sign-in check is asked, and the copy of the cache kept in IndexedDB read, as soon as this
// code has loaded (boot.ts starts loading it with the entry), not after React has rendered down
// to the guard: a warm or offline start then draws its first screen from the copy.
void queryClient.prefetchQuery(meQuery);

// Shown only when the sign-in check has no answer, nothing is kept and changes wait: loaded then.
const WaitingForNetwork = lazy(() =>
  import('./waiting-for-network').then((module) => ({ default: module.WaitingForNetwork })),
);

/** No answer from the server: a network error, a time-out, a 5xx (never the server's own 4xx). */
const isNoAnswer = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** How long the first render waits at most for the kept copy (IndexedDB answers in tens of ms). */
const RESTORE_WAIT_MS = 1000;

/**
 * Settles when the kept copy is in the cache (or after `RESTORE_WAIT_MS`): the router renders the
 * signed-in routes after it, so a warm or offline start's first screen is the page drawn from the
 * copy, not 'Checking sign-in' and a spinner. Requests do not wait for it.
 */
export const cacheRestored: Promise<void> = Promise.race([
  restoreCache(),
  new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
]);

/**
 * Every route that reads data sits under this; /login, /signup and /clear-auth do not, so they
 * never load the cache. The cache is restored from IndexedDB alongside the first requests,
 * then the outbox of queued changes starts sending; the service worker is
 * registered here, not on /login.
 */
export function WithData() {
  useEffect(() => {
    trackLastSynced();
    return persistCache(() => void startOutbox(queryClient));
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <PwaUpdatePrompt />
    </QueryClientProvider>
  );
}

/**
 * spec §2: spinner while loading, /login when signed out, /clear-auth after 5 s of loading. Signed
 * out means the server's 401 and nothing else: with no answer (no network, a time-out, a 5xx) the
 * sign-in check pauses (api/query-client.ts) and a kept session draws the page from the kept copy,
 * offline. The 5 s time-out goes to /clear-auth only when nothing is kept and no change is queued
 * on this phone; with changes queued it waits for the network, saying so.
 */
export function RequireAuth() {
  const me = useMe();
  const queued = useQueuedOnDevice();
  const waiting = me.isPending || (me.isError && isNoAnswer(me.error));
  const timedOut = useTimedOut(waiting, AUTH_LOADING_TIMEOUT_MS);
  // The server's picture of the page stays over the spinner until the page (or /login) is drawn.
  useLayoutEffect(() => {
    if (!waiting || timedOut) removePageFrame();
  });
  if (me.data) return <Outlet />;
  if (timedOut && queued > 0) {
    return (
      <Suspense fallback={<PageLoader label="Checking sign-in" />}>
        <WaitingForNetwork queued={queued} />
      </Suspense>
    );
  }
  if (timedOut) return <Navigate to={paths.clearAuth()} replace />;
  if (waiting) return <PageLoader label="Checking sign-in" />;
  return <Navigate to={paths.login()} replace />;
}

/** spec §2: spinner while loading, non-admins to /dashboard. */
export function RequireAdmin() {
  const me = useMe();
  if (me.isPending) return <PageLoader label="Checking access" />;
  if (!me.data?.isAdmin) return <Navigate to={paths.dashboard()} replace />;
  return <Outlet />;
}
