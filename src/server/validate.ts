import type { Env, MiddlewareHandler } from 'hono';
import type { $ZodType, input, output } from 'zod/v4/core';
import { AppError } from './errors';
import { parseWith, uuidParam } from './http';

// Every route reads its input through these middlewares, never by hand in the handler
// (tests/lint/route-input.test.ts): the schema a route validates with is then part of the route
// itself, for its type (`ApiRoutes`) and for the OpenAPI document.

/** Where a route's input comes from. */
export type InputTarget = 'json' | 'query';

/**
 * The schema behind each validating middleware, so the OpenAPI document can be built from the
 * routes themselves (`app.routes` lists every middleware of a route, these among them).
 */
export const schemaOfMiddleware = new WeakMap<MiddlewareHandler, { target: InputTarget; schema: $ZodType }>();

/**
 * The path parameters each `uuidParams` middleware requires to be uuids, with their 404 messages
 * (for the OpenAPI document, and the test that ids are checked before bodies).
 */
export const uuidParamsOfMiddleware = new WeakMap<MiddlewareHandler, Readonly<Record<string, string>>>();

type Validated<T extends InputTarget, S extends $ZodType> = MiddlewareHandler<
  Env,
  string,
  { in: { [K in T]: input<S> }; out: { [K in T]: output<S> } }
>;

interface JsonBodyOptions {
  /**
   * What an empty body (no bytes, or only white space) stands for; left out, an empty body is
   * not JSON (400). For endpoints whose every field is optional and whose button sends nothing.
   */
  whenEmpty?: unknown;
}

/**
 * Validates a JSON body with a shared schema before the handler runs; the handler reads it with
 * `c.req.valid('json')`. A body that is not JSON, or breaks the schema, is a 400 with the
 * schema's field messages.
 */
export function jsonBody<S extends $ZodType>(schema: S, options: JsonBodyOptions = {}): Validated<'json', S> {
  const middleware: Validated<'json', S> = async (c, next) => {
    const raw: unknown =
      'whenEmpty' in options ? jsonOrEmpty(await c.req.text(), options.whenEmpty) : await c.req.json().catch(notJson);
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

/**
 * Path parameters that must be uuids, each with its 404 message, checked in the order given.
 * Placed before `jsonBody`/`queryOf`, so an id that cannot exist is a 404 before a bad body
 * or query is a 400 (as when the handler checked the id first). The handler still reads the
 * value with `uuidParam`.
 */
export function uuidParams(notFound: Readonly<Record<string, string>>): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    for (const [name, message] of Object.entries(notFound)) uuidParam(c, name, message);
    await next();
  };
  uuidParamsOfMiddleware.set(middleware, notFound);
  return middleware;
}

const notJson = (): never => {
  throw new AppError('BAD_REQUEST', 'The request body must be JSON');
};

function jsonOrEmpty(text: string, whenEmpty: unknown): unknown {
  if (text.trim() === '') return whenEmpty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson();
  }
}
