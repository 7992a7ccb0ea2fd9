import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientSubscribe, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { forgetWorkspaces } from './current-workspace';
import { OFFLINE_CACHE_MS, queryClient } from './query-client';
import { restoreUnanswered } from './restore';

// The query cache is kept in IndexedDB, so /today opens offline with the last known
// visits, tasks, notes and photos. Only successful reads are kept; a new build (buster) and
// signing out throw the copy away, so no other user's data stays on a shared phone.

const store = createStore('rounds-cache', 'queries');
export const PERSISTED_CACHE_KEY = 'rounds-query-cache';

export const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store).then((value) => value ?? null),
    setItem: (key, value: string) => set(key, value, store),
    removeItem: (key) => del(key, store),
  },
  key: PERSISTED_CACHE_KEY,
  throttleTime: 500,
});

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: OFFLINE_CACHE_MS,
  buster: __BUILD_ID__,
  dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' },
};

let restoring: Promise<void> | undefined;
let restored: Promise<void> | undefined;

/**
 * Starts reading the copy kept in IndexedDB into the cache, once per page. The signed-in shell
 * calls it as soon as its code has loaded, before React renders, so a warm or offline
 * start draws its first screen from the copy instead of a spinner.
 */
export const restoreCache = () => (restoring ??= restorePersisted().finally(() => performance.mark('cache-restored')));

/**
 * Reads the copy kept in IndexedDB into the cache (`restoreCache`), then saves the cache there on
 * every change; `onRestored` runs once per page when the read is over, restored or not. Queries do
 * not wait for the read (waiting held a cold start's first request back by ≈ 0.4 s,
 * bench/README.md): online they fetch at once, offline they are paused until the copy fills them
 * (`restoreUnanswered`).
 */
export function persistCache(onRestored: () => void): () => void {
  const options = { ...persistOptions, queryClient };
  restored ??= restoreCache().then(onRestored, onRestored);
  let saving: (() => void) | undefined;
  let stopped = false;
  void restored.then(() => {
    if (!stopped) saving = persistQueryClientSubscribe(options);
  });
  return () => {
    stopped = true;
    saving?.();
  };
}

async function restorePersisted() {
  try {
    const persisted = await persister.restoreClient();
    if (!persisted) return;
    if (persisted.buster !== persistOptions.buster || Date.now() - persisted.timestamp > OFFLINE_CACHE_MS) {
      await persister.removeClient();
      return;
    }
    await restoreUnanswered(queryClient, persisted.clientState);
  } catch {
    // A copy that cannot be read is thrown away; the app goes on with the server's answers.
    await persister.removeClient();
  }
}

/** The service worker's cache of photo thumbnails (vite.config.ts): private, like the queries. */
export const THUMBNAIL_CACHE = 'rounds-photo-thumbnails';

/** Signing out: forget every read, in memory, in IndexedDB and in the thumbnail cache. */
export async function clearPersistedData() {
  queryClient.clear();
  forgetWorkspaces();
  localStorage.removeItem(LAST_SYNCED_KEY);
  await persister.removeClient();
  if (typeof caches !== 'undefined') await caches.delete(THUMBNAIL_CACHE).catch(() => false);
}

const LAST_SYNCED_KEY = 'rounds-last-synced';

/** When data last came from the server (a fetch, not a change made on the phone), kept across reloads. */
export function lastSyncedAt(): number | null {
  const stored = Number(localStorage.getItem(LAST_SYNCED_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

let tracking = false;
/** Notes the time of every successful fetch. */
export function trackLastSynced() {
  if (tracking) return;
  tracking = true;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
      localStorage.setItem(LAST_SYNCED_KEY, String(event.action.dataUpdatedAt ?? Date.now()));
    }
  });
}
