import type { ExtractSchema } from 'hono/types';
// The one import of the server from the client, and a type-only one (eslint.config.js): the
// route contract costs no byte of the bundle.
import type { ApiRoutes } from '../../server/api-routes';
import { api, queryString } from './http';

// The client's calls typed by the server's routes (STYLE.md rule 17): a path is a key of the route
// schema ('/properties/:id'), its `param`, `query` and `json` come from the route's input, and the
// answer is what the route's `c.json(…)` returns, as JSON.

type ApiSchema = { [P in keyof ExtractSchema<ApiRoutes>]: ExtractSchema<ApiRoutes>[P] };
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** The paths that answer `method`. */
export type ApiPath<M extends Method> = keyof {
  [P in keyof ApiSchema as `$${M}` extends keyof ApiSchema[P] ? P : never]: true;
} &
  string;

type EndpointOf<M extends Method, P extends ApiPath<M>> = ApiSchema[P & keyof ApiSchema][`$${M}` &
  keyof ApiSchema[P & keyof ApiSchema]];

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: the route's JSON (by status), or nothing (a 204). */
export type ApiOutput<M extends Method, P extends ApiPath<M>> =
  EndpointOf<M, P> extends infer E
    ? E extends { output: infer O; status: infer S; outputFormat: infer F }
      ? S extends SuccessStatus
        ? F extends 'json'
          ? O
          : void
        : never
      : never
    : never;

/** A route's declared input; `{}` for a part it does not declare. */
export type ApiInput<M extends Method, P extends ApiPath<M>> = EndpointOf<M, P> extends { input: infer I } ? I : never;

/** Query values the URL carries; empty ones are left out (`queryString`). */
type LooseQuery = Record<string, string | number | undefined>;

type Parts<I> = (I extends { param: infer R } ? { param: R } : { param?: undefined }) &
  // A route without a validated query still reads one by hand: typed loosely until it declares it.
  (I extends { query: infer Q } ? { query?: Q } : { query?: LooseQuery }) &
  (I extends { json: infer J } ? { json: J } : { json?: unknown }) & {
    headers?: Record<string, string>;
  };

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** The call's options: required when the route needs a path parameter or a body. */
type Args<I> = [RequiredKeys<Parts<I>>] extends [never] ? [options?: Parts<I>] : [options: Parts<I>];

interface Options {
  param?: Record<string, string>;
  query?: object;
  json?: unknown;
  headers?: Record<string, string>;
}

/** `/api` + the path with each `:name` replaced by its (encoded) value + the query string. */
export function apiUrl(path: string, options: Pick<Options, 'param' | 'query'> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(options.param?.[name] ?? ''));
  return `/api${filled}${queryString((options.query ?? {}) as LooseQuery)}`;
}

function call(method: string, path: string, options: Options = {}) {
  return api<unknown>(apiUrl(path, options), {
    method,
    ...(options.json !== undefined ? { body: options.json as Record<string, unknown> } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

export const get = <P extends ApiPath<'get'>>(path: P, ...[options]: Args<ApiInput<'get', P>>) =>
  call('GET', path, options as Options) as Promise<ApiOutput<'get', P>>;

export const post = <P extends ApiPath<'post'>>(path: P, ...[options]: Args<ApiInput<'post', P>>) =>
  call('POST', path, options as Options) as Promise<ApiOutput<'post', P>>;

export const patch = <P extends ApiPath<'patch'>>(path: P, ...[options]: Args<ApiInput<'patch', P>>) =>
  call('PATCH', path, options as Options) as Promise<ApiOutput<'patch', P>>;

export const put = <P extends ApiPath<'put'>>(path: P, ...[options]: Args<ApiInput<'put', P>>) =>
  call('PUT', path, options as Options) as Promise<ApiOutput<'put', P>>;

export const del = <P extends ApiPath<'delete'>>(path: P, ...[options]: Args<ApiInput<'delete', P>>) =>
  call('DELETE', path, options as Options) as Promise<ApiOutput<'delete', P>>;

/**
 * A list's filters as the client keeps them (its query key): the list schema's fields, with the
 * page as numbers (the schema coerces them from the query string, so its input says `unknown`).
 */
export type ListParams<Q> = Partial<Omit<Q, 'limit' | 'offset'>> & { offset: number; limit?: number };

/** The answer of `GET path`, for a type that names it (a component's prop, a cache entry). */
export type Get<P extends ApiPath<'get'>> = ApiOutput<'get', P>;

/** One item of the list `GET path` answers (`{ items, … }`). */
export type ItemOf<P extends ApiPath<'get'>> = Get<P> extends { items: readonly (infer I)[] } ? I : never;
