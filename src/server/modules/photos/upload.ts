import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_MESSAGES } from '../../../shared/schemas/photos';
import type { Config } from '../../config';
import { AppError } from '../../errors';

// Receives a multipart upload without ever holding the body in memory: the file part goes to
// a temporary file as it arrives. A declared length over the limit is refused before reading;
// a body that passes the limit while streaming is cut off at that moment; the type is decided
// by the first bytes (magic numbers) as soon as they arrive, not by the name or declared type.

/** Where uploads wait while they arrive (DATA_DIR/uploads); nothing stays there after an answer. */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** Multipart framing and the text fields around a file at the limit. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** Enough bytes for file-type to recognise every image format. */
const SNIFF_BYTES = 4100;

export const ACCEPTED_IMAGES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type AcceptedImage = keyof typeof ACCEPTED_IMAGES;

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** Every value of each field, in the order sent (a field sent more than once, e.g. a list of ids). */
  repeated: Record<string, string[]>;
  file: { path: string; name: string; size: number; mime: AcceptedImage };
  /** Removes the temporary file; call when done with it, whatever happened. */
  cleanUp(): Promise<void>;
}

/**
 * Streams the upload into a folder of its own under `uploadsDir`, removed by `cleanUp()`. A file
 * of `maxBytes` or more is refused (413).
 */
export async function receiveUpload(
  request: Request,
  maxBytes: number,
  uploadsDir: string,
  /** The file's part name, and how many text fields may come with it. */
  form: { fileField?: string; maxFields?: number } = {},
): Promise<ReceivedUpload> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes + MULTIPART_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.notMultipart);
  }

  await mkdir(uploadsDir, { recursive: true });
  const folder = await mkdtemp(path.join(uploadsDir, 'upload-'));
  const cleanUp = () => rm(folder, { recursive: true, force: true });
  const source = Readable.fromWeb(request.body as NodeWebStream<Uint8Array>);
  try {
    return { ...(await parse(source, contentType, folder, maxBytes, form)), cleanUp };
  } catch (error) {
    source.destroy();
    await cleanUp();
    throw error;
  }
}

function parse(
  source: Readable,
  contentType: string,
  folder: string,
  maxBytes: number,
  { fileField = 'file', maxFields = 10 }: { fileField?: string; maxFields?: number },
) {
  return new Promise<Omit<ReceivedUpload, 'cleanUp'>>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const repeated: Record<string, string[]> = {};
    let file: ReceivedUpload['file'] | null = null;
    let writing: Promise<void> | null = null;
    let fileStream: Readable | null = null;
    let settled = false;
    // Stop at once: no more of the body is read, and the file being written is closed.
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      fileStream?.destroy();
      reject(error instanceof AppError ? error : new AppError('BAD_REQUEST', 'The upload could not be read'));
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers send a part's file name as UTF-8 bytes; busboy reads them as Latin-1 unless told.
        defParamCharset: 'utf8',
        // busboy reports the limit when the part reaches it, and a file must be smaller than
        // maxBytes (spec §5 'less than 10MB', shared isPhotoTooLarge): reaching it is too large.
        limits: { fileSize: maxBytes, files: 1, fields: maxFields, fieldSize: 16 * 1024, parts: maxFields + 2 },
      });
    } catch (error) {
      return fail(error);
    }

    parser.on('field', (name, value) => {
      fields[name] = value;
      (repeated[name] ??= []).push(value);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const target = path.join(folder, 'upload');
      const entry = { path: target, name: info.filename ?? 'photo', size: 0, mime: 'image/jpeg' as AcceptedImage };
      file = entry;
      fileStream = stream;
      // busboy truncates the part at the limit: that is the moment to answer 413.
      stream.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge)));
      writing = receiveFile(stream, target, entry).catch(fail);
    });
    parser.on('error', fail);
    parser.on('close', () => {
      void (async () => {
        await writing;
        if (settled) return;
        settled = true;
        if (!file)
          return reject(new AppError('BAD_REQUEST', PHOTO_MESSAGES.selectImage, { file: PHOTO_MESSAGES.selectImage }));
        resolve({ fields, repeated, file });
      })();
    });
    source.on('error', fail);
    source.pipe(parser);
  });
}

/** Writes the file part to disk, checking its first bytes and its size as they arrive. */
async function receiveFile(stream: Readable & { truncated?: boolean }, target: string, entry: ReceivedUpload['file']) {
  const out = createWriteStream(target, { flags: 'wx' });
  const head: Buffer[] = [];
  let headLength = 0;
  let checked = false;
  const check = async () => {
    checked = true;
    const type = await fileTypeFromBuffer(Buffer.concat(head));
    if (type && (type.mime === 'image/heic' || type.mime === 'image/heif' || type.ext === 'heic')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.heic);
    }
    if (!type || !(type.mime in ACCEPTED_IMAGES)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.notAnImage, { file: PHOTO_MESSAGES.notAnImage });
    }
    entry.mime = type.mime as AcceptedImage;
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      entry.size += chunk.length;
      if (!checked) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= SNIFF_BYTES) await check();
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    if (stream.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
    if (!checked) await check();
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
}
