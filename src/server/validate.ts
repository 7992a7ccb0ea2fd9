import type { Env, MiddlewareHandler } from 'hono';
import type { $ZodType, input, output } from 'zod/v4/core';
import { AppError } from './errors';
import { parseWith } from './http';

/** Where a route's input comes from. */
export type InputTarget = 'json' | 'query';

/**
 * The schema behind each validating middleware, so the OpenAPI document can be built from the
 * routes themselves (`app.routes` lists every middleware of a route, these among them).
 */
export const schemaOfMiddleware = new WeakMap<MiddlewareHandler, { target: InputTarget; schema: $ZodType }>();

type Validated<T extends InputTarget, S extends $ZodType> = MiddlewareHandler<
  Env,
  string,
  { in: { [K in T]: input<S> }; out: { [K in T]: output<S> } }
>;

/**
 * Validates a JSON body with a shared schema before the handler runs; the handler reads it with
 * `c.req.valid('json')`. A body that is not JSON, or breaks the schema, is a 400 with the
 * schema's field messages.
 */
export function jsonBody<S extends $ZodType>(schema: S): Validated<'json', S> {
  const middleware: Validated<'json', S> = async (c, next) => {
    const raw: unknown = await c.req.json().catch(() => {
      throw new AppError('BAD_REQUEST', 'The request body must be JSON');
    });
    c.req.addValidatedData('json', parseWith(schema, raw) as object);
    await next();
  };
  schemaOfMiddleware.set(middleware, { target: 'json', schema });
  return middleware;
}

/** Validates the query string (`?q=&limit=&offset=`…) with a shared schema: `c.req.valid('query')`. */
export function queryOf<S extends $ZodType>(schema: S): Validated<'query', S> {
  const middleware: Validated<'query', S> = async (c, next) => {
    c.req.addValidatedData('query', parseWith(schema, c.req.query()) as object);
    await next();
  };
  schemaOfMiddleware.set(middleware, { target: 'query', schema });
  return middleware;
}
