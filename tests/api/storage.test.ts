import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../src/server/storage/local';
import { s3Storage } from '../../src/server/storage/s3';
import type { Storage } from '../../src/server/storage/storage';
import { startS3 } from '../support/s3';

// The same behaviour from both implementations: the local folder (the default) and S3,
// the latter against a real S3-compatible server (s3rver) started here.

let s3: Awaited<ReturnType<typeof startS3>>;
let folder: string;
const implementations: [string, () => Storage][] = [
  ['local folder', () => localStorage(path.join(folder, 'images'))],
  ['S3 (s3rver)', () => s3Storage(s3.settings)],
];

beforeAll(async () => {
  s3 = await startS3();
  folder = mkdtempSync(path.join(tmpdir(), 'rounds-storage-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe.each(implementations)('%s', (_name, open) => {
  it('puts, gets as a stream, tells whether a key exists, and deletes', async () => {
    const storage = open();
    const key = `${Date.now()}-abc123.jpg`;
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from('the bytes of a photo'), 'image/jpeg');
    expect(await storage.exists(key)).toBe(true);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(20);
    expect(await text(stored!.body)).toBe('the bytes of a photo');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // a missing key is not an error
  });

  it('refuses any key it did not make (no paths, no traversal)', async () => {
    const storage = open();
    for (const key of ['../secret.jpg', 'a/b.jpg', '/etc/passwd', 'photo.jpg', `${Date.now()}-abc123.jpg/..`]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/Not a storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Not a storage key/);
    }
  });
});

it('the local folder leaves no partial file behind', async () => {
  const storage = localStorage(path.join(folder, 'partial'));
  await storage.put(`${Date.now()}-zzz999.png`, Buffer.alloc(1024), 'image/png');
  expect(readdirSync(path.join(folder, 'partial')).filter((name) => name.endsWith('.partial'))).toEqual([]);
});
