import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
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
import { rootCause } from './log';
import { MULTIPART_OVERHEAD, uploadsDir } from './modules/photos';
import type { AppEnv } from './types';
import { requireReplayAllowed, type Member } from './access/member';
import { WORKSPACE_HEADER } from '../shared/messages/workspaces';

// A write sent with an `Idempotency-Key` is safe to send again. The first request
// claims the key with a row (status null) before it runs, then stores its answer there; a
// replay with the same method, path and body gets that answer again, one with anything else
// 422. A replay that arrives while the first is still running waits for its answer, polling
// without holding a transaction (PGlite is one connection). Answers >= 500 are not kept, so a
// retry runs again. See docs/decisions/offline.md "Safe replays".

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

/** The routes behind this middleware may set the request's member (the workspace and role it ran as). */
type KeyedEnv = { Variables: AppEnv['Variables'] & { member?: Member } };

export const idempotency = createMiddleware<KeyedEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  const actor = c.get('actor');
  // Signed out: the route answers 401 and there is nobody to keep the key for.
  if (key === undefined || !actor || !WRITE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) {
    return next();
  }
  if (!UUID.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.keyNotUuid);
  // A uuid is the same whatever its letter case: 'ABC…' and 'abc…' are one key.
  const sameKey = key.toLowerCase();

  const url = new URL(c.req.url);
  const target = url.pathname + url.search;
  // The workspace a request is in is part of it: the same key sent into another one is another request.
  const workspace = c.req.header(WORKSPACE_HEADER)?.toLowerCase();
  const hashed = workspace ? `${target}\n${WORKSPACE_HEADER}: ${workspace}` : target;
  const hash = new RequestHash(c.req.method, hashed, c.req.header('content-type'));
  // The route reads the body again: it gets an equal request over the bytes taken here.
  let spooled: Spooled | null = null;
  if (isUpload(c.req.method, c.req.path)) spooled = await spoolUpload(c, hash);
  else await takeJsonBody(c, hash);
  try {
    return await answerOnce(c, next, sameKey, target, hash.digest());
  } finally {
    await spooled?.remove();
  }
});

/** Claims the key and runs the route, or answers with the first request's answer (see the top). */
async function answerOnce(
  c: Context<KeyedEnv>,
  next: () => Promise<void>,
  key: string,
  target: string,
  requestHash: string,
) {
  const db = c.var.db;
  const actor = c.var.actor!;
  await purgeExpired(db);

  const mine = and(eq(idempotencyKeys.userId, actor.id), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let attempt = 0; ; attempt += 1) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: actor.id, key, method: c.req.method, path: target, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) break;

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseBody: idempotencyKeys.responseBody,
        responseType: idempotencyKeys.responseType,
        workspaceId: idempotencyKeys.workspaceId,
        role: idempotencyKeys.role,
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
      // The access the first answer was made under is checked again (a member removed or demoted since).
      await requireReplayAllowed(db, actor, row);
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
  const member = c.var.member;
  try {
    const text = c.res.body ? await c.res.clone().text() : null;
    await db
      .update(idempotencyKeys)
      .set({
        status: c.res.status,
        responseBody: text,
        responseType: c.res.headers.get('content-type'),
        // The workspace and role the route ran as (routes in no workspace set no member).
        workspaceId: member?.workspaceId ?? null,
        role: member?.workspaceRole ?? null,
      })
      .where(mine);
  } catch (error) {
    // The write is done and its answer goes out; only the key is let go.
    // rootCause: the failed update's message would hold its parameters, the answer's body among them.
    console.warn(`Idempotency-Key ${key}: the answer could not be stored (${rootCause(error)})`);
    await release();
  }
}

/** A JSON body (at most 1 MB, app.ts) is read whole and hashed. */
async function takeJsonBody(c: Context<AppEnv>, hash: RequestHash): Promise<void> {
  if (!c.req.raw.body) return;
  const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
  hash.update(bytes);
  c.req.raw = new Request(c.req.raw, { body: bytes });
}

/** An upload's body on disk while its request runs. */
interface Spooled {
  /** Stops reading it and deletes the file; called once the request is answered, whatever happened. */
  remove(): Promise<void>;
}

/**
 * A keyed upload: held whole in memory to be hashed, 30 uploads of 10 MB at once
 * grew the server by 800 MB. The body now streams to a file under DATA_DIR/uploads, hashed as
 * it passes, and the route reads it back from that file; `remove()` deletes it once answered.
 * Refused with 413 past 10 MB and the form's framing, by its declared length before reading.
 */
async function spoolUpload(c: Context<AppEnv>, hash: RequestHash): Promise<Spooled | null> {
  const request = c.req.raw;
  if (!request.body) return null;
  const limit = MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();

  const folder = uploadsDir(c.var.config);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `keyed-${randomUUID()}`);
  let reading: Readable | null = null;
  const remove = async () => {
    reading?.destroy();
    await rm(file, { force: true });
  };
  try {
    let size = 0;
    await pipeline(
      Readable.fromWeb(request.body as NodeWebStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > limit) throw tooLarge(); // pipeline stops reading the body at once
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(file, { flags: 'wx' }),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  reading = createReadStream(file);
  c.req.raw = new Request(request, {
    body: Readable.toWeb(reading) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  return { remove };
}

/**
 * sha256 of the method, the path with its query and the body, fed as the body arrives. A
 * multipart body's boundary is made up afresh by every `fetch` of the same form, so each
 * `--{boundary}` marker is hashed as the same fixed text: the same photo sent again hashes the
 * same. A marker may be split between two chunks: the end of a chunk that could begin one waits
 * for the next chunk.
 */
export class RequestHash {
  private readonly hash: Hash;
  private readonly marker: Buffer | null;
  private carried: Buffer = Buffer.alloc(0);

  constructor(method: string, target: string, contentType: string | undefined) {
    this.hash = createHash('sha256').update(`${method}\n${target}\n`);
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    const multipart = Boolean(boundary) && Boolean(contentType?.toLowerCase().startsWith('multipart/'));
    this.marker = multipart ? Buffer.from(`--${boundary}`) : null;
  }

  update(chunk: Uint8Array): this {
    const marker = this.marker;
    if (!marker) {
      this.hash.update(chunk);
      return this;
    }
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // Only a chunk that follows a possible start of a marker is copied (rare in image data).
    const data = this.carried.length > 0 ? Buffer.concat([this.carried, bytes]) : bytes;
    let from = 0;
    for (let at = data.indexOf(marker, from); at >= 0; at = data.indexOf(marker, from)) {
      this.hash.update(data.subarray(from, at)).update('--boundary');
      from = at + marker.length;
    }
    const keep = markerStartAtEnd(data, from, marker);
    this.hash.update(data.subarray(from, data.length - keep));
    this.carried = Buffer.from(data.subarray(data.length - keep));
    return this;
  }

  digest(): string {
    return this.hash.update(this.carried).digest('hex');
  }
}

/** How many bytes at the end of `data` (past `from`) are the beginning of `marker`: 0 when none. */
function markerStartAtEnd(data: Buffer, from: number, marker: Buffer): number {
  for (let length = Math.min(marker.length - 1, data.length - from); length > 0; length -= 1) {
    if (data.subarray(data.length - length).equals(marker.subarray(0, length))) return length;
  }
  return 0;
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
