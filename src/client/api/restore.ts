import { hydrate, type DehydratedState, type QueryClient, type QueryState } from '@tanstack/react-query';
import { ApiError } from './http';

/** Whether the server has answered this query in this page: with data, or with a 4xx (gone, no access). */
function answeredByServer(state: QueryState) {
  if (state.dataUpdatedAt > 0) return true;
  const error = state.error;
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Puts a kept copy of the cache into `client`, for the queries the server has not
 * answered yet in this page: an answer from the server, a signed-out `null` or a 404 for a record
 * no longer shared included, is never replaced by an older copy, whichever arrives first, while a
 * query that could not reach the server (no network, a server fault) shows the copy. What is
 * restored is shown at once but checked with the server when next read, however fresh it was
 * when kept.
 */
export async function restoreUnanswered(client: QueryClient, kept: DehydratedState) {
  const unanswered = kept.queries.filter((query) => {
    // By the kept hash, not the key: the hash names the workspace the copy belongs to.
    const current = client.getQueryCache().get(query.queryHash)?.state;
    return !current || !answeredByServer(current);
  });
  hydrate(client, { ...kept, queries: unanswered });
  const restored = new Set(unanswered.map((query) => query.queryHash));
  await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
}
