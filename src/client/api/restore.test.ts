import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { restoreUnanswered } from './restore';
import { cachedVisitsIn, visitKeys } from './visits';

// The kept copy of the cache is read while the first requests are already out: whichever
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

// Offline, a calendar week never fetched shows the visits the kept copy holds in it.
describe('visits from the kept copy for a window never fetched', () => {
  const visit = (id: string, scheduledAt: string, propertyId = 'p1') => ({
    id,
    scheduledAt,
    propertyId,
    status: 'scheduled',
    property: { id: propertyId, name: 'Dune Cottage' },
    people: [{ userId: 'u1', email: 'a@example.com', displayName: null, role: 'lead' }],
  });

  it('gathers them from /today and the lists, once each, in time order, within the window and its filters', async () => {
    const earlier = new QueryClient();
    await earlier.fetchQuery({
      queryKey: visitKeys.mine('2030-06-10T00:00:00.000Z', '2030-06-17T00:00:00.000Z'),
      queryFn: () => ({
        items: [visit('b', '2030-06-12T10:00:00.000Z'), visit('a', '2030-06-11T09:00:00.000Z', 'p2')],
      }),
    });
    await earlier.fetchQuery({
      queryKey: visitKeys.list({ offset: 0 }),
      queryFn: () => ({
        items: [visit('b', '2030-06-12T10:00:00.000Z'), visit('c', '2030-06-20T10:00:00.000Z')],
        total: 2,
      }),
    });
    // /api/visits/upcoming items carry no people: not enough for the calendar, left out.
    await earlier.fetchQuery({
      queryKey: visitKeys.upcoming(5),
      queryFn: () => ({ items: [{ id: 'd', scheduledAt: '2030-06-12T11:00:00.000Z', property: {} }] }),
    });
    const client = new QueryClient();
    await restoreUnanswered(client, dehydrate(earlier));

    const week = { from: '2030-06-10T00:00:00.000Z', to: '2030-06-17T00:00:00.000Z' };
    expect(cachedVisitsIn(client, week)?.items.map((item) => item.id)).toEqual(['a', 'b']);
    expect(cachedVisitsIn(client, { ...week, propertyId: 'p2' })?.items.map((item) => item.id)).toEqual(['a']);
    expect(cachedVisitsIn(client, { ...week, userId: 'someone-else' })).toBeUndefined();
    expect(
      cachedVisitsIn(client, { from: '2030-07-01T00:00:00.000Z', to: '2030-07-08T00:00:00.000Z' }),
    ).toBeUndefined();
  });
});
