import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type Storage, type StoredFile } from './storage';

/** Files in a folder (`DATA_DIR/storage/images` by default); writes land whole or not at all. */
export function localStorage(folder: string): Storage {
  const file = (key: string) => path.join(folder, checkKey(key));
  let ready: Promise<unknown> | null = null;
  const ensureFolder = () => (ready ??= mkdir(folder, { recursive: true }));

  return {
    description: `local folder ${folder}`,
    async put(key, body) {
      await ensureFolder();
      const target = file(key);
      const partial = `${target}.partial`;
      await writeFile(partial, body, { flag: 'wx' });
      await rename(partial, target);
    },
    async get(key): Promise<StoredFile | null> {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(target), size: info.size };
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async exists(key) {
      const info = await stat(file(key)).catch(() => null);
      return Boolean(info?.isFile());
    },
  };
}
