import { hashKey, onlineManager, QueryClient, type QueryKey } from '@tanstack/react-query';
import { cacheWorkspaceId, tabWorkspaceId, WORKSPACE_HEADER } from './current-workspace';
import { ApiError, reportReachabilityTo, setDefaultHeaders } from './http';
import { isReachable, reportReachable, reportUnreachable, subscribeReachability } from '../lib/reachability';
import { areaKeys } from './keys';

/** How long a read stays usable offline: a week of visits survives a week without signal. */
export const OFFLINE_CACHE_MS = 7 * 24 * 3600_000;

// TanStack Query is online when the server is reachable (lib/reachability.ts), not when the browser
// says so: with no answer from the server its queries pause, showing the kept copy, instead of
// failing (a failed sign-in check would look signed out), and resume when a probe finds the server.
reportReachabilityTo((reached) => (reached ? reportReachable() : reportUnreachable()));
onlineManager.setEventListener((setOnline) => {
  setOnline(isReachable());
  return subscribeReachability(() => setOnline(isReachable()));
});

// Every request of the signed-in app names the tab's workspace, once it has one (this
// file is loaded before any of them: it holds the cache they all go through).
setDefaultHeaders((): Record<string, string> => {
  const id = tabWorkspaceId();
  return id ? { [WORKSPACE_HEADER]: id } : {};
});

/**
 * Every query's hash starts with the tab's workspace, so the same key ('properties',
 * 'list', …) is a different cache entry in each workspace and a tab never shows one business's
 * data in another, from memory or from the copy kept in IndexedDB (hashes are kept with it). Keys
 * stay as they are: invalidating by key reaches every workspace's copy, which is harmless.
 * `/api/me` is the user's, and tells which workspace the tab is in: it is not scoped.
 */
export function workspaceScopedHash(queryKey: QueryKey): string {
  const hash = hashKey(queryKey);
  return queryKey[0] === areaKeys.me[0] ? hash : `${cacheWorkspaceId()}:${hash}`;
}

/**
 * The app's one query cache. It is created when the first page that reads data loads this file,
 * not by the entry: /login and /signup never load TanStack Query. It is persisted to IndexedDB
 * (api/persist.ts), so queries are kept as long as the persisted copy (gcTime).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not fix itself; retry only network and server failures.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      gcTime: OFFLINE_CACHE_MS,
      queryKeyHashFn: workspaceScopedHash,
    },
  },
});
