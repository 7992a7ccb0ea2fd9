import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceStatus } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import {
  INVOICE_MESSAGES,
  type billableVisitsQuery,
  type InvoiceDetailDto,
  type InvoiceItemDto,
  type InvoiceLineDto,
  type InvoiceListItemDto,
  type InvoicePaymentDto,
  type listInvoicesQuery,
} from '../../../shared/schemas/invoices';
import type { Member, Viewer } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import {
  clients,
  invoiceItems,
  invoiceLines,
  invoicePayments,
  paymentRefunds,
  invoices,
  invoiceVisits,
  profiles,
  properties,
  userProperties,
  users,
  visits,
  visitTasks,
} from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { notFound } from '../../errors';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { fullAddress } from '../../../shared/place';
import {
  amountPaidSql,
  amounts,
  balanceDue,
  centsOf,
  discountOf,
  refundedSql,
  shownStatus,
  subtotalSql,
} from './invoice-sql';
import { itemAmount, type Discount } from '../../../shared/money';

// Reading invoices (spec §2, §9): the list with its amounts in one query, the detail with
// its lines, extra lines, payments and who it is billed to, and the visits that can still be
// billed. Each is scoped by access/policy.ts: another workspace's invoice, or a technician, gets 404.

type ListQuery = z.output<typeof listInvoicesQuery>;

const listColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  propertyId: invoices.propertyId,
  propertyName: properties.name,
  status: shownStatus,
  dueDate: invoices.dueDate,
  subtotal: subtotalSql,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
  visitCount: sql<number>`(select cast(count(*) as integer) from ${invoiceVisits} where ${invoiceVisits.invoiceId} = ${invoices.id})`,
  amountPaid: amountPaidSql,
  taxRateBps: invoices.taxRateBps,
  discountKind: invoices.discountKind,
  discountValue: invoices.discountValue,
};

type ListRow = {
  id: string;
  invoiceNumber: string;
  propertyId: string;
  propertyName: string;
  status: InvoiceStatus;
  dueDate: string | null;
  subtotal: string;
  paidAt: Date | null;
  createdAt: Date;
  visitCount: number;
  amountPaid: string;
  taxRateBps: number;
  discountKind: Discount['kind'] | null;
  discountValue: number | null;
};

function toListItem({ discountKind, discountValue, ...row }: ListRow): InvoiceListItemDto {
  const figures = amounts(centsOf(row.subtotal), row.taxRateBps, discountOf({ discountKind, discountValue }));
  const amountPaid = centsOf(row.amountPaid);
  return {
    ...row,
    ...figures,
    amountPaid,
    balanceDue: balanceDue(row.status, figures.total, amountPaid),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The list's filters (and the member's scope): `GET /api/invoices` and its CSV. */
function invoiceListWhere(member: Viewer, query: ListQuery): SQL | undefined {
  return and(
    policy.portal.scopeFor('invoice', member),
    query.propertyId ? eq(invoices.propertyId, query.propertyId) : undefined,
    query.clientId ? eq(properties.clientId, query.clientId) : undefined,
    query.status ? sql`${shownStatus} = ${query.status}` : undefined,
    query.q
      ? or(ilike(invoices.invoiceNumber, containsPattern(query.q)), ilike(properties.name, containsPattern(query.q)))
      : undefined,
  );
}

/** `GET /api/invoices` (and `GET /api/portal/invoices`): one query with the property's name and the amounts. */
export async function listInvoices(db: Executor, member: Viewer, query: ListQuery): Promise<Page<InvoiceListItemDto>> {
  const where = invoiceListWhere(member, query);
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset(query.offset);
  // Every invoice has its property: the count joins it only when the filter reads it.
  let counted = db.select(aRow).from(invoices).$dynamic();
  if (query.clientId || query.q) counted = counted.innerJoin(properties, eq(properties.id, invoices.propertyId));
  const countUp = () => countUpTo(db, counted.where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)));
  return toPage(rows, query, countUp, toListItem);
}

/**
 * The list's rows in its order after the invoice `after` (keyset: a page at a time for
 * the CSV, steady while invoices are added).
 */
export async function invoiceRowsAfter(
  db: Executor,
  member: Member,
  query: ListQuery,
  after: { id: string } | null,
  limit: number,
): Promise<InvoiceListItemDto[]> {
  const where = invoiceListWhere(member, query);
  const rows = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(
      and(
        where,
        after
          ? sql`(${invoices.createdAt}, ${invoices.id}) < (select prior.created_at, prior.id from invoices as prior where prior.id = ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
  return rows.map(toListItem);
}

/** The draft's lines now: one per completed task of its visits, in visit order (of the member's workspace). */
export function liveLines(db: Executor, member: Viewer, invoiceId: string): Promise<InvoiceLineDto[]> {
  return db
    .select({
      visitId: visits.id,
      visitScheduledAt: visits.scheduledAt,
      // The visit task's own copy of the template's name.
      taskName: visitTasks.name,
      price: sql<string>`coalesce(${visitTasks.price}, 0)`,
    })
    .from(invoiceVisits)
    .innerJoin(visits, eq(visits.id, invoiceVisits.visitId))
    .innerJoin(visitTasks, and(eq(visitTasks.visitId, visits.id), eq(visitTasks.status, 'completed')))
    .where(and(eq(invoiceVisits.invoiceId, invoiceId), eq(invoiceVisits.workspaceId, member.workspaceId)))
    .orderBy(asc(visits.scheduledAt), asc(visits.id), asc(visitTasks.createdAt), asc(visitTasks.id))
    .then((rows) =>
      rows.map((row) => ({ ...row, visitScheduledAt: row.visitScheduledAt.toISOString(), price: centsOf(row.price) })),
    );
}

/**
 * `GET /api/invoices/:id`: 404 'Invoice not found' for anyone who may not see the workspace's
 * invoices. A client in the portal reads its own (no drafts) through the portal's scope.
 */
export async function getInvoice(db: Executor, member: Viewer, id: string): Promise<InvoiceDetailDto> {
  const [row] = await db
    .select({
      ...listColumns,
      storedStatus: invoices.status,
      sentAt: invoices.sentAt,
      sentTo: invoices.sentTo,
      voidReason: invoices.voidReason,
      voidedAt: invoices.voidedAt,
      seller: {
        name: invoices.sellerName,
        address: invoices.sellerAddress,
        phone: invoices.sellerPhone,
        email: invoices.sellerEmail,
      },
      property: propertySummary,
      // Who it is billed to, the property's client as it is now (else the property).
      client: { name: clients.name, billingAddress: clients.billingAddress, email: clients.email },
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .leftJoin(clients, eq(clients.id, properties.clientId))
    .where(and(eq(invoices.id, id), policy.portal.scopeFor('invoice', member)));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  const frozen = row.storedStatus !== 'draft';
  const [visitRows, lines, items, [recipient], payments] = await Promise.all([
    db
      .select({
        id: visits.id,
        scheduledAt: visits.scheduledAt,
        status: visits.status,
        total: sql<string>`(select coalesce(sum(${visitTasks.price}), 0) from ${visitTasks} where ${visitTasks.visitId} = ${visits.id} and ${visitTasks.status} = 'completed')`,
      })
      .from(invoiceVisits)
      .innerJoin(visits, eq(visits.id, invoiceVisits.visitId))
      .where(eq(invoiceVisits.invoiceId, id))
      .orderBy(asc(visits.scheduledAt)),
    frozen
      ? db
          .select({
            visitId: invoiceLines.visitId,
            visitScheduledAt: invoiceLines.visitScheduledAt,
            taskName: invoiceLines.taskName,
            price: invoiceLines.price,
          })
          .from(invoiceLines)
          .where(eq(invoiceLines.invoiceId, id))
          .orderBy(asc(invoiceLines.position))
          .then((found) => found.map((line) => ({ ...line, visitScheduledAt: line.visitScheduledAt.toISOString() })))
      : liveLines(db, member, id),
    itemsOf(db, member, id),
    // spec: 'Send Invoice' asks for the recipient, pre-filled from the property's owner; the
    // client's e-mail comes first (below).
    db
      .select({ email: sql<string>`coalesce(nullif(${profiles.email}, ''), ${users.email})` })
      .from(userProperties)
      .innerJoin(users, eq(users.id, userProperties.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(userProperties.propertyId, row.propertyId), eq(userProperties.role, 'owner')))
      .orderBy(asc(userProperties.createdAt))
      .limit(1),
    paymentsOf(db, id),
  ]);
  const { storedStatus, sentAt, sentTo, property, seller, voidReason, voidedAt, client, ...listed } = row;
  const item = toListItem(listed);
  return {
    ...item,
    storedStatus,
    property,
    visits: visitRows.map((visit) => ({
      ...visit,
      scheduledAt: visit.scheduledAt.toISOString(),
      total: centsOf(visit.total),
    })),
    lines,
    items,
    discount: discountOf(listed),
    frozen,
    sentAt: sentAt?.toISOString() ?? null,
    sentTo,
    recipient: client?.email ?? recipient?.email ?? null,
    seller,
    billTo: client
      ? { name: client.name, address: client.billingAddress, client: true }
      : { name: property.name, address: fullAddress(property), client: false },
    payments,
    voidReason,
    voidedAt: voidedAt?.toISOString() ?? null,
    can: policy.invoice.can(member, { storedStatus, amountPaid: item.amountPaid, balanceDue: item.balanceDue }),
  };
}

/** An invoice's payments, oldest first, with who recorded each. */
async function paymentsOf(db: Executor, invoiceId: string): Promise<InvoicePaymentDto[]> {
  const rows = await db
    .select({
      id: invoicePayments.id,
      amount: invoicePayments.amount,
      paidAt: invoicePayments.paidAt,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      recordedByName: users.name,
      createdAt: invoicePayments.createdAt,
      provider: invoicePayments.provider,
      providerId: invoicePayments.providerId,
      fee: invoicePayments.fee,
      unapplied: invoicePayments.unapplied,
      refunded: refundedSql,
      // Refunds asked for and not failed: what can no longer be asked.
      asked: sql<string>`(select coalesce(sum(${paymentRefunds.amount}), 0) from ${paymentRefunds}
        where ${paymentRefunds.provider} = ${invoicePayments.provider}
        and ${paymentRefunds.providerPaymentId} = ${invoicePayments.providerId}
        and ${paymentRefunds.status} in ('pending', 'succeeded'))`,
    })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.createdAt), asc(invoicePayments.id));
  return rows.map(({ refunded, asked, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    refundedAmount: centsOf(refunded),
    refundable: row.provider && !row.unapplied ? Math.max(row.amount - centsOf(asked), 0) : 0,
  }));
}

/** The invoice's extra lines, in their order, each with its amount (of the member's workspace). */
export async function itemsOf(db: Executor, member: Viewer, invoiceId: string): Promise<InvoiceItemDto[]> {
  const rows = await db
    .select({
      id: invoiceItems.id,
      description: invoiceItems.description,
      quantity: invoiceItems.quantity,
      unitPrice: invoiceItems.unitPrice,
    })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.invoiceId, invoiceId), eq(invoiceItems.workspaceId, member.workspaceId)))
    .orderBy(asc(invoiceItems.position));
  return rows.map((item) => ({ ...item, amount: itemAmount(item) }));
}

/** The property, billable by the member: 404 when they cannot see it, 403 when they only work there. */
export async function requireBillable(db: Executor, member: Member, propertyId: string) {
  await requireRecord(db, member, 'property', propertyId, {
    need: { allows: () => policy.property.can(member).seeInvoices, message: WORKSPACE_MESSAGES.ownersAndManagersOnly },
  });
}

/** The picker's visits: completed visits of the property on no other active invoice, newest first. */
export async function listBillableVisits(db: Executor, member: Member, query: z.output<typeof billableVisitsQuery>) {
  await requireBillable(db, member, query.propertyId);
  const where: SQL = and(
    eq(visits.propertyId, query.propertyId),
    eq(visits.status, 'completed'),
    sql`not exists (select 1 from ${invoiceVisits} where ${invoiceVisits.visitId} = ${visits.id} and ${invoiceVisits.active}${
      query.invoiceId ? sql` and ${invoiceVisits.invoiceId} <> ${query.invoiceId}` : sql``
    })`,
  )!;
  const rows = await db
    .select({
      id: visits.id,
      scheduledAt: visits.scheduledAt,
      completedAt: visits.completedAt,
      completedTotal: sql<string>`coalesce(sum(${visitTasks.price}) filter (where ${visitTasks.status} = 'completed'), 0)`,
      completedTaskCount: sql<number>`cast(count(${visitTasks.id}) filter (where ${visitTasks.status} = 'completed') as integer)`,
    })
    .from(visits)
    .leftJoin(visitTasks, eq(visitTasks.visitId, visits.id))
    .where(where)
    .groupBy(visits.id)
    .orderBy(desc(visits.scheduledAt), desc(visits.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => countUpTo(db, db.select(aRow).from(visits).where(where)),
    (row) => ({
      id: row.id,
      scheduledAt: row.scheduledAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      total: centsOf(row.completedTotal),
      completedTaskCount: row.completedTaskCount,
    }),
  );
}
