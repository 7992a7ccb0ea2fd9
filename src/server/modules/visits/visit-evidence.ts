import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { missingEvidence, type EvidenceTask, type MissingItem } from '../../../shared/evidence';
import { VISIT_MESSAGES } from '../../../shared/schemas/visits';
import type { Member, Viewer } from '../../access/member';
import { policy } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { properties, visits, visitTasks } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { receiveUpload, uploadsDir, type ReceivedUpload } from '../photos';
import type { Config } from '../../config';
import { deviceTimeOrNow } from '../../http';
import { requireVisit, taskPhotoCounts } from './visit-rows';

// Proof of visit on the server: what a visit still lacks (the shared gate of
// shared/evidence.ts over the rows as they are), and the customer's signature.

/**
 * The completion gate over the database: each task's requirements and evidence (photos counted
 * by tag), the property's signature rule and the visit's signature. Run inside the transaction
 * that completes the visit, after its row is locked, so no evidence changes underneath.
 */
export async function missingOnVisit(tx: Executor, member: Member, visitId: string): Promise<MissingItem[]> {
  const [visit] = await tx
    .select({
      requireSignature: properties.requireSignature,
      signed: sql<boolean>`${visits.signaturePath} is not null`,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(and(eq(visits.id, visitId), policy.visit.scope(member)));
  if (!visit) return [];
  const tasks: (EvidenceTask & { name: string })[] = await tx
    .select({
      id: visitTasks.id,
      name: visitTasks.name,
      status: visitTasks.status,
      requirements: visitTasks.requirements,
      reading: visitTasks.reading,
      result: visitTasks.result,
      notes: visitTasks.notes,
      photos: taskPhotoCounts,
    })
    .from(visitTasks)
    .where(eq(visitTasks.visitId, visitId))
    .orderBy(visitTasks.createdAt, visitTasks.name, visitTasks.id);
  const names = new Map(tasks.map((task) => [task.id, task.name]));
  return missingEvidence({ tasks, requireSignature: visit.requireSignature, signed: visit.signed }).map((item) =>
    item.taskId ? { ...item, taskName: names.get(item.taskId) } : item,
  );
}

/** A signature is a small drawing: at most 1 MB, a PNG or JPEG by its first bytes. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
const SIGNATURE_TYPES = new Set(['image/png', 'image/jpeg']);

/** Receives `POST /api/visits/:id/signature`'s multipart body, with the signature's own messages. */
export async function receiveSignature(
  request: Request,
  config: Config,
  form: { fileField?: string; maxFields?: number } = {},
): Promise<ReceivedUpload> {
  try {
    return await receiveUpload(request, MAX_SIGNATURE_BYTES, uploadsDir(config), form);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', VISIT_MESSAGES.signatureTooLarge);
    }
    if (error instanceof AppError && error.code === 'UNSUPPORTED_MEDIA_TYPE' && error.fields?.file) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', VISIT_MESSAGES.signatureNotAnImage);
    }
    throw error;
  }
}

/**
 * Stores the customer's signature on the visit: re-encoded as PNG (nothing but pixels kept), with
 * the signer's printed name and the time (the phone's, when plausible). Whoever may tick the
 * visit's tasks may take it; a new signature replaces the old one.
 */
export async function saveSignature(
  db: Database,
  storage: Storage,
  member: Member,
  visitId: string,
  fields: { signerName: string; signedAt?: Date },
  file: ReceivedUpload['file'],
): Promise<void> {
  const visit = await requireVisit(db, member, visitId);
  policy.visit.requireChange(member, visit, 'tickTasks', VISIT_MESSAGES.fieldOnly);
  const key = await storeSignature(storage, file);
  // The signature it replaces is read under the same lock as the write, so no file is left behind.
  const replaced = await db
    .transaction(async (tx) => {
      const locked = await requireVisit(tx, member, visitId, { forChange: true });
      policy.visit.requireChange(member, locked, 'tickTasks', VISIT_MESSAGES.fieldOnly);
      const [previous] = await tx.select({ path: visits.signaturePath }).from(visits).where(eq(visits.id, visitId));
      await tx
        .update(visits)
        .set({ signaturePath: key, signerName: fields.signerName, signedAt: deviceTimeOrNow(fields.signedAt) })
        .where(eq(visits.id, visitId));
      return previous?.path ?? null;
    })
    .catch(async (error: unknown) => {
      await storage.delete(key);
      throw error;
    });
  if (replaced) await storage.delete(replaced);
}

/**
 * A signature upload re-encoded as PNG (nothing but pixels kept) and put in storage: answers its
 * key. 415 for a file that is not a PNG or JPEG, 400 for one that does not decode.
 */
export async function storeSignature(storage: Storage, file: ReceivedUpload['file'], field = 'file'): Promise<string> {
  if (!SIGNATURE_TYPES.has(file.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', VISIT_MESSAGES.signatureNotAnImage);
  }
  let png: Buffer;
  try {
    png = await sharp(await readFile(file.path), { limitInputPixels: 4096 * 4096 })
      .png()
      .toBuffer();
  } catch {
    throw badRequest(VISIT_MESSAGES.signatureNotAnImage, { [field]: VISIT_MESSAGES.signatureNotAnImage });
  }
  const key = `${Date.now()}-${randomBytes(6).toString('hex')}.png`;
  await storage.put(key, png, 'image/png');
  return key;
}

/** The stored signature of a visit the member (or the portal's client) sees: 404 when there is none. */
export async function openSignature(db: Executor, storage: Storage, viewer: Viewer, visitId: string) {
  const [row] = await db
    .select({ path: visits.signaturePath })
    .from(visits)
    .where(and(eq(visits.id, visitId), policy.portal.scopeFor('visit', viewer)));
  if (!row) throw notFound(VISIT_MESSAGES.notFound);
  if (!row.path) throw notFound(VISIT_MESSAGES.noSignature);
  const stored = await storage.get(row.path);
  if (!stored) throw notFound(VISIT_MESSAGES.noSignature);
  return { key: row.path, stored };
}
