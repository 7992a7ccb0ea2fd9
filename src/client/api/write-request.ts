import { IDEMPOTENCY_MESSAGES } from '../../shared/messages/idempotency';
import { api, ApiError } from './http';

// A queued change's HTTP request as plain data, made by its `Write` (api/write.ts) and kept with it
// in IndexedDB. The page's outbox (api/outbox.ts) and the service worker's Background Sync
// (sw/outbox-sync.ts) both send a change through `sendRequest` and settle its answer through
// `refusalOf`: one way each change is sent, whichever of them sends it. Nothing here may import
// React or the query cache: the service worker bundles this file.

/** A multipart field: text, or a kept Blob (a photo, a signature) with its file name. */
export type FormField = [name: string, value: string | { blob: Blob; fileName: string }];

export interface WriteRequest {
  method: 'POST' | 'PATCH';
  path: string;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** A multipart body, its fields in order. */
  form?: FormField[];
  /**
   * A change to a record with a version (its body's `version`): a 409 with the server's record is
   * 'Changed by someone else', and a later change to the same record builds on the version answered.
   */
  versioned?: { record: string; version: number };
}

/** Sends a change's request with the queue's headers (Idempotency-Key, X-Workspace). */
export function sendRequest<T>(
  request: WriteRequest,
  headers: Record<string, string>,
  onProgress?: (sent: number) => void,
): Promise<T> {
  if (request.form) {
    const form = new FormData();
    for (const [name, value] of request.form) {
      if (typeof value === 'string') form.set(name, value);
      else form.set(name, value.blob, value.fileName);
    }
    // A page reports an upload's progress (XMLHttpRequest, loaded when a page first uploads); a
    // service worker has only fetch.
    if (typeof XMLHttpRequest === 'function') {
      return import('./upload').then(({ uploadForm }) =>
        uploadForm<T>(request.method, request.path, form, onProgress, headers),
      );
    }
    return api<T>(request.path, { method: request.method, headers, body: form });
  }
  return api<T>(request.path, { method: request.method, headers, ...(request.json ? { body: request.json } : {}) });
}

/**
 * What a failed send means for its queued change. `retry`: no answer, or the server could not cope
 * (a 5xx, 429, or the same key still being answered): keep the order and try later. `signedOut`: a
 * 401, the session ended: the change waits, untouched, for the account's next sign-in. `conflict`: a
 * 409 with a versioned record's current state ('Changed by someone else'). `failed`: refused (any
 * other 4xx, a completed visit's lock included), kept for Retry or Discard.
 */
export function refusalOf(error: unknown, versioned: boolean): 'retry' | 'signedOut' | 'conflict' | 'failed' {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429) return 'retry';
  if (error.status === 401) return 'signedOut';
  if (error.status === 409 && error.message === IDEMPOTENCY_MESSAGES.stillRunning) return 'retry';
  if (error.status === 409 && error.current && versioned) return 'conflict';
  return 'failed';
}

/** The tag of the Background Sync that drains the queue when the tab is closed. */
export const OUTBOX_SYNC_TAG = 'rounds-outbox';
/** Held (navigator.locks) while a page or the service worker sends the queue: one sender at a time. */
export const OUTBOX_LOCK = 'rounds-outbox-send';
/** The service worker's word to open pages that it has sent or settled queued changes. */
export const OUTBOX_CHANGED_MESSAGE = 'rounds-outbox-changed';
/** The queue's IndexedDB database and store (idb-keyval). */
export const OUTBOX_DB = ['rounds-outbox', 'items'] as const;
