import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { readingRequirement } from '../../../shared/evidence';
import type { Locality } from '../../../shared/locale';
import type { VisitReportDto, VisitReportPhotoDto } from '../../../shared/schemas/visit-report';
import { VISIT_REPORT_MESSAGES, visitReportFileName } from '../../../shared/schemas/visit-report';
import { VISIT_MESSAGES } from '../../../shared/schemas/visits';
import { authorize, isPortalClient, policy, type Member, type PortalClient, type Viewer } from '../../access';
import type { Database, Executor } from '../../db/client';
import { clients, notes, photos, profiles, properties, users, visits, visitTasks, workspaces } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { rootCause } from '../../log';
import { sendAsPerson } from '../../mail/outgoing';
import type { Mailer } from '../../mail/mailer';
import type { Storage } from '../../storage/storage';
import { visitReportMail } from './visit-report-mail';
import { renderVisitReportPdf, type ReportImages } from './visit-report-pdf';
import { iso, listItemColumns, requireVisit, selectVisitTasks, toListItem } from './visit-rows';

// Issue 27 §7, the visit report: whoever sees the visit reads it (page and PDF); owners and
// managers send it to the property's client. Four queries: the visit with its business and
// client, its tasks, their before/after photos, and the notes shared with the client.

/** The report, and where its images are stored (the PDF embeds them; the page links them). */
interface LoadedReport {
  report: VisitReportDto;
  /** The same report as its client reads it (the portal, and the mail to the client). */
  clientView: VisitReportDto;
  /** The client's address, whoever asks (the report's own shows it to the office only). */
  clientEmail: string | null;
  signaturePath: string | null;
  thumbnails: Map<string, string>;
  /** How the business writes dates and times: the PDF's and the e-mail's. */
  locality: Locality;
}

const minutesBetween = (from: string | null, to: string | null) =>
  from && to ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000)) : null;

/**
 * The report as `viewer` may read it: a member through the staff policy, a client in the portal
 * (issue 28) through the portal's (its own visits; the photos and signature by portal URLs).
 */
async function loadReport(db: Executor, viewer: Viewer, id: string): Promise<LoadedReport> {
  const portal = isPortalClient(viewer);
  const [row] = await db
    .select({
      ...listItemColumns,
      signaturePath: visits.signaturePath,
      signerName: visits.signerName,
      signedAt: visits.signedAt,
      overrideReason: visits.overrideReason,
      reportSentAt: visits.reportSentAt,
      business: {
        name: workspaces.name,
        address: workspaces.address,
        phone: workspaces.phone,
        email: workspaces.email,
        timeZone: workspaces.timeZone,
      },
      locale: workspaces.locale,
      currency: workspaces.currency,
      clientName: clients.name,
      clientCompany: clients.company,
      clientAddress: clients.billingAddress,
      clientEmail: clients.email,
      clientPhone: clients.phone,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(workspaces, eq(workspaces.id, visits.workspaceId))
    .leftJoin(clients, eq(clients.id, properties.clientId))
    .where(and(eq(visits.id, id), policy.portal.scopeFor('visit', viewer)));
  if (!row) throw notFound(VISIT_MESSAGES.notFound);

  const tasks = await selectVisitTasks(db, viewer, eq(visitTasks.visitId, id));
  const [photoRows, noteRows] = await Promise.all([
    tasks.length === 0
      ? []
      : db
          .select({
            id: photos.id,
            visitTaskId: photos.visitTaskId,
            tag: photos.tag,
            caption: photos.caption,
            capturedAt: photos.capturedAt,
            thumbnailPath: sql<string>`coalesce(${photos.thumbnailPath}, ${photos.storagePath})`,
          })
          .from(photos)
          .where(
            and(
              inArray(
                photos.visitTaskId,
                tasks.map((task) => task.id),
              ),
              inArray(photos.tag, ['before', 'after']),
              policy.portal.scopeFor('photo', viewer),
            ),
          )
          // Before first, then after; each in the order taken.
          .orderBy(
            sql`${photos.tag} = 'after'`,
            sql`coalesce(${photos.capturedAt}, ${photos.createdAt})`,
            asc(photos.id),
          ),
    db
      .select({
        id: notes.id,
        content: notes.content,
        authorName: profiles.displayName,
        authorEmail: users.email,
        createdAt: notes.createdAt,
      })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.createdBy))
      .leftJoin(profiles, eq(profiles.userId, notes.createdBy))
      .where(
        and(
          eq(notes.attachableType, 'visit'),
          eq(notes.attachableId, id),
          eq(notes.shareWithClient, true),
          policy.portal.scopeFor('note', viewer),
        ),
      )
      .orderBy(asc(notes.createdAt), asc(notes.id)),
  ]);

  const thumbnails = new Map<string, string>();
  const photosByTask = new Map<string, VisitReportPhotoDto[]>();
  for (const photo of photoRows) {
    if (!photo.visitTaskId || (photo.tag !== 'before' && photo.tag !== 'after')) continue;
    thumbnails.set(photo.id, photo.thumbnailPath);
    const list = photosByTask.get(photo.visitTaskId) ?? [];
    list.push({
      id: photo.id,
      tag: photo.tag,
      caption: photo.caption,
      capturedAt: iso(photo.capturedAt),
      thumbnailUrl: portal ? `/api/portal/photos/${photo.id}/thumbnail` : `/api/photos/${photo.id}/thumbnail`,
    });
    photosByTask.set(photo.visitTaskId, list);
  }

  const item = toListItem(row);
  const canSend = policy.visitReport.can(viewer).send;
  const { timeZone, ...business } = row.business;
  const report: VisitReportDto = {
    visitId: item.id,
    status: item.status,
    business,
    client:
      row.clientName === null
        ? null
        : policy.visitReport.seesClientAddress(viewer)
          ? {
              name: row.clientName,
              company: row.clientCompany,
              address: row.clientAddress,
              phone: row.clientPhone,
              email: canSend ? row.clientEmail : null,
            }
          : { name: row.clientName, company: null, address: null, phone: row.clientPhone, email: null },
    property: item.property,
    people: item.people,
    timeZone,
    scheduledAt: item.scheduledAt,
    startedAt: item.startedAt,
    completedAt: item.completedAt,
    estimatedMinutes: tasks.reduce((sum, task) => sum + (task.estimatedDurationMinutes ?? 0), 0),
    actualMinutes: minutesBetween(item.startedAt, item.completedAt),
    tasks: tasks.map((task) => {
      const reading = readingRequirement(task.requirements);
      return {
        id: task.id,
        name: task.name,
        status: task.status,
        reading: task.reading,
        readingUnit: reading?.unit ?? null,
        readingMin: reading?.min ?? null,
        readingMax: reading?.max ?? null,
        readingFlagged: task.readingFlagged,
        result: task.result,
        notes: task.notes,
        photos: photosByTask.get(task.id) ?? [],
      };
    }),
    notes: noteRows.map((note) => ({
      id: note.id,
      content: note.content,
      author: note.authorName || note.authorEmail,
      createdAt: note.createdAt.toISOString(),
    })),
    signature:
      row.signerName && row.signedAt
        ? {
            signerName: row.signerName,
            signedAt: row.signedAt.toISOString(),
            url: portal ? `/api/portal/visits/${item.id}/signature` : `/api/visits/${item.id}/signature`,
          }
        : null,
    overrideReason: row.overrideReason,
    reportSentAt: iso(row.reportSentAt),
    can: policy.visitReport.can(viewer),
  };
  const clientEmail = row.clientEmail?.trim() || null;
  const clientView = forClient(report, noteRows);
  const shown = policy.visitReport.showsStaffEmails(viewer) ? report : clientView;
  return {
    report: shown,
    clientView,
    clientEmail,
    signaturePath: row.signerName ? row.signaturePath : null,
    thumbnails,
    locality: { locale: row.locale, currency: row.currency, timeZone },
  };
}

/** The report as its client reads it: the staff by name ('Team member' without one), no e-mail address. */
function forClient(report: VisitReportDto, noteRows: { id: string; authorName: string | null }[]): VisitReportDto {
  const names = new Map(noteRows.map((note) => [note.id, note.authorName]));
  return {
    ...report,
    people: report.people.map((person) => ({
      ...person,
      email: '',
      displayName: person.displayName || VISIT_REPORT_MESSAGES.teamMember,
    })),
    notes: report.notes.map((note) => ({ ...note, author: names.get(note.id) || VISIT_REPORT_MESSAGES.teamMember })),
  };
}

/** `GET /api/visits/:id/report`: 'Visit not found' for whoever does not see the visit. */
export async function getVisitReport(db: Executor, member: Member, id: string): Promise<VisitReportDto> {
  return (await loadReport(db, member, id)).report;
}

/** Issue 28, `GET /api/portal/visits/:id`: the client's own visit's report; 'Visit not found' otherwise. */
export async function getPortalVisitReport(db: Executor, client: PortalClient, id: string): Promise<VisitReportDto> {
  return (await loadReport(db, client, id)).report;
}

/**
 * A stored image as PNG at most `size` pixels a side (pdfmake reads PNG and JPEG; thumbnails are
 * WebP, and a photo without one is its original); null when it is gone or unreadable.
 */
async function storedPng(storage: Storage, key: string, size: number): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  try {
    return await sharp(Buffer.concat(chunks), { limitInputPixels: 40_000_000 })
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

async function reportImages(storage: Storage, loaded: LoadedReport): Promise<ReportImages> {
  const photoImages = new Map<string, Buffer>();
  await Promise.all(
    [...loaded.thumbnails].map(async ([id, key]) => {
      const png = await storedPng(storage, key, 320);
      if (png) photoImages.set(id, png);
    }),
  );
  const signature = loaded.signaturePath ? await storedPng(storage, loaded.signaturePath, 800) : null;
  return { photos: photoImages, signature };
}

/** `GET /api/visits/:id/report.pdf`: the report and its file name. */
export async function visitReportPdf(
  db: Executor,
  storage: Storage,
  member: Member,
  id: string,
): Promise<{ report: VisitReportDto; pdf: Buffer }> {
  const loaded = await loadReport(db, member, id);
  return {
    report: loaded.report,
    pdf: await renderVisitReportPdf(loaded.report, await reportImages(storage, loaded), loaded.locality),
  };
}

export interface ReportDeps {
  db: Database;
  mailer: Mailer;
  storage: Storage;
}

/**
 * `POST /api/visits/:id/report/send`: owners and managers send the report to the property's
 * client, from the business (its name as the sender's, the person who sent it as Reply-To; the
 * identity issue's rules and limits), with the PDF attached; the visit records when.
 */
export async function sendVisitReport(deps: ReportDeps, member: Member, id: string): Promise<void> {
  await requireVisit(deps.db, member, id);
  authorize(policy.workspace.can(member).sendReports, VISIT_REPORT_MESSAGES.sendOfficeOnly);
  await deliverReport(deps, member, await loadReport(deps.db, member, id));
}

async function deliverReport(deps: ReportDeps, member: Member, loaded: LoadedReport): Promise<void> {
  // What goes to the client is the client's view: staff names, no e-mail addresses.
  const { clientView: report, clientEmail } = loaded;
  if (!report.client) throw conflict(VISIT_REPORT_MESSAGES.noClient);
  if (!clientEmail) throw conflict(VISIT_REPORT_MESSAGES.clientWithoutEmail);
  const pdf = await renderVisitReportPdf(report, await reportImages(deps.storage, loaded), loaded.locality);
  try {
    await sendAsPerson(deps, member, 'visit_report', {
      to: clientEmail,
      ...visitReportMail(report, loaded.locality),
      fromName: report.business.name || undefined,
      attachments: [{ filename: visitReportFileName(report), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_GATEWAY', VISIT_REPORT_MESSAGES.sendFailed(rootCause(error)));
  }
  await deps.db.update(visits).set({ reportSentAt: new Date() }).where(eq(visits.id, report.visitId));
}

/** The report e-mail the outbox sends on completion: its words and the PDF attached. */
export interface ReportMail {
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; content: Buffer; contentType: string };
}

/**
 * The report on completion, as the client reads it (the portal's view), rendered by the message
 * worker when it sends the outbox's 'visit_report' message, never in the request that completes
 * the visit. Null when the client no longer sees the visit (deleted, or its property moved).
 */
export async function clientReportMail(
  db: Database,
  storage: Storage,
  client: PortalClient,
  visitId: string,
): Promise<ReportMail | null> {
  let loaded: LoadedReport;
  try {
    loaded = await loadReport(db, client, visitId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  const pdf = await renderVisitReportPdf(loaded.report, await reportImages(storage, loaded), loaded.locality);
  return {
    ...visitReportMail(loaded.report, loaded.locality),
    attachment: { filename: visitReportFileName(loaded.report), content: pdf, contentType: 'application/pdf' },
  };
}
