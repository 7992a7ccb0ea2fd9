import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../src/server/db/schema';
import { createProperty, createUser, type TestUser } from '../support/factories';
import { tinyPng } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import type { ItemOf } from '../../src/client/api/contract';

type PhotoDto = ItemOf<'/photos'>;

// Hostile uploads. Every one is refused (or defused) and nothing is stored for a
// refused one. (10 MB + 1, by declared length and by stream, is in photos.test.ts.)

let t: TestApp;
let owner: TestUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner)).id;
});
afterAll(async () => {
  await t.close();
});

const filesIn = (...segments: string[]) => {
  try {
    return readdirSync(path.join(t.config.dataDir, ...segments)).length;
  } catch {
    return 0;
  }
};
const stored = () => filesIn('storage', 'images');
async function refusedWithNothingStored(bytes: Buffer, name: string, status: number, type = 'image/png') {
  const before = { rows: await t.db.$count(photos), files: stored() };
  const response = await t.upload(
    owner.cookie,
    { bytes, name, type },
    { attachableType: 'property', attachableId: propertyId },
  );
  expect(response.status, await response.clone().text()).toBe(status);
  expect(await t.db.$count(photos)).toBe(before.rows);
  expect(stored()).toBe(before.files);
  expect(filesIn('uploads'), 'temporary files are removed').toBe(0);
  return (await response.json()) as { error: { message: string } };
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A complete, valid 20,000 × 20,000 black-and-white PNG: 400 megapixels from a few tens of KB. */
function decompressionBomb(): Buffer {
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + side / 8)); // filter byte 0 and all-black pixels, per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('hostile uploads', () => {
  it('wrong magic bytes: a program, a PDF, HTML and text, whatever the name and declared type (415)', async () => {
    for (const [bytes, name] of [
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]), 'holiday.jpg'],
      [Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'.repeat(200)), 'scan.png'],
      [Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'photo.jpg'],
      [Buffer.from('just text\n'.repeat(1000)), 'photo.gif'],
    ] as const) {
      const body = await refusedWithNothingStored(bytes, name, 415, 'image/jpeg');
      expect(body.error.message).toBe('Please select an image file');
    }
  });

  it('a PNG signature followed by garbage is refused, never a 500', async () => {
    const truncated = Buffer.concat([(await tinyPng()).subarray(0, 40), Buffer.alloc(5000, 0x41)]);
    const body = await refusedWithNothingStored(truncated, 'broken.png', 415);
    expect(body.error.message).toBe('Please select an image file');
  });

  it('an SVG with a script is not an image here (415)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await refusedWithNothingStored(svg, 'logo.svg', 415, 'image/svg+xml');
  });

  it('a decompression bomb (20,000 × 20,000 pixels in a few tens of KB) is refused by the pixel limit', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const body = await refusedWithNothingStored(bomb, 'bomb.png', 413);
    expect(body.error.message).toMatch(/megapixels/);
  });

  it('a real image whose file name carries a path is stored under our own name and shown by its last segment', async () => {
    for (const name of ['../../../etc/passwd.png', 'C:\\Windows\\System32\\evil.png', '/root/.ssh/id.png']) {
      const response = await t.upload(owner.cookie, { bytes: await tinyPng(), name }, {});
      expect(response.status, `${name}: ${await response.clone().text()}`).toBe(201);
      const photo = (await response.json()) as PhotoDto;
      expect(photo.fileName, name).not.toMatch(/[/\\]/);
      const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
      expect(row!.storagePath).toMatch(/^\d{13}-[0-9a-f]{12}\.png$/);
    }
    expect(readdirSync(path.join(t.config.dataDir, 'storage', 'images')).every((file) => /^\d{13}-/.test(file))).toBe(
      true,
    );
  });

  it('control characters in the part header are a malformed upload: 400, nothing stored', async () => {
    const body = await refusedWithNothingStored(await tinyPng(), 'a\u0007b\u001fc.png', 400);
    expect(body.error.message).toBe('The upload could not be read');
  });

  it('a file part under another field name, or a second file, is ignored; no file at all is 400', async () => {
    const form = new FormData();
    form.set('attachment', new Blob([new Uint8Array(await tinyPng())], { type: 'image/png' }), 'x.png');
    const response = await t.app.request('/api/photos', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
  });
});
