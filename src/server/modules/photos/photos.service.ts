import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike } from 'drizzle-orm';
import { PHOTO_ATTACHABLE_TYPES } from '../../../shared/constants';
import type { z } from 'zod';
import {
  PHOTO_MESSAGES,
  type listPhotosQuery,
  type PhotoFields,
  type UpdatePhotoInput,
} from '../../../shared/schemas/photos';
import { attachedList, attachmentWorkspace } from '../../access/attachables';
import { insertWithClientId } from '../../access/client-ids';
import type { Member, Viewer } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { photos, profiles, users, visits, visitTasks } from '../../db/schema';
import { containsPattern, countUpTo, toPage } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import { deviceTimeOrNow } from '../../http';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import type { Storage } from '../../storage/storage';
import { attachedName } from '../attachables';
import { processImage, thumbnailSize } from './image';
import { ACCEPTED_IMAGES, type ReceivedUpload } from './upload';
import { withoutBidiControls } from '../../../shared/text';

// Photos (spec §2, §3, §5, §6, §7 photos service). Visible as what they are attached to
// (access/policy.ts `policy.photo`): a business one in its workspace, a personal one (standalone, on a
// profile) to its uploader; only the uploader changes one.

const photoColumns = {
  id: photos.id,
  attachableType: photos.attachableType,
  attachableId: photos.attachableId,
  attachedName: attachedName(photos.attachableType, photos.attachableId, PHOTO_ATTACHABLE_TYPES),
  storagePath: photos.storagePath,
  thumbnailPath: photos.thumbnailPath,
  fileName: photos.fileName,
  fileSize: photos.fileSize,
  mimeType: photos.mimeType,
  width: photos.width,
  height: photos.height,
  caption: photos.caption,
  visitTaskId: photos.visitTaskId,
  tag: photos.tag,
  capturedAt: photos.capturedAt,
  uploadedBy: photos.uploadedBy,
  uploaderName: profiles.displayName,
  uploaderEmail: users.email,
  createdAt: photos.createdAt,
  updatedAt: photos.updatedAt,
};

type PhotoRow = Omit<typeof photos.$inferSelect, 'storagePath' | 'thumbnailPath' | 'workspaceId'> & {
  attachedName: string | null;
  uploaderName: string | null;
  uploaderEmail: string;
};

const selectPhotos = (db: Executor) =>
  db
    .select(photoColumns)
    .from(photos)
    .innerJoin(users, eq(users.id, photos.uploadedBy))
    .leftJoin(profiles, eq(profiles.userId, photos.uploadedBy));

function toDto(row: PhotoRow) {
  const thumbnail = thumbnailSize(row.width, row.height);
  return {
    id: row.id,
    attachableType: row.attachableType,
    attachableId: row.attachableId,
    attachedName: row.attachedName,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    caption: row.caption,
    visitTaskId: row.visitTaskId,
    tag: row.tag,
    capturedAt: row.capturedAt?.toISOString() ?? null,
    uploadedBy: row.uploadedBy,
    uploader: { displayName: row.uploaderName, email: row.uploaderEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    url: `/api/photos/${row.id}/file`,
    thumbnailUrl: `/api/photos/${row.id}/thumbnail`,
    thumbnailWidth: thumbnail.width,
    thumbnailHeight: thumbnail.height,
  };
}

/** `GET /api/photos`: the photos the actor may see, newest first, one query. */
export async function listPhotos(db: Executor, member: Member, query: z.output<typeof listPhotosQuery>) {
  const visible = attachedList(
    'photo',
    member,
    and(
      query.attachableType ? eq(photos.attachableType, query.attachableType) : undefined,
      query.attachableId ? eq(photos.attachableId, query.attachableId) : undefined,
      query.visitTaskId ? eq(photos.visitTaskId, query.visitTaskId) : undefined,
      query.q ? ilike(photos.caption, containsPattern(query.q)) : undefined,
    ),
  );
  const rows = await selectPhotos(db)
    .where(visible.newest(query.offset + query.limit))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(rows, query, () => countUpTo(db, visible.rows), toDto);
}

async function findVisible(db: Executor, member: Member, id: string) {
  const [row] = await selectPhotos(db).where(and(eq(photos.id, id), policy.photo.scope(member)));
  if (!row) throw notFound(PHOTO_MESSAGES.notFound);
  return row;
}

export async function getPhoto(db: Executor, member: Member, id: string) {
  const row = await findVisible(db, member, id);
  return { ...toDto(row), can: policy.photo.can(member, row.uploadedBy) };
}

/**
 * A photo that is evidence names a task of the visit it is attached to, and whoever
 * sends it must be able to tick that task (a technician on the visit, never while completed).
 */
async function requireEvidenceTask(db: Executor, member: Member, fields: PhotoFields) {
  if (!fields.visitTaskId) {
    if (fields.tag) throw badRequest(PHOTO_MESSAGES.evidenceOnVisit, { visitTaskId: PHOTO_MESSAGES.evidenceOnVisit });
    return;
  }
  if (fields.attachableType !== 'visit' || !fields.attachableId) {
    throw badRequest(PHOTO_MESSAGES.evidenceOnVisit, { visitTaskId: PHOTO_MESSAGES.evidenceOnVisit });
  }
  const [visit] = await db
    .select({ status: visits.status })
    .from(visitTasks)
    .innerJoin(visits, eq(visits.id, visitTasks.visitId))
    .where(
      and(
        eq(visitTasks.id, fields.visitTaskId),
        eq(visitTasks.visitId, fields.attachableId),
        policy.visit.scope(member),
      ),
    );
  if (!visit) throw notFound(VISIT_MESSAGES.taskNotFound);
  policy.visit.requireChange(member, visit, 'tickTasks', VISIT_MESSAGES.fieldOnly);
}

/** A name for stored files: a timestamp and a random string (spec §3 Stored images). */
const storedName = () => `${Date.now()}-${randomBytes(6).toString('hex')}`;

/**
 * A file name to show, never a path: its last segment, without control characters or
 * bidirectional controls (a right-to-left override disguises an extension), at most 200 characters.
 */
const displayName = (name: string) =>
  withoutBidiControls(name.split(/[\\/]/).pop()!)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200) || 'photo';

/** Where the time of an upload went, for the Server-Timing header (milliseconds). */
export type UploadTimings = Record<'image' | 'store', number>;

/**
 * `POST /api/photos`: checks the attachment, re-encodes the image and its thumbnail, stores
 * both, then writes the row. Nothing stays stored when any step fails.
 */
export async function createPhoto(
  db: Database,
  storage: Storage,
  member: Member,
  fields: PhotoFields,
  file: ReceivedUpload['file'],
  timings: Partial<UploadTimings> = {},
) {
  // 404 with the record's own message unless the member sees it; the photo joins its workspace.
  const workspaceId = await attachmentWorkspace(db, member, fields.attachableType, fields.attachableId);
  await requireEvidenceTask(db, member, fields);
  let started = performance.now();
  const image = await processImage(file.path, file.mime);
  timings.image = performance.now() - started;
  started = performance.now();
  const base = storedName();
  const storagePath = `${base}.${ACCEPTED_IMAGES[file.mime]}`;
  const thumbnailPath = `${base}.thumb.webp`;
  try {
    await Promise.all([
      storage.put(storagePath, image.original, file.mime),
      storage.put(thumbnailPath, image.thumbnail, 'image/webp'),
    ]);
    // A photo taken offline keeps the id the phone gave it (access/client-ids.ts insertWithClientId).
    const row = await insertWithClientId(
      db,
      fields.id,
      async (id) => {
        const [made] = await db
          .insert(photos)
          .values({
            ...(id ? { id } : {}),
            workspaceId,
            attachableType: fields.attachableType,
            attachableId: fields.attachableId,
            storagePath,
            thumbnailPath,
            fileName: displayName(file.name),
            fileSize: image.original.length,
            mimeType: file.mime,
            width: image.width,
            height: image.height,
            caption: fields.caption,
            visitTaskId: fields.visitTaskId ?? null,
            tag: fields.visitTaskId ? (fields.tag ?? 'other') : null,
            capturedAt: fields.visitTaskId ? deviceTimeOrNow(fields.capturedAt) : null,
            uploadedBy: member.id,
          })
          .onConflictDoNothing({ target: photos.id })
          .returning({ id: photos.id });
        return made?.id;
      },
      { kind: 'photo', member },
      PHOTO_MESSAGES.alreadyExists,
    );
    timings.store = performance.now() - started;
    return await getPhoto(db, member, row);
  } catch (error) {
    await Promise.allSettled([storage.delete(storagePath), storage.delete(thumbnailPath)]);
    throw error;
  }
}

/** The uploader only (spec §6); anyone else who can see it gets 403, anyone who cannot 404. */
const requireUploader = (db: Executor, member: Member, id: string, message: string) =>
  requireRecord(db, member, 'photo', id, {
    columns: { uploadedBy: photos.uploadedBy, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath },
    need: { allows: (row) => policy.photo.can(member, row.uploadedBy).edit, message },
  });

export async function updatePhoto(db: Executor, member: Member, id: string, input: UpdatePhotoInput) {
  await requireUploader(db, member, id, PHOTO_MESSAGES.unauthorizedEdit);
  await db
    .update(photos)
    .set({ caption: input.caption ?? null })
    .where(and(eq(photos.id, id), eq(photos.uploadedBy, member.id)));
  return getPhoto(db, member, id);
}

/** Deletes the row, then both stored files (spec §7: the storage object and the row). */
export async function removePhoto(db: Executor, storage: Storage, member: Member, id: string): Promise<void> {
  const row = await requireUploader(db, member, id, PHOTO_MESSAGES.unauthorizedDelete);
  await db.delete(photos).where(and(eq(photos.id, id), eq(photos.uploadedBy, member.id)));
  const keys = [row.storagePath, row.thumbnailPath].filter((key): key is string => Boolean(key));
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected')
      console.warn(`Photo ${id}: a stored file was not deleted: ${String(result.reason)}`);
  }
}

/** The stored file or thumbnail of a photo the member (or the portal's client) may see, with what to answer about it. */
export async function openPhotoFile(
  db: Executor,
  storage: Storage,
  viewer: Viewer,
  id: string,
  which: 'file' | 'thumbnail',
) {
  const [row] = await db
    .select({ storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath, mimeType: photos.mimeType })
    .from(photos)
    .where(and(eq(photos.id, id), policy.portal.scopeFor('photo', viewer)));
  if (!row) throw notFound(PHOTO_MESSAGES.notFound);
  const key = which === 'thumbnail' && row.thumbnailPath ? row.thumbnailPath : row.storagePath;
  const contentType = which === 'thumbnail' && row.thumbnailPath ? 'image/webp' : row.mimeType;
  // Stored files never change: their key is their version.
  return { key, contentType, etag: `"${key}"`, open: () => storage.get(key) };
}
