import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** How long a read stays usable offline (issue 17): a week of visits survives a week without signal. */
export const OFFLINE_CACHE_MS = 7 * 24 * 3600_000;

// TanStack Query assumes it is online until an `offline` event says otherwise; a page opened with
// no network would then try, fail and show errors over the cached data. Start from the browser's word.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

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
    },
  },
});
