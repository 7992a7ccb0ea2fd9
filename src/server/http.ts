import { Readable } from 'node:stream';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from './config';
import type { StoredFile } from './storage/storage';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldErrors } from '../shared/schemas/common';
import { AppError } from './errors';

/**
 * Checks a value with a shared schema: the output, or a 400 with the schema's field messages.
 * Routes validate through `jsonBody`/`queryOf` (src/server/validate.ts), which call this.
 */
export function parseWith<S extends $ZodType>(schema: S, value: unknown): output<S> {
  // PostgreSQL text cannot hold NUL: refuse it here (400) rather than fail in the query (500).
  const nulAt = findNul(value);
  if (nulAt !== null) {
    const message = 'Text must not contain NUL characters';
    throw new AppError('BAD_REQUEST', message, nulAt ? { [nulAt]: message } : undefined);
  }
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? 'Invalid input', fields);
}

/**
 * The top-level field ('' for the value itself) of the first string holding U+0000, or null.
 * Our inputs nest two or three levels at most; the depth cap keeps hostile nesting cheap.
 */
function findNul(value: unknown, field = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? field : null;
  if (value === null || typeof value !== 'object' || depth >= 4) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, field || key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A path parameter that must be a uuid; anything else is simply not found. */
export function uuidParam(c: Context, name: string, notFoundMessage: string): string {
  const value = c.req.param(name) ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new AppError('NOT_FOUND', notFoundMessage);
  }
  return value;
}

/**
 * A time the device sent for when something happened (a photo taken, a signature made, queued
 * offline): kept unless it is in the future, else now.
 */
export const deviceTimeOrNow = (at: Date | undefined): Date => (at && at.getTime() <= Date.now() ? at : new Date());

/** Streams a stored file with its headers and length (the caller has checked who may see it). */
export const sendStored = (c: Context, stored: StoredFile, headers: Record<string, string>) =>
  c.body(Readable.toWeb(stored.body) as unknown as ReadableStream, 200, {
    ...headers,
    'Content-Length': String(stored.size),
  });

/**
 * The client's address: the socket's, or the proxy's last hop when TRUST_PROXY is set (better-auth
 * rate-limits by it; a portal sign-in records it).
 */
export function clientIp(c: Context, config: Pick<Config, 'trustProxy'>): string | null {
  if (config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}
