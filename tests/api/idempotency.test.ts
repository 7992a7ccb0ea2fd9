import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, notes, photos, visits, visitTasks, visitUsers } from '../../src/server/db/schema';
import { MAX_PHOTO_BYTES } from '../../src/shared/constants';
import type { InvoiceDetailDto } from '../../src/shared/schemas/invoices';
import type { VisitDetailDto, VisitTaskDto } from '../../src/shared/schemas/visits';
import {
  addMember,
  addVisitTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { tinyPng } from '../support/images';
import { startSmtp } from '../support/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import type { Get } from '../../src/client/api/contract';

type PhotoDetailDto = Get<'/photos/:id'>;

type NoteDto = Get<'/notes/:id'>;

// Writes sent with an Idempotency-Key are safe to replay: the first answer per user
// and key comes back for the same request, once more when the copies arrive together.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;

beforeAll(async () => {
  // Every invoice e-mail is refused (502): a failure the server does not keep.
  smtp = await startSmtp({ refuse: 'Mailbox unavailable' });
  t = await createTestApp({ SMTP_URL: smtp.url });
  owner = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Replay House' }, [tech])).id;
  // A technician sees the properties of their visits.
  await createVisit(t, propertyId, { lead: owner, assistants: [tech] });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const REPLAYED = 'idempotent-replayed';

function send(user: TestUser, method: string, url: string, body: unknown, key?: string) {
  return t.request(url, { method, cookie: user.cookie, body, headers: key ? { 'Idempotency-Key': key } : {} });
}

const postNote = (user: TestUser, content: string, key?: string, extra: Record<string, unknown> = {}) =>
  send(user, 'POST', '/api/notes', { content, attachableType: 'property', attachableId: propertyId, ...extra }, key);

async function answer(response: Response) {
  return { status: response.status, text: await response.text(), replayed: response.headers.get(REPLAYED) };
}

const notesWith = (content: string) => t.db.$count(notes, eq(notes.content, content));
const keyRows = (user: TestUser, key: string) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));

describe('replays', () => {
  it('answers a sequential replay with the first status and body, and makes the note once', async () => {
    const key = randomUUID();
    const first = await answer(await postNote(owner, 'Boiler pressure 1.5 bar', key));
    expect(first.status, first.text).toBe(201);
    expect(first.replayed).toBeNull();
    const again = await answer(await postNote(owner, 'Boiler pressure 1.5 bar', key));
    expect(again).toEqual({ status: 201, text: first.text, replayed: 'true' });
    expect(await notesWith('Boiler pressure 1.5 bar')).toBe(1);
    const [row] = await keyRows(owner, key);
    expect(row).toMatchObject({ method: 'POST', path: '/api/notes', status: 201 });
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers three identical requests at once with one note and the same body', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(async () => answer(await postNote(owner, 'Sent three times at once', key))),
    );
    expect(answers.map((one) => one.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((one) => one.text)).size).toBe(1);
    // One ran; the two others waited for its answer.
    expect(answers.filter((one) => one.replayed === 'true')).toHaveLength(2);
    expect(await notesWith('Sent three times at once')).toBe(1);
    expect(await keyRows(owner, key)).toHaveLength(1);
  });

  it('refuses the same key with another body, or on another path, with 422', async () => {
    const key = randomUUID();
    expect((await postNote(owner, 'The first request', key)).status).toBe(201);
    const other = await postNote(owner, 'Another request', key);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      error: { code: 'UNPROCESSABLE', message: 'This Idempotency-Key was already used for a different request' },
    });
    const elsewhere = await send(owner, 'POST', '/api/notes?x=1', { content: 'The first request' }, key);
    expect(elsewhere.status).toBe(422);
    // The same request into another of the caller's workspaces (X-Workspace) is another request.
    const both = await createUser(t);
    const business = await createUser(t);
    await addMember(t, business.workspaceId, both, 'manager');
    const inWorkspace = (workspaceId: string) =>
      t.request('/api/notes', {
        cookie: both.cookie,
        body: { content: 'A standalone note' },
        headers: { 'Idempotency-Key': key, 'X-Workspace': workspaceId },
      });
    expect((await inWorkspace(both.workspaceId)).status).toBe(201);
    expect((await inWorkspace(business.workspaceId)).status).toBe(422);
    expect(await notesWith('Another request')).toBe(0);
    expect(await notesWith('The first request')).toBe(1);
  });

  it('keeps keys per user: the same key from two users makes two notes', async () => {
    const key = randomUUID();
    const mine = await postNote(owner, 'Same key, two people', key);
    const theirs = await postNote(tech, 'Same key, two people', key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get(REPLAYED)).toBeNull();
    const [a, b] = [(await mine.json()) as NoteDto, (await theirs.json()) as NoteDto];
    expect(a.id).not.toBe(b.id);
    expect([a.createdBy, b.createdBy]).toEqual([owner.id, tech.id]);
    expect(await notesWith('Same key, two people')).toBe(2);
  });

  it('answers 400 to a key that is not a UUID, and does nothing', async () => {
    const response = await postNote(owner, 'Badly keyed', 'not-a-uuid');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Idempotency-Key must be a UUID',
    );
    expect(await notesWith('Badly keyed')).toBe(0);
  });

  it('leaves requests without a key, and signed-out ones, as they were', async () => {
    expect((await postNote(owner, 'No key at all')).status).toBe(201);
    expect((await postNote(owner, 'No key at all')).status).toBe(201);
    expect(await notesWith('No key at all')).toBe(2);
    const key = randomUUID();
    const signedOut = await t.request('/api/notes', {
      body: { content: 'Signed out' },
      headers: { 'Idempotency-Key': key },
    });
    expect(signedOut.status).toBe(401);
    expect(await t.db.$count(idempotencyKeys, eq(idempotencyKeys.key, key))).toBe(0);
  });

  it('replays a photo upload: one photo, the same answer, though each send has its own multipart boundary', async () => {
    const key = randomUUID();
    const caption = `Meter ${randomUUID().slice(0, 6)}`;
    const bytes = await tinyPng();
    const upload = () =>
      t.upload(
        owner.cookie,
        { bytes, name: 'meter.png' },
        { caption, attachableType: 'property', attachableId: propertyId },
        { 'Idempotency-Key': key },
      );
    const first = await answer(await upload());
    expect(first.status, first.text).toBe(201);
    const again = await answer(await upload());
    expect(again).toEqual({ status: 201, text: first.text, replayed: 'true' });
    expect(await t.db.$count(photos, eq(photos.caption, caption))).toBe(1);
    // Another picture under the same key is another request.
    const other = await t.upload(
      owner.cookie,
      { bytes: Buffer.concat([bytes, Buffer.from([0])]), name: 'meter.png' },
      { caption, attachableType: 'property', attachableId: propertyId },
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(422);
  });

  it('replays a visit task tick: one change, one version bump', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const task = await addVisitTask(t, visit.id, (await createTask(t, owner)).id);
    const key = randomUUID();
    const tick = () =>
      send(tech, 'PATCH', `/api/visits/${visit.id}/tasks/${task.id}`, { status: 'completed', version: 1 }, key);
    const first = await answer(await tick());
    expect(first.status, first.text).toBe(200);
    expect(JSON.parse(first.text) as VisitTaskDto).toMatchObject({ status: 'completed', version: 2 });
    // Without the key, the same stale write would be a conflict; with it, the first answer.
    const again = await answer(await tick());
    expect(again).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const [row] = await t.db.select().from(visitTasks).where(eq(visitTasks.id, task.id));
    expect(row).toMatchObject({ status: 'completed', version: 2 });
  });

  it('replays a visit status change: one change, one version bump', async () => {
    const visit = await createVisit(t, propertyId, { lead: tech });
    const key = randomUUID();
    const start = () => send(tech, 'PATCH', `/api/visits/${visit.id}`, { status: 'in_progress' }, key);
    const first = await answer(await start());
    expect(first.status, first.text).toBe(200);
    expect(JSON.parse(first.text) as VisitDetailDto).toMatchObject({ status: 'in_progress', version: 2 });
    expect(await answer(await start())).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const [row] = await t.db.select().from(visits).where(eq(visits.id, visit.id));
    expect(row).toMatchObject({ status: 'in_progress', version: 2 });
  });

  it('replays a delete with its 204 rather than a 404', async () => {
    const note = (await (await postNote(owner, 'To be deleted once')).json()) as NoteDto;
    const key = randomUUID();
    const first = await send(owner, 'DELETE', `/api/notes/${note.id}`, undefined, key);
    expect(first.status).toBe(204);
    const again = await send(owner, 'DELETE', `/api/notes/${note.id}`, undefined, key);
    expect(again.status).toBe(204);
    expect(again.headers.get(REPLAYED)).toBe('true');
    expect(await again.text()).toBe('');
    expect((await send(owner, 'DELETE', `/api/notes/${note.id}`, undefined, randomUUID())).status).toBe(404);
  });

  it('keeps a 4xx first answer and gives it again', async () => {
    const key = randomUUID();
    // The stranger cannot see the property: 404, kept.
    const first = await answer(await postNote(stranger, 'Not yours', key));
    expect(first.status).toBe(404);
    expect(await answer(await postNote(stranger, 'Not yours', key))).toEqual({
      status: 404,
      text: first.text,
      replayed: 'true',
    });
    expect((await keyRows(stranger, key))[0]).toMatchObject({ status: 404 });
  });

  it('does not keep a 5xx answer: a retry runs again', async () => {
    const visit = await createVisit(t, propertyId, { lead: owner, status: 'completed' });
    await addVisitTask(t, visit.id, (await createTask(t, owner)).id, { price: 5000, status: 'completed' });
    const invoice = (await (
      await send(owner, 'POST', '/api/invoices', { propertyId, visitIds: [visit.id] })
    ).json()) as InvoiceDetailDto;
    const key = randomUUID();
    const mail = () => send(owner, 'POST', `/api/invoices/${invoice.id}/send`, { to: 'accounts@example.com' }, key);
    const first = await mail();
    expect(first.status).toBe(502);
    expect(await keyRows(owner, key)).toEqual([]);
    const again = await mail();
    expect(again.status).toBe(502);
    expect(again.headers.get(REPLAYED)).toBeNull();
  });

  it('refuses a keyed upload over the limit with 413 before claiming the key', async () => {
    const key = randomUUID();
    const response = await t.upload(
      owner.cookie,
      { bytes: Buffer.alloc(MAX_PHOTO_BYTES + 128 * 1024, 1), name: 'huge.jpg' },
      { attachableType: 'property', attachableId: propertyId },
      { 'Idempotency-Key': key },
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'File size must be less than 10MB',
    );
    expect(await keyRows(owner, key)).toEqual([]);
  });

  it('takes over a key whose first request never answered (a crash) after two minutes', async () => {
    const key = randomUUID();
    const body = { content: 'After a crash', attachableType: 'property', attachableId: propertyId };
    await t.db.insert(idempotencyKeys).values({
      userId: owner.id,
      key,
      method: 'POST',
      path: '/api/notes',
      requestHash: 'of the request that died',
      createdAt: sql`now() - interval '3 minutes'`,
    });
    const response = await send(owner, 'POST', '/api/notes', body, key);
    expect(response.status).toBe(201);
    expect(response.headers.get(REPLAYED)).toBeNull();
    expect(await notesWith('After a crash')).toBe(1);
    expect((await keyRows(owner, key))[0]).toMatchObject({ status: 201 });
  });

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID();
    expect((await postNote(owner, 'Yesterday', key)).status).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, owner.id), eq(idempotencyKeys.key, key)));
    const today = await postNote(owner, 'Today', key);
    expect(today.status).toBe(201);
    expect(today.headers.get(REPLAYED)).toBeNull();
    expect(await notesWith('Today')).toBe(1);
  });
});

// A keyed upload is not held in memory to be hashed: it streams to a file under
// DATA_DIR/uploads, hashed as it passes, and the file is gone once the request is answered.
describe('keyed uploads stream to disk', () => {
  const uploads = () => path.join(t.config.dataDir, 'uploads');
  /** The files waiting in DATA_DIR/uploads and their sizes (the route's own folders included). */
  const waiting = () => {
    try {
      return readdirSync(uploads(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => statSync(path.join(entry.parentPath, entry.name)).size);
    } catch {
      return [];
    }
  };

  /** A form as a browser frames it, by hand, so a test chooses the boundary and the chunks. */
  function multipart(boundary: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return {
      head: Buffer.from(
        `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes: file.bytes,
      tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    };
  }

  const post = (boundary: string, key: string, body: ReadableStream<Uint8Array> | Buffer) =>
    t.app.request('/api/photos', {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: owner.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'Idempotency-Key': key,
      },
      body,
      duplex: 'half',
    } as RequestInit);

  /** The body in pieces of `size` bytes, so every boundary marker is cut somewhere. */
  const inPieces = (bytes: Buffer, size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.subarray(at, at + size));
        controller.close();
      },
    });

  it('a replay gets the stored answer, though its boundary differs and is cut across chunks', async () => {
    const key = randomUUID();
    const caption = `Streamed ${randomUUID().slice(0, 6)}`;
    const fields = { caption, attachableType: 'property', attachableId: propertyId };
    const file = { name: 'meter.png', bytes: await tinyPng() };
    const whole = (boundary: string) => {
      const form = multipart(boundary, fields, file);
      return Buffer.concat([form.head, form.bytes, form.tail]);
    };
    const first = await answer(await post('first-boundary', key, whole('first-boundary')));
    expect(first.status, first.text).toBe(201);
    expect(waiting()).toEqual([]);
    for (const size of [1, 7, 64]) {
      const boundary = `----another-boundary-${size}`;
      const again = await answer(await post(boundary, key, inPieces(whole(boundary), size)));
      expect(again, `pieces of ${size}`).toEqual({ status: 201, text: first.text, replayed: 'true' });
      expect(waiting()).toEqual([]);
    }
    expect(await t.db.$count(photos, eq(photos.caption, caption))).toBe(1);
    // The same form with another picture is another request: 422, and nothing left behind.
    const other = multipart('first-boundary', fields, {
      ...file,
      bytes: Buffer.concat([file.bytes, Buffer.from([0])]),
    });
    const refused = await post('first-boundary', key, Buffer.concat([other.head, other.bytes, other.tail]));
    expect(refused.status).toBe(422);
    expect(waiting()).toEqual([]);
  });

  it('is on disk while it arrives, not in memory, and the file is deleted once answered', async () => {
    const png = await tinyPng();
    const form = multipart(
      'rounds-spool',
      { attachableType: 'property', attachableId: propertyId },
      {
        name: 'big.png',
        bytes: png,
      },
    );
    const piece = Buffer.alloc(256 * 1024); // zeros after the PNG's end: still that PNG to sharp
    const half = 4 * 1024 * 1024;
    let sent = 0;
    let release!: () => void;
    const halfway = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(form.head);
        controller.enqueue(form.bytes);
      },
      async pull(controller) {
        // The second half waits until the test has seen the first half on disk.
        if (sent === half) await halfway;
        if (sent === 2 * half) {
          controller.enqueue(form.tail);
          return controller.close();
        }
        controller.enqueue(piece);
        sent += piece.length;
      },
    });
    const response = post('rounds-spool', randomUUID(), body);
    // Held in memory, nothing would reach the disk before the body had ended.
    for (let waited = 0; waiting().reduce((sum, size) => sum + size, 0) < half; waited += 20) {
      expect(waited, 'the first half of the body is on disk').toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(waiting()).toHaveLength(1);
    release();
    const photo = (await (await response).json()) as PhotoDetailDto;
    expect(photo).toMatchObject({ fileName: 'big.png', mimeType: 'image/png' });
    expect(waiting()).toEqual([]);
  });
});

describe('client-made ids', () => {
  it('creates a note with the id the phone gave it; the id again is 409', async () => {
    const id = randomUUID();
    const response = await postNote(owner, 'Made offline', undefined, { id });
    expect(response.status).toBe(201);
    expect(((await response.json()) as NoteDto).id).toBe(id);
    const again = await postNote(owner, 'Made offline, twice', undefined, { id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'CONFLICT', message: 'A note with this id already exists' },
    });
    expect((await postNote(owner, 'Bad id', undefined, { id: 'nope' })).status).toBe(400);
  });

  it('creates a photo with the id from its form; the id again is 409 and stores nothing', async () => {
    const id = randomUUID();
    const bytes = await tinyPng();
    const upload = () =>
      t.upload(owner.cookie, { bytes, name: 'p.png' }, { id, attachableType: 'property', attachableId: propertyId });
    const response = await upload();
    expect(response.status).toBe(201);
    expect(((await response.json()) as PhotoDetailDto).id).toBe(id);
    const before = await t.db.$count(photos);
    const again = await upload();
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'A photo with this id already exists',
    );
    expect(await t.db.$count(photos)).toBe(before);
  });

  it('creates a visit with the id the phone gave it; the id again is 409', async () => {
    const id = randomUUID();
    const body = { id, propertyId, scheduledAt: '2031-01-02T09:00:00.000Z' };
    const response = await send(owner, 'POST', '/api/visits', body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as VisitDetailDto).id).toBe(id);
    const again = await send(owner, 'POST', '/api/visits', body);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'A visit with this id already exists',
    );
    expect(await t.db.$count(visits, eq(visits.id, id))).toBe(1);
  });
});

// A 409 for an id held by someone else's row would tell that the row exists: the answer to a
// taken id depends only on rows the caller can see.
describe('client-made ids taken by a row the caller cannot see', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('a note: made under a fresh id for the stranger (201), 409 for whoever sees the row holding it', async () => {
    const id = randomUUID();
    expect((await postNote(owner, 'The owner’s note', undefined, { id })).status).toBe(201);
    const theirs = await send(stranger, 'POST', '/api/notes', { id, content: 'The stranger’s note' });
    expect(theirs.status).toBe(201);
    const note = (await theirs.json()) as NoteDto;
    expect(note.id).toMatch(UUID);
    expect(note.id).not.toBe(id);
    expect(note).toMatchObject({ content: 'The stranger’s note', createdBy: stranger.id, attachableId: null });
    const [kept] = await t.db.select().from(notes).where(eq(notes.id, id));
    expect(kept).toMatchObject({ content: 'The owner’s note', createdBy: owner.id, attachableId: propertyId });
    // The owner's replay, and the linked technician who sees the note too: 409 as before.
    expect((await postNote(owner, 'The owner’s note', undefined, { id })).status).toBe(409);
    expect((await postNote(tech, 'The technician’s note', undefined, { id })).status).toBe(409);
  });

  it('a photo: made under a fresh id for the stranger (201), 409 for the uploader', async () => {
    const id = randomUUID();
    const bytes = await tinyPng();
    const fields = { id, attachableType: 'property', attachableId: propertyId };
    expect((await t.upload(owner.cookie, { bytes, name: 'owner.png' }, fields)).status).toBe(201);
    const theirs = await t.upload(stranger.cookie, { bytes, name: 'stranger.png' }, { id });
    expect(theirs.status).toBe(201);
    const photo = (await theirs.json()) as PhotoDetailDto;
    expect(photo.id).toMatch(UUID);
    expect(photo.id).not.toBe(id);
    expect(photo).toMatchObject({ fileName: 'stranger.png', uploadedBy: stranger.id, attachableId: null });
    const [kept] = await t.db.select().from(photos).where(eq(photos.id, id));
    expect(kept).toMatchObject({ fileName: 'owner.png', uploadedBy: owner.id, attachableId: propertyId });
    const again = await t.upload(owner.cookie, { bytes, name: 'owner.png' }, fields);
    expect(again.status).toBe(409);
  });

  it('a visit: made under a fresh id on the stranger’s own property (201), 409 for the owner', async () => {
    const id = randomUUID();
    const scheduledAt = '2031-02-03T09:00:00.000Z';
    expect((await send(owner, 'POST', '/api/visits', { id, propertyId, scheduledAt })).status).toBe(201);
    const theirProperty = (await createProperty(t, stranger, { name: 'Stranger Cottage' })).id;
    const theirs = await send(stranger, 'POST', '/api/visits', { id, propertyId: theirProperty, scheduledAt });
    expect(theirs.status).toBe(201);
    const visit = (await theirs.json()) as VisitDetailDto;
    expect(visit.id).toMatch(UUID);
    expect(visit.id).not.toBe(id);
    expect(visit).toMatchObject({ propertyId: theirProperty, myRole: 'lead' });
    const [kept] = await t.db.select().from(visits).where(eq(visits.id, id));
    expect(kept).toMatchObject({ propertyId, version: 1 });
    expect(await t.db.$count(visitUsers, eq(visitUsers.visitId, id))).toBe(1);
    const again = await send(owner, 'POST', '/api/visits', { id, propertyId, scheduledAt });
    expect(again.status).toBe(409);
  });
});
