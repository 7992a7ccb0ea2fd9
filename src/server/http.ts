import type { Context } from 'hono';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldErrors } from '../shared/schemas/common';
import { AppError } from './errors';

/** Parses a JSON body with a shared schema; 400 with the schema's field messages otherwise. */
export async function parseBody<S extends $ZodType>(c: Context, schema: S): Promise<output<S>> {
  const raw: unknown = await c.req.json().catch(() => {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON');
  });
  return parseWith(schema, raw);
}

/** Parses the query string (`?q=&limit=&offset=`…) with a shared schema. */
export function parseQuery<S extends $ZodType>(c: Context, schema: S): output<S> {
  return parseWith(schema, c.req.query());
}

export function parseWith<S extends $ZodType>(schema: S, value: unknown): output<S> {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? 'Invalid input', fields);
}

/** A path parameter that must be a uuid; anything else is simply not found. */
export function uuidParam(c: Context, name: string, notFoundMessage: string): string {
  const value = c.req.param(name) ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new AppError('NOT_FOUND', notFoundMessage);
  }
  return value;
}
