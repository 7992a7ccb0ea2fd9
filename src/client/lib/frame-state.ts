/** What a frame reads of a TanStack query: enough to tell loading, offline, failed and ready apart. */
export interface FrameQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** 'paused': TanStack Query will not run it until the browser is back online. */
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch?: () => unknown;
}

export type FrameState = 'offline' | 'loading' | 'error' | 'ready';

/**
 * Which of the four states a query is in. A query with nothing cached that cannot run because the
 * browser is offline is 'offline' at once (no spinner for ever); one whose data is cached
 * shows it, online or not.
 */
export function frameState(query: Pick<FrameQuery<unknown>, 'isPending' | 'isError' | 'fetchStatus'>): FrameState {
  if (query.isPending) return query.fetchStatus === 'paused' ? 'offline' : 'loading';
  return query.isError ? 'error' : 'ready';
}
