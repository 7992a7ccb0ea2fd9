import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../src/server/db/schema';
import { isPhotoTooLarge, MAX_PHOTO_BYTES, NIL_ATTACHABLE_ID } from '../../src/shared/constants';
import {
  createInvoiceRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  profileOf,
  type TestUser,
} from '../support/factories';
import { heicHeader, jpegWithGpsAndOrientation, noisyJpeg, tinyGif, tinyPng, tinyWebp } from '../support/images';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import type { Get, ItemOf } from '../../src/client/api/contract';

type PhotoDetailDto = Get<'/photos/:id'>;

type PhotoDto = ItemOf<'/photos'>;

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  propertyId = (await createProperty(t, owner, { name: 'Photo Villa' }, [tech])).id;
  // A technician sees the properties of their visits.
  await createVisit(t, propertyId, { lead: owner, assistants: [tech] });
});
afterAll(async () => {
  // Every upload, refused or not, left its temporary folder behind it.
  expect(readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  await t.close();
});

const storedFiles = () => readdirSync(path.join(t.config.dataDir, 'storage', 'images'), { withFileTypes: true }).length;
const nothingStored = async (before: { rows: number; files: number }) => {
  expect(await t.db.$count(photos)).toBe(before.rows);
  expect(storedFiles()).toBe(before.files);
};
const counts = async () => ({ rows: await t.db.$count(photos), files: storedFiles() });

// Uploads are multipart, outside the typed client: their answers name their type.
async function uploadTo(user: TestUser, type: string, id: string | null, bytes?: Buffer, caption = '') {
  const response = await t.upload(
    user.cookie,
    { bytes: bytes ?? (await tinyPng()), name: 'photo.png' },
    {
      caption,
      attachableType: type,
      attachableId: id ?? '',
    },
  );
  return json<PhotoDetailDto>(response, 201);
}

const fetchAs = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  t.app.request(url, { headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });

describe('uploading', () => {
  it('stores an upright original without any metadata, GPS above all, and a small WebP thumbnail', async () => {
    const source = await jpegWithGpsAndOrientation();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const photo = await json<PhotoDetailDto>(
      await t.upload(
        owner.cookie,
        { bytes: source, name: 'IMG_0001.JPG' },
        {
          caption: 'Front door',
          attachableType: 'property',
          attachableId: propertyId,
        },
      ),
      201,
    );
    expect(photo).toMatchObject({
      attachableType: 'property',
      attachableId: propertyId,
      attachedName: 'Photo Villa',
      caption: 'Front door',
      fileName: 'IMG_0001.JPG',
      mimeType: 'image/jpeg',
      // orientation 6 turns 200×100 a quarter: stored upright as 100×200
      width: 100,
      height: 200,
      uploadedBy: owner.id,
      uploader: { email: owner.email },
      url: `/api/photos/${photo.id}/file`,
      thumbnailUrl: `/api/photos/${photo.id}/thumbnail`,
      can: { edit: true, delete: true },
    });

    const file = await fetchAs(owner, photo.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    const stored = Buffer.from(await file.arrayBuffer());
    expect(stored.length).toBe(photo.fileSize);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 100, height: 200, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);

    const thumb = await fetchAs(owner, photo.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');

    // Stored names: a timestamp, a random string and the extension; the thumbnail beside it.
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row!.storagePath).toMatch(/^\d{13}-[0-9a-f]{12}\.jpg$/);
    expect(row!.thumbnailPath).toBe(row!.storagePath.replace(/\.jpg$/, '.thumb.webp'));
  });

  it('makes a thumbnail about 400 px long of at most 5 % of a 12 MP photo’s bytes', async () => {
    const photo = await uploadTo(owner, 'property', propertyId, await noisyJpeg(4000, 3000));
    expect(photo).toMatchObject({ width: 4000, height: 3000, thumbnailWidth: 400, thumbnailHeight: 300 });
    const thumb = Buffer.from(await (await fetchAs(owner, photo.thumbnailUrl)).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(thumb.length).toBeLessThanOrEqual(photo.fileSize * 0.05);
  });

  it('accepts PNG, WebP and GIF by their bytes', async () => {
    for (const [bytes, mime] of [
      [await tinyPng(), 'image/png'],
      [await tinyWebp(), 'image/webp'],
      [await tinyGif(), 'image/gif'],
    ] as const) {
      // the declared type and name are ignored
      const response = await t.upload(owner.cookie, { bytes, name: 'x.bin', type: 'application/octet-stream' }, {});
      expect(await json<PhotoDto>(response, 201)).toMatchObject({ mimeType: mime, width: 30, height: 20 });
    }
  });

  it('keeps a file name that is not ASCII as it was sent: part headers are read as UTF-8', async () => {
    // A browser's FormData sends the name as UTF-8 bytes; read as Latin-1 it became 'Ã¼nÃ¯cÃ¸dÃ© ð.png'.
    const name = 'ünïcødé 😀 北京.png';
    const photo = await json<PhotoDetailDto>(
      await t.upload(
        owner.cookie,
        { bytes: await tinyPng(), name },
        { caption: 'Größe 😀', attachableType: 'property', attachableId: propertyId },
      ),
      201,
    );
    expect(photo).toMatchObject({ fileName: name, caption: 'Größe 😀' });
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({ fileName: name, caption: 'Größe 😀' });
    expect(await json(await apiAs(t, owner.cookie).get('/photos/:id', { param: { id: photo.id } }), 200)).toMatchObject(
      {
        fileName: name,
      },
    );
  });

  it('refuses a text file named photo.jpg (415) and a HEIC photo with its own message, storing nothing', async () => {
    const before = await counts();
    const text = await t.upload(owner.cookie, { bytes: Buffer.from('just some text, not a photo'), name: 'photo.jpg' });
    expect(await json(text, 415)).toMatchObject({ error: { message: 'Please select an image file' } });
    const heic = await t.upload(owner.cookie, { bytes: heicHeader(), name: 'IMG_0002.HEIC', type: 'image/heic' });
    expect(((await json(heic, 415)) as { error: { message: string } }).error.message).toMatch(/HEIC/);
    // Right magic bytes, broken image: still not a photo.
    const broken = Buffer.concat([(await tinyPng()).subarray(0, 40), Buffer.alloc(5000, 1)]);
    expect((await t.upload(owner.cookie, { bytes: broken })).status).toBe(415);
    await nothingStored(before);
  });

  it('refuses more than 10 MB by declared length before reading, storing nothing', async () => {
    const before = await counts();
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await t.app.request('/api/photos', {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: owner.cookie,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_PHOTO_BYTES * 2),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await json(response, 413)).toMatchObject({ error: { message: 'File size must be less than 10MB' } });
    expect(pulled).toBeLessThanOrEqual(2); // at most what the stream had buffered ahead
    await nothingStored(before);
  });

  it('cuts a streamed body off with 413 as soon as the file passes 10 MB, storing nothing', async () => {
    const before = await counts();
    const boundary = 'rounds-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const png = await tinyPng();
    const chunk = Buffer.alloc(64 * 1024, 7);
    const total = 3 * MAX_PHOTO_BYTES;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(png);
        sent = png.length;
      },
      pull(controller) {
        if (sent >= total) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const response = await t.app.request('/api/photos', {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: owner.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await json(response, 413)).toMatchObject({ error: { message: 'File size must be less than 10MB' } });
    // Read up to the limit and a little more in flight, never the 30 MB that were on offer.
    expect(sent).toBeLessThan(MAX_PHOTO_BYTES + 2 * 1024 * 1024);
    await nothingStored(before);
  });

  it('takes one byte less than 10 MB and refuses exactly 10 MB, as its message says', async () => {
    const png = await tinyPng();
    // a PNG followed by padding is still a PNG to every decoder
    const under = Buffer.concat([png, Buffer.alloc(MAX_PHOTO_BYTES - 1 - png.length)]);
    expect(under.length).toBe(MAX_PHOTO_BYTES - 1);
    expect((await t.upload(owner.cookie, { bytes: under, name: 'under.png' })).status).toBe(201);
    const before = await counts();
    const exact = await t.upload(owner.cookie, { bytes: Buffer.concat([under, Buffer.from([0])]), name: 'exact.png' });
    expect(await json(exact, 413)).toMatchObject({ error: { message: 'File size must be less than 10MB' } });
    await nothingStored(before);
    // The form's own check draws the line at the same byte.
    expect([isPhotoTooLarge(MAX_PHOTO_BYTES - 1), isPhotoTooLarge(MAX_PHOTO_BYTES)]).toEqual([false, true]);
  });

  it('needs a file, a known type and an id to attach to that the uploader can see', async () => {
    const before = await counts();
    expect(await json(await t.upload(owner.cookie, null, { caption: 'x' }), 400)).toMatchObject({
      error: { message: 'Please select an image file' },
    });
    const badType = await t.upload(owner.cookie, { bytes: await tinyPng() }, { attachableType: 'photo' });
    expect(badType.status).toBe(400);
    const badId = await t.upload(
      owner.cookie,
      { bytes: await tinyPng() },
      { attachableType: 'property', attachableId: 'nope' },
    );
    expect(badId.status).toBe(400);
    const hidden = await t.upload(
      stranger.cookie,
      { bytes: await tinyPng() },
      {
        attachableType: 'property',
        attachableId: propertyId,
      },
    );
    expect(await json(hidden, 404)).toMatchObject({ error: { message: 'Property not found or access denied' } });
    await nothingStored(before);
  });

  it('spec §5: no attachment, or the all-zero id, means standalone (type property), seen only by its uploader', async () => {
    for (const id of ['', NIL_ATTACHABLE_ID]) {
      const photo = await uploadTo(owner, '', id);
      expect(photo).toMatchObject({ attachableType: 'property', attachableId: null, attachedName: null });
      expect((await fetchAs(tech, `/api/photos/${photo.id}`)).status).toBe(404);
    }
  });
});

describe('who sees and changes a photo', () => {
  it('whoever sees the attached record sees the photo, its file and thumbnail; anyone else gets 404 on all three', async () => {
    const photo = await uploadTo(owner, 'property', propertyId);
    for (const url of [`/api/photos/${photo.id}`, photo.url, photo.thumbnailUrl]) {
      expect((await fetchAs(tech, url)).status, url).toBe(200);
      expect(await json(await fetchAs(stranger, url), 404), url).toMatchObject({
        error: { message: 'Photo not found' },
      });
      expect((await fetchAs(null, url)).status, url).toBe(401);
    }
    const techView = await json(await apiAs(t, tech.cookie).get('/photos/:id', { param: { id: photo.id } }), 200);
    expect(techView.can).toEqual({ edit: false, delete: false });
    const list = await json(await apiAs(t, stranger.cookie).get('/photos', { query: { limit: 100 } }), 200);
    expect(list.items.map((item) => item.id)).not.toContain(photo.id);
  });

  it('each attachable type: visible as its record is', async () => {
    // A platform admin who is not a member sees nothing of the business.
    const admin = await createUser(t, { role: 'admin' });
    const visit = await createVisit(t, propertyId, { lead: owner, assistants: [tech] });
    const records = {
      task: (await createTask(t, owner)).id,
      visit: visit.id,
      invoice: (await createInvoiceRow(t, propertyId)).id,
      profile: (await profileOf(t, owner)).id,
      secondary_profile: (await createSecondaryProfile(t, owner)).id,
    };
    const expected: Record<keyof typeof records, [TestUser | typeof admin, boolean][]> = {
      task: [
        [tech, true],
        [stranger, false],
      ],
      visit: [
        [tech, true],
        [stranger, false],
        [admin, false],
      ],
      invoice: [
        [tech, false],
        [stranger, false],
        [admin, false],
      ],
      profile: [
        [tech, false],
        [admin, false],
      ],
      secondary_profile: [
        [tech, false],
        [admin, false],
      ],
    };
    for (const [type, id] of Object.entries(records) as [keyof typeof records, string][]) {
      const photo = await uploadTo(owner, type, id);
      expect(photo.attachedName, type).toBeTruthy();
      for (const [user, sees] of expected[type]) {
        expect((await fetchAs(user, photo.thumbnailUrl)).status, `${type}`).toBe(sees ? 200 : 404);
      }
    }
  });

  it('only the uploader edits the caption or deletes; delete removes both stored files', async () => {
    const photo = await uploadTo(tech, 'property', propertyId, undefined, 'Gate');
    const edit = await apiAs(t, owner.cookie).patch('/photos/:id', { param: { id: photo.id }, json: { caption: 'x' } });
    expect(await json(edit, 403)).toMatchObject({ error: { message: 'Unauthorized to edit this photo' } });
    const remove = await apiAs(t, owner.cookie).del('/photos/:id', { param: { id: photo.id } });
    expect(await json(remove, 403)).toMatchObject({ error: { message: 'Unauthorized to delete this photo' } });
    expect((await apiAs(t, stranger.cookie).del('/photos/:id', { param: { id: photo.id } })).status).toBe(404);

    const renamed = await apiAs(t, tech.cookie).patch('/photos/:id', {
      param: { id: photo.id },
      json: { caption: '  Side gate  ' },
    });
    const updated = await json(renamed, 200);
    expect(updated.caption).toBe('Side gate');
    expect(updated.updatedAt > photo.updatedAt).toBe(true);

    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(await t.storage.exists(row!.storagePath)).toBe(true);
    expect(await t.storage.exists(row!.thumbnailPath!)).toBe(true);
    expect((await apiAs(t, tech.cookie).del('/photos/:id', { param: { id: photo.id } })).status).toBe(204);
    expect(await t.storage.exists(row!.storagePath)).toBe(false);
    expect(await t.storage.exists(row!.thumbnailPath!)).toBe(false);
    expect((await fetchAs(tech, photo.url)).status).toBe(404);
  });

  it('a caption is at most 500 characters', async () => {
    const photo = await uploadTo(owner, 'property', propertyId);
    const long = await apiAs(t, owner.cookie).patch('/photos/:id', {
      param: { id: photo.id },
      json: { caption: 'c'.repeat(501) },
    });
    expect(long.status).toBe(400);
  });
});

describe('listing and serving', () => {
  it('searches captions, filters by type and record, newest first, with uploader, name and thumbnail', async () => {
    const other = await createProperty(t, owner, { name: 'Elsewhere' });
    const a = await uploadTo(owner, 'property', other.id, undefined, 'Cracked tile by the pool');
    const b = await uploadTo(owner, 'property', other.id, undefined, 'Pool pump');
    await uploadTo(owner, 'property', propertyId, undefined, 'Pool fence');
    const byRecord = await json(
      await apiAs(t, owner.cookie).get('/photos', { query: { attachableType: 'property', attachableId: other.id } }),
      200,
    );
    expect(byRecord.total).toBe(2);
    expect(byRecord.items.map((item) => item.id)).toEqual([b.id, a.id]);
    expect(byRecord.items[0]).toMatchObject({
      attachedName: 'Elsewhere',
      uploader: { email: owner.email },
      thumbnailUrl: `/api/photos/${b.id}/thumbnail`,
    });
    const search = await json(await apiAs(t, owner.cookie).get('/photos', { query: { q: 'CRACKED tile' } }), 200);
    expect(search.items.map((item) => item.id)).toEqual([a.id]);
  });

  it('answers 304 to a cached copy, after checking who asks', async () => {
    const photo = await uploadTo(owner, 'property', propertyId);
    const first = await fetchAs(owner, photo.thumbnailUrl);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetchAs(owner, photo.thumbnailUrl, { 'if-none-match': etag })).status).toBe(304);
    expect((await fetchAs(stranger, photo.thumbnailUrl, { 'if-none-match': etag })).status).toBe(404);
  });
});
