import type { Context, Env, MiddlewareHandler } from 'hono';
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

type Validated<T extends InputTarget, S extends $ZodType, E extends Env = Env> = MiddlewareHandler<
  E,
  string,
  { in: { [K in T]: input<S> }; out: { [K in T]: output<S> } }
>;

interface JsonBodyOptions<E extends Env> {
  /**
   * What an empty body (no bytes, or only white space) stands for; left out, an empty body is
   * not JSON (400). For endpoints whose every field is optional and whose button sends nothing.
   */
  whenEmpty?: unknown;
  /**
   * A body the schema refuses is parsed again with the schema this gives, so the refusal is worded
   * for whoever asks (an amount cap in the business's currency); asked only on a refusal.
   */
  refusedAs?: (c: Context<E>) => Promise<$ZodType>;
}

/**
 * Validates a JSON body with a shared schema before the handler runs; the handler reads it with
 * `c.req.valid('json')`. A body that is not JSON, or breaks the schema, is a 400 with the
 * schema's field messages.
 */
export function jsonBody<S extends $ZodType, E extends Env = Env>(
  schema: S,
  options: JsonBodyOptions<E> = {},
): Validated<'json', S, E> {
  const middleware: Validated<'json', S, E> = async (c, next) => {
    const raw: unknown =
      'whenEmpty' in options ? jsonOrEmpty(await c.req.text(), options.whenEmpty) : await c.req.json().catch(notJson);
    let value: unknown;
    try {
      value = parseWith(schema, raw);
    } catch (error) {
      if (!(error instanceof AppError) || !options.refusedAs) throw error;
      value = parseWith(await options.refusedAs(c), raw);
    }
    c.req.addValidatedData('json', value as object);
    await next();
  };
  schemaOfMiddleware.set(middleware as MiddlewareHandler, { target: 'json', schema });
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
 * or query is a 400 (as when the handler checked the id first). The handler reads the checked
 * values with `c.req.valid('param')`.
 */
export function uuidParams<K extends string, E extends Env = Env>(
  notFound: Readonly<Record<K, string>>,
): MiddlewareHandler<E, string, { out: { param: Record<K, string> } }> {
  const middleware: MiddlewareHandler<E> = async (c, next) => {
    const checked: Record<string, string> = {};
    for (const [name, message] of Object.entries<string>(notFound)) checked[name] = uuidParam(c, name, message);
    c.req.addValidatedData('param', checked);
    await next();
  };
  uuidParamsOfMiddleware.set(middleware as MiddlewareHandler, notFound);
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
