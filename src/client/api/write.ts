import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { sendRequest, type WriteRequest } from './write-request';

// One write path: each write a phone may queue (a task's tick, status or note, a visit's
// status, a note made or edited, a photo) is defined once, in its area's client/api file, as a
// `Write`: its request, how to show it at once, what it settles, how to name it. The outbox
// (api/outbox.ts) is a queue over these objects; `useWriteMutation` sends the same object online.
// The request is plain data (api/write-request.ts), kept with a queued change, so that the service
// worker's Background Sync sends exactly what the page would.

/** What a send gets besides the change: the outbox's Idempotency-Key and workspace, an upload's progress. */
export interface WriteContext {
  headers: Record<string, string>;
  onProgress?: (sent: number) => void;
}

/** A write whose record carries a version: a 409 shows 'Changed by someone else'. */
export interface Versioned<C, R> {
  /** The record the change is to: later changes to it build on the version the server answers. */
  record: (change: C) => string;
  version: (change: C) => number;
  withVersion: (change: C, version: number) => C;
  versionOf: (result: R) => number;
  /** Shows the server's record in the cache (its answer, or 'Take theirs'). */
  replace: (client: QueryClient, record: R) => void;
  /** For 'Changed by someone else': what was changed, and my value and theirs (statuses of `statusKind`). */
  subject: (change: C) => string;
  statusKind: 'visit' | 'visitTask';
  mine: (change: C) => string;
  theirs: (record: R) => string;
}

export interface Write<C extends { kind: string }, R = unknown> {
  kind: C['kind'];
  /** The HTTP request that makes the change on the server, as plain data. */
  request: (change: C) => WriteRequest;
  /** Shows the change in the cache before the server has it. */
  apply?: (client: QueryClient, change: C) => void;
  /** The server's answer in the cache (if any), and the keys to refetch: the same online and queued. */
  settle: (client: QueryClient | null, change: C, result: R) => QueryKey[];
  /** Its line in 'Pending changes'. */
  describe: (change: C) => string;
  versioned?: Versioned<C, R>;
  /**
   * Fills what a change kept in IndexedDB by an older build lacks (the queue survives an upgrade);
   * `queuedAt` stands in for the time the change was made when the change has none.
   */
  upgrade?: (change: C, queuedAt: number) => C;
  /**
   * Whether this change makes an earlier one still waiting in the queue pointless: that one is
   * dropped unsent (a visit started before its 'On my way' went tells the client nothing).
   */
  supersedes?: (change: C, earlier: { kind: string }) => boolean;
}

/** Sends a change: its request, with the outbox's headers (none online), reporting an upload's progress. */
export function sendWrite<C extends { kind: string }, R>(write: Write<C, R>, change: C, context: WriteContext) {
  return sendRequest<R>(requestOf(write, change), context.headers, context.onProgress);
}

/** A change's request, naming its record and version when the write is versioned. */
export function requestOf<C extends { kind: string }, R>(write: Write<C, R>, change: C): WriteRequest {
  const request = write.request(change);
  const versioned = write.versioned;
  return versioned
    ? { ...request, versioned: { record: versioned.record(change), version: versioned.version(change) } }
    : request;
}

/** When a change was made, as the server takes it (`at`): an ISO instant. */
export const madeNow = () => new Date().toISOString();

/** Marks the keys a write settles stale, so what is on screen refetches. */
export async function invalidate(client: QueryClient, keys: QueryKey[]) {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * The online hook over a write: the same send, the same cache change and the same keys settled as
 * when the outbox sends it. For pages that need the answer (a form that opens the new record).
 */
export function useWriteMutation<C extends { kind: string }, R, V = C>(
  write: Write<C, R>,
  toChange: (variables: V) => C,
  onProgress?: (variables: V) => ((sent: number) => void) | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      const change = toChange(variables);
      const result = await sendWrite(write, change, { headers: {}, onProgress: onProgress?.(variables) });
      await invalidate(queryClient, write.settle(queryClient, change, result));
      return result;
    },
  });
}
