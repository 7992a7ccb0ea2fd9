import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProperty, createUser } from '../support/factories';
import { jpegWithGpsAndOrientation } from '../support/images';
import { startS3 } from '../support/s3';
import { createTestApp, type TestApp } from '../support/test-app';
import type { Get } from '../../src/client/api/contract';

type PhotoDetailDto = Get<'/photos/:id'>;

// The whole photo path with S3 configured: the files go to a real S3-compatible server
// (s3rver) and come back through the API; nothing is written to the local folder.

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3('rounds-photos');
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

it('stores, serves and deletes photos in the bucket', async () => {
  expect(t.storage.description).toBe(`s3://rounds-photos at ${s3.settings.endpoint}`);
  const owner = await createUser(t);
  const property = await createProperty(t, owner);
  const upload = await t.upload(
    owner.cookie,
    { bytes: await jpegWithGpsAndOrientation() },
    {
      attachableType: 'property',
      attachableId: property.id,
    },
  );
  expect(upload.status).toBe(201);
  const photo = (await upload.json()) as PhotoDetailDto;

  const file = await t.app.request(photo.url, { headers: { cookie: owner.cookie } });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(await sharp(bytes).metadata()).toMatchObject({ width: 100, height: 200 });
  const stored = readdirSync(s3.directory, { recursive: true }).map(String);
  expect(stored.some((name) => name.includes('rounds-photos'))).toBe(true);

  const removed = await t.request(`/api/photos/${photo.id}`, { method: 'DELETE', cookie: owner.cookie });
  expect(removed.status).toBe(204);
  const gone = await t.app.request(photo.thumbnailUrl, { headers: { cookie: owner.cookie } });
  expect(gone.status).toBe(404);
});
