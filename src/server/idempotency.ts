import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { MAX_PHOTO_BYTES } from '../shared/constants';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../shared/messages/idempotency';
import { PHOTO_MESSAGES } from '../shared/messages/photos';
import type { Database } from './db/client';
import { idempotencyKeys } from './db/schema';
import { AppError, badRequest, conflict, unprocessable } from './errors';
import { isUpload } from './guards';
import { MULTIPART_OVERHEAD } from './modules/photos/upload';
import type { AppEnv } from './types';

// Issue 17: a write sent with an `Idempotency-Key` is safe to send again. The first request
// claims the key with a row (status null) before it runs, then stores its answer there; a
// replay with the same method, path and body gets that answer again, one with anything else
// 422. A replay that arrives while the first is still running waits for its answer, polling
// without holding a transaction (PGlite is one connection). Answers >= 500 are not kept, so a
// retry runs again. See docs/decisions.md "Field mode: safe replays".

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a replay waits for the first request's answer before giving up with 409. */
const WAIT_FOR_FIRST_MS = 30_000;
/** A claim with no answer this old belongs to a request that died (a crash, a lost database): taken over. */
const ABANDONED_AFTER_SECONDS = 120;
/** Old keys are deleted at most this often, by whichever request comes along. */
const PURGE_EVERY_MS = 60_000;

const ttl = sql.raw(`interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`);
const abandoned = sql.raw(`interval '${ABANDONED_AFTER_SECONDS} seconds'`);

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  const actor = c.var.actor;
  // Signed out: the route answers 401 and there is nobody to keep the key for.
  if (key === undefined || !actor || !WRITE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) {
    return next();
  }
  if (!UUID.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.keyNotUuid);

  const db = c.var.db;
  const url = new URL(c.req.url);
  const path = url.pathname + url.search;
  const body = await readBody(c.req.raw, isUpload(c.req.method, c.req.path));
  // The route reads the body again: hand it an equal request over the bytes read.
  if (body) c.req.raw = new Request(c.req.raw, { body });
  const requestHash = hashRequest(c.req.method, path, body, c.req.header('content-type'));
  await purgeExpired(db);

  const mine = and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let attempt = 0; ; attempt += 1) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: actor.id, key, method: c.req.method, path, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) break;

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseBody: idempotencyKeys.responseBody,
        responseType: idempotencyKeys.responseType,
        gone: sql<boolean>`${idempotencyKeys.createdAt} < now() - ${ttl}
          or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - ${abandoned})`,
      })
      .from(idempotencyKeys)
      .where(mine);
    if (!row) continue; // its first request failed and let go of it: claim it now
    if (row.gone) {
      // Expired, or claimed by a request that never answered: as if absent. The condition is
      // repeated so a row claimed again meanwhile is left alone.
      await db.delete(idempotencyKeys).where(
        and(
          mine,
          sql`(${idempotencyKeys.createdAt} < now() - ${ttl}
            or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - ${abandoned}))`,
        ),
      );
      continue;
    }
    if (row.requestHash !== requestHash) throw unprocessable(IDEMPOTENCY_MESSAGES.keyReused);
    if (row.status !== null) {
      const headers = { [IDEMPOTENT_REPLAYED_HEADER]: 'true', 'Content-Type': row.responseType ?? 'application/json' };
      return c.newResponse(hasNoBody(row.status) ? null : (row.responseBody ?? ''), row.status as 200, headers);
    }
    if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
    await sleep(Math.min(10 * 2 ** attempt, 200));
  }

  const release = () =>
    db
      .delete(idempotencyKeys)
      .where(mine)
      .catch(() => undefined);
  try {
    await next();
  } catch (error) {
    await release();
    throw error;
  }
  // A failure of ours (or of the database) is not an answer to keep: a retry runs again.
  if (c.res.status >= 500) return void (await release());
  try {
    const text = c.res.body ? await c.res.clone().text() : null;
    await db
      .update(idempotencyKeys)
      .set({ status: c.res.status, responseBody: text, responseType: c.res.headers.get('content-type') })
      .where(mine);
  } catch (error) {
    // The write is done and its answer goes out; only the key is let go.
    console.warn(`Idempotency-Key ${key}: the answer could not be stored (${String(error)})`);
    await release();
  }
});

/** The request body as bytes (null when there is none); an upload is read up to its own limit (413 past it). */
async function readBody(request: Request, upload: boolean): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return null;
  if (!upload) return new Uint8Array(await request.arrayBuffer());
  const limit = MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * sha256 of the method, the path with its query and the body. A multipart body's boundary is
 * made up afresh by every `fetch` of the same form, so it is left out of the hash: the same
 * photo sent again hashes the same.
 */
export function hashRequest(
  method: string,
  path: string,
  body: Uint8Array | null,
  contentType: string | undefined,
): string {
  const hash = createHash('sha256').update(`${method}\n${path}\n`);
  if (!body) return hash.digest('hex');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary || !contentType?.toLowerCase().startsWith('multipart/')) return hash.update(body).digest('hex');
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const marker = Buffer.from(`--${boundary}`);
  let from = 0;
  for (let at = bytes.indexOf(marker, from); at >= 0; at = bytes.indexOf(marker, from)) {
    hash.update(bytes.subarray(from, at)).update('--boundary');
    from = at + marker.length;
  }
  return hash.update(bytes.subarray(from)).digest('hex');
}

const lastPurge = new WeakMap<Database, number>();

/** Deletes the keys past their 24 hours, at most once a minute per database. */
async function purgeExpired(db: Database) {
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${ttl}`);
}

const hasNoBody = (status: number) => status === 204 || status === 205 || status === 304;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
