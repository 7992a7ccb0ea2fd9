import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * Puts a kept copy of the cache (issue 17) into `client`, for the queries this page has no data
 * for yet only: an answer from the server, a signed-out `null` included, is never replaced by an
 * older one, whichever arrives first, while a query that failed (a network that comes and goes)
 * shows the copy. What is restored is shown at once but checked with the server when next read,
 * however fresh it was when kept.
 */
export async function restoreUnanswered(client: QueryClient, kept: DehydratedState) {
  const unanswered = kept.queries.filter((query) => {
    const current = client.getQueryState(query.queryKey);
    return !current || current.dataUpdatedAt === 0;
  });
  hydrate(client, { ...kept, queries: unanswered });
  const restored = new Set(unanswered.map((query) => query.queryHash));
  await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
}
