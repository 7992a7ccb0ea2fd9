import type { Readable } from 'node:stream';

/**
 * Where stored files live (ARCHITECTURE.md): a local folder by default, an S3-compatible
 * bucket when configured. Keys are flat names (`1763800000000-k3j9x2.jpg`); nothing is
 * ever public: the API streams each file to whoever may see it.
 */
export interface Storage {
  /** Where the files are, for logs and /auth-test ('local folder …' or 's3://bucket'). */
  readonly description: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface StoredFile {
  body: Readable;
  size: number;
}

/** Stored names are made here only: a timestamp, a random string and an extension. Anything else is refused. */
export const STORAGE_KEY = /^[0-9]{13}-[a-z0-9]{6,}(\.thumb)?\.[a-z0-9]{2,5}$/;

export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
