import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery } from '../../../shared/schemas/common';
import { listInvoicesQuery } from '../../../shared/schemas/invoices';
import type { VisitReportDto } from '../../../shared/schemas/visit-report';
import { PORTAL_MESSAGES, type portalVisitsQuery, type visitRequestInput } from '../../../shared/schemas/portal';
import type { PortalClient } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { clients, photos, properties, visitRequests, visits, visitTasks, workspaces } from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { aRow, countUpTo, toPage } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import { getInvoice, listInvoices, renderInvoicePdf } from '../invoices';
import { notifyStaff, officeOf } from '../notifications';
import { openPhotoFile } from '../photos';
import { getPortalVisitReport, openSignature } from '../visits';
import { localityOf } from '../workspaces';
import type { Storage } from '../../storage/storage';

// The client's side: everything a PortalClient reads and writes, each query built on
// the portal's scope in access/policy.ts (another client's record is 404, as "not there").

/** `GET /api/portal/me`: who the client is, the business, and the client's properties. */
export async function getPortalMe(db: Executor, client: PortalClient) {
  const [row] = await db
    .select({
      name: clients.name,
      business: {
        name: workspaces.name,
        country: workspaces.country,
        locale: workspaces.locale,
        currency: workspaces.currency,
        timeZone: workspaces.timeZone,
      },
    })
    .from(clients)
    .innerJoin(workspaces, eq(workspaces.id, clients.workspaceId))
    .where(and(eq(clients.id, client.clientId), eq(clients.workspaceId, client.workspaceId)));
  if (!row) throw notFound(PORTAL_MESSAGES.notSignedIn);
  const owned = await db
    .select(propertySummary)
    .from(properties)
    .where(policy.portal.property(client))
    .orderBy(asc(sql`lower(${properties.name})`), asc(properties.id))
    .limit(100);
  return { client: { name: row.name }, business: row.business, properties: owned };
}

/**
 * `GET /api/portal/visits?when=`: upcoming (scheduled or under way, soonest first) or past
 * (completed, the latest first), with the business's name and the report's photo count.
 */
export async function listPortalVisits(db: Executor, client: PortalClient, query: z.output<typeof portalVisitsQuery>) {
  const past = query.when === 'past';
  const where = and(
    policy.portal.visit(client),
    past ? eq(visits.status, 'completed') : sql`${visits.status} in ('scheduled', 'in_progress')`,
  );
  const rows = await db
    .select({
      id: visits.id,
      status: visits.status,
      scheduledAt: visits.scheduledAt,
      completedAt: visits.completedAt,
      property: propertySummary,
      businessName: workspaces.name,
      photoCount: sql<number>`(select cast(count(*) as integer) from ${photos}
        join ${visitTasks} on ${visitTasks.id} = ${photos.visitTaskId}
        where ${visitTasks.visitId} = ${visits.id} and ${photos.tag} in ('before', 'after'))`,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .innerJoin(workspaces, eq(workspaces.id, visits.workspaceId))
    .where(where)
    .orderBy(
      ...(past
        ? [desc(sql`coalesce(${visits.completedAt}, ${visits.scheduledAt})`), desc(visits.id)]
        : [asc(visits.scheduledAt), asc(visits.id)]),
    )
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => countUpTo(db, db.select(aRow).from(visits).where(where)),
    ({ scheduledAt, completedAt, ...row }) => ({
      ...row,
      scheduledAt: scheduledAt.toISOString(),
      completedAt: completedAt?.toISOString() ?? null,
    }),
  );
}

/** `GET /api/portal/visits/{id}`: the visit's report, with only the notes shared with the client. */
export function getPortalVisit(db: Executor, client: PortalClient, id: string): Promise<VisitReportDto> {
  return getPortalVisitReport(db, client, id);
}

/** `GET /api/portal/photos/{id}/thumbnail|file`: a photo of one of the client's reports. */
export function openPortalPhoto(
  db: Executor,
  storage: Storage,
  client: PortalClient,
  id: string,
  which: 'file' | 'thumbnail',
) {
  return openPhotoFile(db, storage, client, id, which);
}

/** `GET /api/portal/visits/{id}/signature`. */
export function openPortalSignature(db: Executor, storage: Storage, client: PortalClient, id: string) {
  return openSignature(db, storage, client, id);
}

/** `GET /api/portal/invoices`: the client's invoices (no drafts), newest first, with the balance due. */
export async function listPortalInvoices(
  db: Executor,
  client: PortalClient,
  page: PageQuery,
  online: { payOnline: boolean } = { payOnline: false },
) {
  const found = await listInvoices(db, client, listInvoicesQuery.parse(page));
  return {
    total: found.total,
    items: found.items.map((invoice) => ({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: invoice.status,
      propertyName: invoice.propertyName,
      createdAt: invoice.createdAt,
      dueDate: invoice.dueDate,
      total: invoice.total,
      amountPaid: invoice.amountPaid,
      balanceDue: invoice.balanceDue,
      pdfUrl: `/api/portal/invoices/${invoice.id}/pdf`,
      payOnline: online.payOnline && ['sent', 'overdue'].includes(invoice.status) && invoice.balanceDue > 0,
    })),
  };
}

/** `GET /api/portal/invoices/{id}/pdf`: the same PDF the business sends. */
export async function portalInvoicePdf(
  db: Executor,
  client: PortalClient,
  id: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [invoice, locality] = await Promise.all([getInvoice(db, client, id), localityOf(db, client)]);
  return { fileName: `${invoice.invoiceNumber}.pdf`, pdf: await renderInvoicePdf(invoice, locality) };
}

export const requestColumns = {
  id: visitRequests.id,
  status: visitRequests.status,
  client: { id: clients.id, name: clients.name },
  property: { id: properties.id, name: properties.name },
  preferredDates: visitRequests.preferredDates,
  message: visitRequests.message,
  visitId: visitRequests.visitId,
  createdAt: visitRequests.createdAt,
};

export const toRequestDto = <R extends { createdAt: Date }>({ createdAt, ...row }: R) => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** `GET /api/portal/requests`: the client's own requests, newest first. */
export async function listPortalRequests(db: Executor, client: PortalClient, page: PageQuery) {
  const where = policy.portal.request(client);
  const rows = await db
    .select({ ...requestColumns })
    .from(visitRequests)
    .innerJoin(clients, eq(clients.id, visitRequests.clientId))
    .innerJoin(properties, eq(properties.id, visitRequests.propertyId))
    .where(where)
    .orderBy(desc(visitRequests.createdAt), desc(visitRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(rows, page, () => countUpTo(db, db.select(aRow).from(visitRequests).where(where)), toRequestDto);
}

/**
 * `POST /api/portal/requests`: an open request at one of the client's properties, and, in the same
 * transaction, a notification for every owner and manager of the business.
 */
export async function createVisitRequest(
  db: Executor,
  client: PortalClient,
  input: z.output<typeof visitRequestInput>,
) {
  return db.transaction(async (tx) => {
    const [property] = await tx
      .select({ id: properties.id, name: properties.name })
      .from(properties)
      .where(and(eq(properties.id, input.propertyId), policy.portal.property(client)));
    if (!property) {
      throw badRequest(PORTAL_MESSAGES.propertyNotYours, { propertyId: PORTAL_MESSAGES.propertyNotYours });
    }
    const [made] = await tx
      .insert(visitRequests)
      .values({
        workspaceId: client.workspaceId,
        clientId: client.clientId,
        propertyId: property.id,
        preferredDates: input.preferredDates,
        message: input.message,
      })
      .returning({ id: visitRequests.id });
    if (!made) throw new Error('visit request insert returned nothing');
    const [row] = await tx
      .select(requestColumns)
      .from(visitRequests)
      .innerJoin(clients, eq(clients.id, visitRequests.clientId))
      .innerJoin(properties, eq(properties.id, visitRequests.propertyId))
      .where(eq(visitRequests.id, made.id));
    if (!row) throw new Error('visit request not found after insert');
    await notifyStaff(tx, await officeOf(tx, client.workspaceId), {
      workspaceId: client.workspaceId,
      kind: 'visit_request',
      text: PORTAL_MESSAGES.requestedText(row.client.name, property.name),
      requestId: made.id,
    });
    return toRequestDto(row);
  });
}
