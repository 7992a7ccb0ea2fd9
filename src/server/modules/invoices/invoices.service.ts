import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceStatus } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import {
  INVOICE_MESSAGES,
  type billableVisitsQuery,
  type BillableVisitDto,
  type createInvoiceInput,
  type InvoiceDetailDto,
  type InvoiceLineDto,
  type InvoiceListItemDto,
  type listInvoicesQuery,
  type updateInvoiceInput,
} from '../../../shared/schemas/invoices';
import { PEOPLE_MESSAGES } from '../../../shared/schemas/properties';
import { actorLink, managedProperty, PROPERTY_NOT_FOUND, propertyCan, visibleProperty } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import {
  invoiceLines,
  invoiceNumberSeq,
  invoices,
  invoiceVisits,
  profiles,
  properties,
  tasks,
  userProperties,
  users,
  visits,
  visitTasks,
} from '../../db/schema';
import { containsPattern, toPage, windowTotal } from '../../db/sql';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { formatMoney } from '../../../shared/money';
import { amounts, centsOf, shownStatus, subtotalSql } from './invoice-sql';

// Invoices (spec §2, §4, §9; issue 14). They belong to a property and are seen and changed by
// whoever manages it (its owners, and admins); a linked technician gets 404. Amounts are the
// server's, in cents: a draft follows its visits, and from 'sent' on its lines are a copy.

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
};

function toListItem(row: ListRow): InvoiceListItemDto {
  return {
    ...row,
    ...amounts(centsOf(row.subtotal)),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /api/invoices`: one query with the property's name and the amounts. */
export async function listInvoices(db: Executor, actor: Actor, query: ListQuery): Promise<Page<InvoiceListItemDto>> {
  const where = and(
    managedProperty(actor),
    query.propertyId ? eq(invoices.propertyId, query.propertyId) : undefined,
    query.status ? sql`${shownStatus} = ${query.status}` : undefined,
    query.q
      ? or(ilike(invoices.invoiceNumber, containsPattern(query.q)), ilike(properties.name, containsPattern(query.q)))
      : undefined,
  );
  const rows = await db
    .select({ ...listColumns, total: windowTotal() })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset(query.offset);
  const countAll = () =>
    db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(invoices)
      .innerJoin(properties, eq(properties.id, invoices.propertyId))
      .where(where)
      .then((found) => found[0]?.count ?? 0);
  return toPage(rows, query, countAll, toListItem);
}

/** The draft's lines now: one per completed task of its visits, in visit order. */
function liveLines(db: Executor, invoiceId: string): Promise<InvoiceLineDto[]> {
  return db
    .select({
      visitId: visits.id,
      visitScheduledAt: visits.scheduledAt,
      taskName: tasks.name,
      price: sql<string>`coalesce(${visitTasks.price}, 0)`,
    })
    .from(invoiceVisits)
    .innerJoin(visits, eq(visits.id, invoiceVisits.visitId))
    .innerJoin(visitTasks, and(eq(visitTasks.visitId, visits.id), eq(visitTasks.status, 'completed')))
    .innerJoin(tasks, eq(tasks.id, visitTasks.taskId))
    .where(eq(invoiceVisits.invoiceId, invoiceId))
    .orderBy(asc(visits.scheduledAt), asc(visits.id), asc(visitTasks.createdAt), asc(visitTasks.id))
    .then((rows) =>
      rows.map((row) => ({ ...row, visitScheduledAt: row.visitScheduledAt.toISOString(), price: centsOf(row.price) })),
    );
}

/** `GET /api/invoices/:id`: 404 'Invoice not found' for anyone who does not manage its property. */
export async function getInvoice(db: Executor, actor: Actor, id: string): Promise<InvoiceDetailDto> {
  const [row] = await db
    .select({
      ...listColumns,
      storedStatus: invoices.status,
      sentAt: invoices.sentAt,
      sentTo: invoices.sentTo,
      property: {
        id: properties.id,
        name: properties.name,
        address: properties.address,
        city: properties.city,
        state: properties.state,
        zipCode: properties.zipCode,
      },
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(and(eq(invoices.id, id), managedProperty(actor)));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  const frozen = row.storedStatus !== 'draft';
  const [visitRows, lines, [recipient]] = await Promise.all([
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
      : liveLines(db, id),
    // spec: 'Send Invoice' asks for the recipient, pre-filled from the property's owner.
    db
      .select({ email: sql<string>`coalesce(nullif(${profiles.email}, ''), ${users.email})` })
      .from(userProperties)
      .innerJoin(users, eq(users.id, userProperties.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(userProperties.propertyId, row.propertyId), eq(userProperties.role, 'owner')))
      .orderBy(asc(userProperties.createdAt))
      .limit(1),
  ]);
  const { storedStatus, sentAt, sentTo, property, ...listed } = row;
  return {
    ...toListItem(listed),
    storedStatus,
    property,
    visits: visitRows.map((visit) => ({
      ...visit,
      scheduledAt: visit.scheduledAt.toISOString(),
      total: centsOf(visit.total),
    })),
    lines,
    frozen,
    sentAt: sentAt?.toISOString() ?? null,
    sentTo,
    recipient: recipient?.email ?? null,
    can: {
      edit: true,
      delete: true,
      // spec §4: offered while draft or sent (a sent one past its due date shows as overdue)
      markPaid: storedStatus === 'draft' || storedStatus === 'sent' || storedStatus === 'overdue',
      send: storedStatus !== 'cancelled',
    },
  };
}

// ── changes ──

/** The property, managed by the actor: 404 when they cannot see it, 403 when they only work there. */
async function requireManaged(db: Executor, actor: Actor, propertyId: string) {
  const [row] = await db
    .select({ role: userProperties.role })
    .from(properties)
    .leftJoin(userProperties, actorLink(actor))
    .where(and(eq(properties.id, propertyId), visibleProperty(actor)));
  if (!row) throw notFound(PROPERTY_NOT_FOUND);
  if (!propertyCan(actor, row.role).seeInvoices) throw forbidden(PEOPLE_MESSAGES.ownersOnly);
}

/**
 * The visits to bill, locked until the transaction ends: each a completed visit of the
 * property, on no other invoice that is not cancelled (else 409 naming that invoice).
 */
async function claimVisits(tx: Executor, propertyId: string, visitIds: string[], invoiceId: string | null) {
  const ids = [...new Set(visitIds)];
  if (ids.length === 0) return ids;
  const rows = await tx
    .select({ id: visits.id, propertyId: visits.propertyId, status: visits.status })
    .from(visits)
    .where(inArray(visits.id, ids))
    .for('update');
  if (rows.length !== ids.length || rows.some((row) => row.propertyId !== propertyId || row.status !== 'completed')) {
    throw badRequest(INVOICE_MESSAGES.notBillable, { visitIds: INVOICE_MESSAGES.notBillable });
  }
  await refuseVisitsOnOtherInvoices(tx, ids, invoiceId);
  return ids;
}

async function refuseVisitsOnOtherInvoices(tx: Executor, visitIds: string[], invoiceId: string | null) {
  const [taken] = await tx
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoiceVisits)
    .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
    .where(
      and(
        inArray(invoiceVisits.visitId, visitIds),
        eq(invoiceVisits.active, true),
        invoiceId ? ne(invoiceVisits.invoiceId, invoiceId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(INVOICE_MESSAGES.onAnotherInvoice(taken.invoiceNumber));
}

/** Copies the draft's lines and amounts: from now on later changes to its visits change nothing. */
async function freeze(tx: Executor, invoiceId: string) {
  const lines = await liveLines(tx, invoiceId);
  if (lines.length > 0) {
    await tx.insert(invoiceLines).values(
      lines.map((line, position) => ({
        invoiceId,
        visitId: line.visitId,
        visitScheduledAt: new Date(line.visitScheduledAt),
        taskName: line.taskName,
        price: line.price,
        position,
      })),
    );
  }
  const totals = amounts(lines.reduce((sum, line) => sum + line.price, 0));
  await tx.update(invoices).set(totals).where(eq(invoices.id, invoiceId));
}

/**
 * Moves an invoice to a status (spec §4: any may be chosen). Leaving draft freezes its lines,
 * going back to draft lets them follow the visits again; paid stamps `paid_at`, leaving paid
 * clears it; cancelled lets its visits go to another invoice, leaving cancelled claims them back.
 */
async function changeStatus(tx: Executor, invoiceId: string, from: InvoiceStatus, to: InvoiceStatus) {
  if (from === to) return;
  if (from === 'draft') await freeze(tx, invoiceId);
  if (to === 'draft') await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (from === 'cancelled') {
    const linked = await tx
      .select({ visitId: invoiceVisits.visitId })
      .from(invoiceVisits)
      .where(eq(invoiceVisits.invoiceId, invoiceId));
    if (linked.length > 0)
      await refuseVisitsOnOtherInvoices(
        tx,
        linked.map((row) => row.visitId),
        invoiceId,
      );
  }
  if (from === 'cancelled' || to === 'cancelled') {
    await tx
      .update(invoiceVisits)
      .set({ active: to !== 'cancelled' })
      .where(eq(invoiceVisits.invoiceId, invoiceId));
  }
  await tx
    .update(invoices)
    .set({
      status: to,
      paidAt: to === 'paid' ? sql`coalesce(${invoices.paidAt}, now())` : null,
    })
    .where(eq(invoices.id, invoiceId));
}

/** A unique index (one active invoice per visit) settles what the checks above could not see. */
async function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, 'invoice_visits_one_active_idx')) {
      throw conflict('One of these visits was just put on another invoice; reload and try again');
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === constraint || candidate.message?.includes(constraint))
    ) {
      return true;
    }
  }
  return false;
}

/** `POST /api/invoices`: the invoice, its visits and (unless a draft) its frozen lines, in one transaction. */
export async function createInvoice(
  db: Database,
  actor: Actor,
  input: z.output<typeof createInvoiceInput>,
): Promise<InvoiceDetailDto> {
  const id = await inTransaction(db, async (tx) => {
    await requireManaged(tx, actor, input.propertyId);
    const visitIds = await claimVisits(tx, input.propertyId, input.visitIds, null);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        // 'INV-' and digits: the year and a sequence, so two created at once never collide.
        invoiceNumber: sql`'INV-' || to_char(now() at time zone 'UTC', 'YYYY') || lpad(nextval(${sql.raw(`'${invoiceNumberSeq.seqName}'`)})::text, 5, '0')`,
        propertyId: input.propertyId,
        dueDate: input.dueDate,
        status: 'draft',
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('invoice insert returned nothing');
    if (visitIds.length > 0) {
      await tx.insert(invoiceVisits).values(visitIds.map((visitId) => ({ invoiceId: invoice.id, visitId })));
    }
    await changeStatus(tx, invoice.id, 'draft', input.status);
    return invoice.id;
  });
  return getInvoice(db, actor, id);
}

/** The invoice, locked for the change, as its manager sees it (404 otherwise). */
async function lockInvoice(tx: Executor, actor: Actor, id: string) {
  const [row] = await tx
    .select({ id: invoices.id, propertyId: invoices.propertyId, status: invoices.status })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(and(eq(invoices.id, id), managedProperty(actor)))
    .for('update', { of: invoices });
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

/** `PATCH /api/invoices/:id`: visits while it is a draft (spec: drafts recompute), due date and status. */
export async function updateInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof updateInvoiceInput>,
): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, actor, id);
    if (input.visitIds) {
      if (invoice.status !== 'draft') throw conflict(INVOICE_MESSAGES.frozen);
      const visitIds = await claimVisits(tx, invoice.propertyId, input.visitIds, id);
      await tx.delete(invoiceVisits).where(eq(invoiceVisits.invoiceId, id));
      if (visitIds.length > 0)
        await tx.insert(invoiceVisits).values(visitIds.map((visitId) => ({ invoiceId: id, visitId })));
    }
    if (input.dueDate !== undefined)
      await tx.update(invoices).set({ dueDate: input.dueDate }).where(eq(invoices.id, id));
    if (input.status) await changeStatus(tx, id, invoice.status, input.status);
  });
  return getInvoice(db, actor, id);
}

/** spec §4: invoices are really deleted (their lines and visit links go with them). */
export async function removeInvoice(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockInvoice(tx, actor, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
  });
}

/** 'Mark as Paid' (spec §4): paid, and paid_at now. */
export async function markPaid(db: Database, actor: Actor, id: string): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, actor, id);
    if (invoice.status === 'cancelled') throw conflict(INVOICE_MESSAGES.cancelledCannotBePaid);
    await changeStatus(tx, id, invoice.status, 'paid');
  });
  return getInvoice(db, actor, id);
}

/** After the e-mail went: a draft becomes sent (and freezes); when and to whom is kept. */
export async function recordSent(db: Database, actor: Actor, id: string, to: string): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, actor, id);
    if (invoice.status === 'draft') await changeStatus(tx, id, 'draft', 'sent');
    await tx.update(invoices).set({ sentAt: new Date(), sentTo: to }).where(eq(invoices.id, id));
  });
  return getInvoice(db, actor, id);
}

/** The picker's visits: completed visits of the property on no other active invoice, newest first. */
export async function listBillableVisits(
  db: Executor,
  actor: Actor,
  query: z.output<typeof billableVisitsQuery>,
): Promise<Page<BillableVisitDto>> {
  await requireManaged(db, actor, query.propertyId);
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
      total: windowTotal(),
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
    () => db.$count(visits, where),
    (row) => ({
      id: row.id,
      scheduledAt: row.scheduledAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      total: centsOf(row.completedTotal),
      completedTaskCount: row.completedTaskCount,
    }),
  );
}

/** Raised by the routes when the mail server refuses: 502 with its reason; nothing changed. */
export const sendFailed = (reason: string) => new AppError('BAD_GATEWAY', INVOICE_MESSAGES.sendFailed(reason));

/** The e-mail's text: the essentials, with the PDF attached. */
export function invoiceMailText(invoice: InvoiceDetailDto, link: string): string {
  const due = invoice.dueDate ? `Due date: ${invoice.dueDate}` : 'Due on receipt';
  return [
    `Invoice ${invoice.invoiceNumber} for ${invoice.property.name}, ${invoice.property.address}.`,
    '',
    `Subtotal: ${formatMoney(invoice.subtotal)}`,
    `Tax (8%): ${formatMoney(invoice.taxAmount)}`,
    `Total: ${formatMoney(invoice.total)}`,
    due,
    '',
    'The invoice is attached as a PDF.',
    `Signed-in users can also open it at ${link}`,
  ].join('\n');
}
