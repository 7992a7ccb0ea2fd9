import { apiUrl, type ApiInput, type ApiOutput, type ApiPath } from '../../src/client/api/contract';
import type { ApiResponse } from './json';
import type { TestApp } from './test-app';

// The API tests' client, typed by the route contract as the app's client is (client/api/contract.ts):
// the path is a route's key ('/visits/:id') with its `param`, and the answer's body has the type the
// route's `c.json(…)` gives it, read with `json(response, status)`. Inputs stay loose on purpose:
// tests send what a client must not (a missing field, a wrong type) to see the 400.

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

interface Loose {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  headers?: Record<string, string>;
}

type Args<I> = I extends { param: infer P }
  ? [options: Loose & { param: P }]
  : [options?: Loose & { param?: undefined }];

type Call<M extends Method> = <P extends ApiPath<M>>(
  path: P,
  ...args: Args<ApiInput<M, P>>
) => Promise<ApiResponse<ApiOutput<M, P>>>;

/** Requests as the user whose session `cookie` is (none: signed out), on the test app `t`. */
export function apiAs(t: TestApp, cookie?: string) {
  const call =
    (method: string) =>
    (path: string, options: Loose & { param?: Record<string, string> } = {}) =>
      t.request(apiUrl(path, options), {
        method,
        ...(cookie ? { cookie } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.json !== undefined ? { body: options.json } : {}),
      });
  return {
    get: call('GET') as Call<'get'>,
    post: call('POST') as Call<'post'>,
    patch: call('PATCH') as Call<'patch'>,
    put: call('PUT') as Call<'put'>,
    del: call('DELETE') as Call<'delete'>,
  };
}
