import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { apiUrl, del, get, post, type ApiOutput } from './contract';

describe('apiUrl', () => {
  it('fills the route key’s parameters, encoded, under /api', () => {
    expect(apiUrl('/visits/:id/tasks/:taskId', { param: { id: 'v 1', taskId: 'a/b' } })).toBe(
      '/api/visits/v%201/tasks/a%2Fb',
    );
  });

  it('adds the query, leaving out empty values', () => {
    expect(apiUrl('/visits', { query: { status: 'completed', q: '', propertyId: undefined, limit: 20 } })).toBe(
      '/api/visits?status=completed&limit=20',
    );
    expect(apiUrl('/dashboard')).toBe('/api/dashboard');
  });
});

describe('the typed calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body?: unknown) => {
    const fetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('sends the method, the filled path and the JSON body', async () => {
    const fetch = answer(201, { id: 'x' });
    await post('/visits/:id/users', { param: { id: 'v1' }, json: { userId: 'u1' } });
    expect(fetch).toHaveBeenCalledWith(
      '/api/visits/v1/users',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ userId: 'u1' }) }),
    );
  });

  it('answers nothing for a 204', async () => {
    answer(204);
    await expect(del('/visits/:id', { param: { id: 'v1' } })).resolves.toBeUndefined();
  });

  it('types the path, its parameters and the answer from the server’s routes', () => {
    expectTypeOf<ApiOutput<'get', '/visits/:id'>>().toHaveProperty('tasks');
    expectTypeOf<ApiOutput<'delete', '/visits/:id'>>().toEqualTypeOf<void>();
    // Type checks only (tsc): these calls are never made.
    const never = () => {
      // @ts-expect-error not a route of the API
      void get('/no-such-route');
      // @ts-expect-error the route needs its :id
      void get('/visits/:id');
      // @ts-expect-error GET /visits/:id has no DELETE of its tasks list
      void del('/visits/:id/tasks');
    };
    expect(never).toBeTypeOf('function');
  });
});
