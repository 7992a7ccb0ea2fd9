import { Hono, type Context } from 'hono';
import { MAX_PHOTO_BYTES } from '../../../shared/constants';
import { listPhotosQuery, PHOTO_MESSAGES, photoFields, updatePhotoInput } from '../../../shared/schemas/photos';
import { inWorkspace } from '../../auth/session';
import { notFound } from '../../errors';
import { parseWith, sendStored, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import * as service from './photos.service';
import { receiveUpload, uploadsDir } from './upload';

const photoId = (c: Context) => uuidParam(c, 'id', PHOTO_MESSAGES.notFound);

export const photosRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listPhotosQuery), async (c) =>
    c.json(await service.listPhotos(c.var.db, c.var.member, c.req.valid('query'))),
  )
  // An upload: a multipart stream read by busboy as it arrives, its text fields checked here
  // (jsonBody would read the whole body into memory first).
  .post('/', async (c) => {
    const started = performance.now();
    const upload = await receiveUpload(c.req.raw, MAX_PHOTO_BYTES, uploadsDir(c.var.config));
    const timings: Partial<service.UploadTimings> & { receive: number } = { receive: performance.now() - started };
    try {
      const fields = parseWith(photoFields, upload.fields);
      const photo = await service.createPhoto(c.var.db, c.var.storage, c.var.member, fields, upload.file, timings);
      c.header('Server-Timing', serverTiming({ ...timings, total: performance.now() - started }));
      return c.json(photo, 201);
    } finally {
      await upload.cleanUp();
    }
  })
  .get('/:id', async (c) => c.json(await service.getPhoto(c.var.db, c.var.member, photoId(c))))
  .patch('/:id', uuidParams({ id: PHOTO_MESSAGES.notFound }), jsonBody(updatePhotoInput), async (c) =>
    c.json(await service.updatePhoto(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removePhoto(c.var.db, c.var.storage, c.var.member, photoId(c));
    return c.body(null, 204);
  })
  .get('/:id/file', (c) => sendPhotoFile(c, 'file'))
  .get('/:id/thumbnail', (c) => sendPhotoFile(c, 'thumbnail'));

/** Streams a stored file to whoever may see the photo (404 for anyone else, as for the row). */
async function sendPhotoFile(c: Context<MemberEnv>, which: 'file' | 'thumbnail') {
  const file = await service.openPhotoFile(c.var.db, c.var.storage, c.var.member, photoId(c), which);
  const headers = {
    'Cache-Control': 'private, max-age=3600', // spec §9: 3600 seconds; private: never in a shared cache
    ETag: file.etag,
    'Content-Type': file.contentType,
  };
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
  const stored = await file.open();
  if (!stored) throw notFound(PHOTO_MESSAGES.notFound);
  return sendStored(c, stored, headers);
}

/** `receive;dur=41.2, image;dur=150.3, …`: where an upload's time went, for browsers' dev tools and the benchmark. */
const serverTiming = (timings: Record<string, number | undefined>) =>
  Object.entries(timings)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
