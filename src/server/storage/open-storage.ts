import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './storage';

/** S3 when S3_ENDPOINT/S3_BUCKET/… are set, else the local folder under DATA_DIR (spec §3: bucket "images"). */
export function openStorage(config: Config): Storage {
  if (config.s3) return s3Storage(config.s3);
  return localStorage(path.join(config.dataDir, 'storage', 'images'));
}
