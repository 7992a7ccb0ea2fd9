import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { restoreUnanswered } from './restore';

// Issue 17's kept copy is read while the first requests are already out (issue 16): whichever
// comes first, the server's answer wins.
describe('restoring the kept copy of the cache', () => {
  const me = ['me'];
  const visits = ['visits', 'mine'];

  async function keptCopy() {
    const earlier = new QueryClient();
    await earlier.fetchQuery({ queryKey: me, queryFn: () => ({ email: 'kept@example.com' }) });
    await earlier.fetchQuery({ queryKey: visits, queryFn: () => ['kept visit'] });
    return dehydrate(earlier);
  }

  it('fills the queries with no answer yet and marks them to be checked with the server', async () => {
    const kept = await keptCopy();
    const client = new QueryClient();
    await restoreUnanswered(client, kept);
    expect(client.getQueryData(me)).toEqual({ email: 'kept@example.com' });
    expect(client.getQueryData(visits)).toEqual(['kept visit']);
    expect(client.getQueryState(me)?.isInvalidated).toBe(true);
  });

  it('never replaces an answer the server gave first, a signed-out null included', async () => {
    const kept = await keptCopy();
    const client = new QueryClient();
    await client.fetchQuery({ queryKey: me, queryFn: () => null });
    await restoreUnanswered(client, kept);
    expect(client.getQueryData(me)).toBeNull();
    expect(client.getQueryState(me)?.isInvalidated).toBe(false);
    expect(client.getQueryData(visits)).toEqual(['kept visit']);
  });

  it('never replaces a 404 or 403 with the copy: the record is gone or no longer shared', async () => {
    const kept = await keptCopy();
    for (const status of [403, 404]) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await client
        .fetchQuery({
          queryKey: visits,
          queryFn: () => Promise.reject(new ApiError(status, 'NOT_FOUND', 'Not found or access denied')),
        })
        .catch(() => undefined);
      await restoreUnanswered(client, kept);
      expect(client.getQueryState(visits)?.status, String(status)).toBe('error');
      expect(client.getQueryData(visits)).toBeUndefined();
    }
  });

  it('fills a query that could not reach the server (no network, a server fault) with the copy', async () => {
    const kept = await keptCopy();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client
      .fetchQuery({
        queryKey: visits,
        queryFn: () => Promise.reject(new ApiError(0, 'NETWORK', 'Could not reach the server.')),
      })
      .catch(() => undefined);
    await restoreUnanswered(client, kept);
    expect(client.getQueryState(visits)?.status).toBe('success');
    expect(client.getQueryData(visits)).toEqual(['kept visit']);
  });
});
