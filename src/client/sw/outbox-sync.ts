import { createStore, del, entries, set } from 'idb-keyval';
import { WORKSPACE_HEADER } from '../api/current-workspace';
import { ApiError, errorMessage } from '../api/http';
import type { OutboxItem } from '../api/outbox';
import {
  OUTBOX_CHANGED_MESSAGE,
  OUTBOX_DB,
  OUTBOX_LOCK,
  OUTBOX_SYNC_TAG,
  refusalOf,
  sendRequest,
} from '../api/write-request';
import { get } from '../api/contract';

// Background Sync, in the service worker (imported by the worker vite.config.ts generates): when
// the browser wakes it with the tag `rounds-outbox` (the network is back, a page asked for it),
// the queue of unsent changes drains even with every tab closed. It sends each change's request as
// the page made it (api/write-request.ts) and settles it as the page would (api/outbox.ts): gone
// on 2xx, failed on a refusal, a conflict on 409 with the record, and on no answer it stops, so
// the browser tries again later. Only the account the server names (`/api/me`, with the cookies)
// is sent; a 401 sends nothing. Pages and the worker take turns through `OUTBOX_LOCK`.

interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(work: Promise<unknown>): void;
}

interface WorkerScope {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  clients: {
    matchAll(options?: { includeUncontrolled?: boolean }): Promise<{ postMessage(message: unknown): void }[]>;
  };
  navigator: Navigator;
}

const worker = self as unknown as WorkerScope;
const store = createStore(...OUTBOX_DB);

worker.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(drainInWorker());
});

/** Sends the signed-in account's queued changes in order; rejects when the network fails (the browser retries). */
export async function drainInWorker(): Promise<void> {
  const locks = worker.navigator.locks;
  let touched = false;
  try {
    await (locks ? locks.request(OUTBOX_LOCK, () => sendAll()) : sendAll()).then((changed) => {
      touched = changed;
    });
  } catch (error) {
    touched = true;
    throw error;
  } finally {
    if (touched) await tellPages();
  }
}

/** Whether anything in the queue was sent or settled. Throws (after keeping the attempt) on no answer. */
async function sendAll(): Promise<boolean> {
  let account: string;
  try {
    account = (await get('/me')).id;
  } catch (error) {
    // Signed out (401, or no longer a member): nothing is sent; the next sign-in drains it.
    if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
    throw error;
  }
  const queue = (await entries<string, OutboxItem>(store))
    .map(([, item]) => item)
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  let touched = false;
  for (const item of queue) {
    // Another account's, an older build's (no request kept), or waiting for a choice: left to the page.
    if (item.state !== 'pending' || item.userId !== account || !item.request) continue;
    const request = item.request;
    const headers = {
      'Idempotency-Key': item.idempotencyKey,
      ...(item.workspaceId ? { [WORKSPACE_HEADER]: item.workspaceId } : {}),
    };
    try {
      const result = await sendRequest<unknown>(request, headers);
      await del(item.key, store);
      touched = true;
      if (request.versioned) await rebase(queue, item, request.versioned, result);
    } catch (error) {
      const attempts = item.attempts + 1;
      const refusal = refusalOf(error, Boolean(request.versioned));
      // Signed out meanwhile: the rest waits, untouched, for the account's next sign-in.
      if (refusal === 'signedOut') return touched;
      if (refusal === 'retry') {
        await set(item.key, { ...item, attempts, error: errorMessage(error, 'Could not reach the server') }, store);
        throw error;
      }
      touched = true;
      const message = errorMessage(error, 'Refused');
      await set(
        item.key,
        refusal === 'conflict' && error instanceof ApiError
          ? { ...item, attempts, state: 'conflict', error: message, current: error.current }
          : { ...item, attempts, state: 'failed', error: message },
        store,
      );
    }
  }
  return touched;
}

/**
 * Later changes to the record just sent build on the version the server answered, as the page's
 * outbox does (a versioned change and its body carry that version as `version`).
 */
async function rebase(
  queue: OutboxItem[],
  done: OutboxItem,
  sent: { record: string; version: number },
  result: unknown,
) {
  const to = (result as { version?: unknown } | null)?.version;
  if (typeof to !== 'number') return;
  for (const [index, other] of queue.entries()) {
    const versioned = other.request?.versioned;
    if (
      other.key === done.key ||
      other.state !== 'pending' ||
      versioned?.record !== sent.record ||
      versioned.version !== sent.version
    ) {
      continue;
    }
    const rebased: OutboxItem = {
      ...other,
      change: { ...other.change, version: to } as OutboxItem['change'],
      request: {
        ...other.request!,
        json: { ...other.request!.json, version: to },
        versioned: { ...versioned, version: to },
      },
    };
    queue[index] = rebased;
    await set(rebased.key, rebased, store);
  }
}

/** Open pages take in what was sent (api/outbox.ts). */
async function tellPages() {
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ type: OUTBOX_CHANGED_MESSAGE });
  }
}
