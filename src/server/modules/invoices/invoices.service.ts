import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceStatus, PaymentMethod } from '../../../shared/constants';
import { queueInvoiceSent } from '../notifications';
import {
  amountCap,
  INVOICE_MESSAGES,
  type createInvoiceInput,
  type InvoiceDetailDto,
  type InvoiceItemInput,
  type recordPaymentInput,
  type updateInvoiceInput,
  type voidInvoiceInput,
} from '../../../shared/schemas/invoices';
import type { Member } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import {
  invoiceItems,
  invoiceLines,
  invoicePayments,
  invoices,
  invoiceVisits,
  quotes,
  quoteVersions,
  visits,
  workspaces,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import type { Config } from '../../config';
import { sendAsPerson, type MailDeps } from '../../mail/outgoing';
import { asSent, invoiceMail } from './invoice-mail';
import { getInvoice, itemsOf, liveLines, requireBillable } from './invoice-read';
import { renderInvoicePdf } from './invoice-pdf';
import { amountPaidSql, amounts, centsOf, discountOf, subtotalSql } from './invoice-sql';
import { formatsFor } from '../../../shared/locale';
import { type Discount } from '../../../shared/money';
import { localityOf } from '../workspaces';
import { MAX_CENTS } from '../../../shared/schemas/money';

// Invoices (spec §2, §4, §9) of a workspace: seen and changed by its owners
// and managers; a technician gets 404 on every one. Amounts are the server's, in cents, at the
// tax rate the invoice was made with: a draft follows its visits, and from 'sent' on its lines
// are a copy. Numbers are the workspace's own sequence, and the invoice says who it is from.

/** Replaces a draft's extra lines and its discount (given ones only). */
async function writeExtras(
  tx: Executor,
  member: Member,
  invoiceId: string,
  input: { items?: InvoiceItemInput[]; discount?: Discount | null },
) {
  if (input.items) {
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
    if (input.items.length > 0) {
      await tx.insert(invoiceItems).values(
        input.items.map((item, position) => ({
          workspaceId: member.workspaceId,
          invoiceId,
          description: item.description,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          position,
        })),
      );
    }
  }
  if (input.discount !== undefined) {
    await tx
      .update(invoices)
      .set({ discountKind: input.discount?.kind ?? null, discountValue: input.discount?.value ?? null })
      .where(eq(invoices.id, invoiceId));
  }
}

// ── changes ──

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
async function freeze(tx: Executor, member: Member, invoiceId: string) {
  const workspaceId = member.workspaceId;
  const lines = await liveLines(tx, member, invoiceId);
  if (lines.length > 0) {
    await tx.insert(invoiceLines).values(
      lines.map((line, position) => ({
        workspaceId,
        invoiceId,
        visitId: line.visitId,
        visitScheduledAt: new Date(line.visitScheduledAt),
        taskName: line.taskName,
        price: line.price,
        position,
      })),
    );
  }
  const [invoice] = await tx
    .select({
      taxRateBps: invoices.taxRateBps,
      discountKind: invoices.discountKind,
      discountValue: invoices.discountValue,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const items = await itemsOf(tx, member, invoiceId);
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0) + items.reduce((sum, item) => sum + item.amount, 0);
  const totals = amounts(subtotal, invoice?.taxRateBps ?? 0, invoice ? discountOf(invoice) : null);
  await tx.update(invoices).set(totals).where(eq(invoices.id, invoiceId));
}

/**
 * Moves an invoice to a status (spec §4: any may be chosen). Leaving draft freezes its lines,
 * going back to draft lets them follow the visits again; paid stamps `paid_at`, leaving paid
 * clears it; cancelled lets its visits go to another invoice, leaving cancelled claims them back.
 */
export async function changeStatus(
  tx: Executor,
  member: Member,
  invoiceId: string,
  from: InvoiceStatus,
  to: InvoiceStatus,
  /** False when the invoice itself was just e-mailed (that mail tells the client). */
  { notifyClient = true } = {},
) {
  if (from === to) return;
  if (from === 'draft') await freeze(tx, member, invoiceId);
  // A sent invoice is news to its client: 'Invoice sent', with the portal link.
  if (from === 'draft' && to === 'sent' && notifyClient) await queueInvoiceSent(tx, member, invoiceId);
  if (to === 'draft') await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  // Cancelled and void invoices let their visits go; one that stands again claims them back.
  const stoodBefore = from !== 'cancelled' && from !== 'void';
  const standsAfter = to !== 'cancelled' && to !== 'void';
  if (!stoodBefore && standsAfter) {
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
  if (stoodBefore !== standsAfter) {
    await tx.update(invoiceVisits).set({ active: standsAfter }).where(eq(invoiceVisits.invoiceId, invoiceId));
  }
  await tx
    .update(invoices)
    .set({
      status: to,
      // A voided paid invoice keeps when it was paid, as it keeps its payments.
      paidAt: to === 'paid' ? sql`coalesce(${invoices.paidAt}, now())` : to === 'void' ? sql`${invoices.paidAt}` : null,
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

/**
 * The workspace's next invoice number, taken under its row's lock, so numbers have no gaps (a
 * failed transaction gives its number back); its tax rate, payment terms and identity come with it.
 */
async function takeInvoiceNumber(tx: Executor, workspaceId: string) {
  const [workspace] = await tx
    .update(workspaces)
    .set({ invoiceSequence: sql`${workspaces.invoiceSequence} + 1` })
    .where(eq(workspaces.id, workspaceId))
    .returning({
      number: sql<string>`${workspaces.invoicePrefix} || to_char(now() at time zone ${workspaces.timeZone}, 'YYYY') || lpad(${workspaces.invoiceSequence}::text, 5, '0')`,
      taxRateBps: workspaces.taxRateBps,
      // Due after the workspace's payment terms, from today where the business is.
      dueByTerms: sql<string>`to_char((now() at time zone ${workspaces.timeZone})::date + ${workspaces.paymentTermsDays}, 'YYYY-MM-DD')`,
      name: workspaces.name,
      address: workspaces.address,
      phone: workspaces.phone,
      email: workspaces.email,
    });
  if (!workspace) throw new Error('the workspace is gone');
  return workspace;
}

/**
 * The approved quote that made one of these visits: its version's tax rate and discount, and its
 * deposit invoice unless another invoice that stands already counts it.
 */
async function quoteOfVisits(tx: Executor, workspaceId: string, visitIds: string[]) {
  if (visitIds.length === 0) return null;
  const [row] = await tx
    .select({
      taxRateBps: quoteVersions.taxRateBps,
      discountKind: quoteVersions.discountKind,
      discountValue: quoteVersions.discountValue,
      depositInvoiceId: sql<string | null>`case when ${quotes.depositInvoiceId} is not null and not exists (
        select 1 from ${invoices} where ${invoices.depositInvoiceId} = ${quotes.depositInvoiceId}
          and ${invoices.status} not in ('cancelled', 'void')) then ${quotes.depositInvoiceId} end`,
    })
    .from(quotes)
    .innerJoin(
      quoteVersions,
      and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.approvedVersion)),
    )
    .where(and(eq(quotes.workspaceId, workspaceId), sql`${quotes.visitIds} && ${sql.param(visitIds)}::uuid[]`))
    .limit(1);
  return row ?? null;
}

/**
 * A quote's deposit invoice, in the approval's transaction: numbered as every invoice, one line
 * ('Deposit for quote Q-0001'), sent (its amounts frozen at once) and untaxed, as the deposit is a
 * share of a total that carries its tax already. Paid by 'Record payment' like any other.
 */
export async function createDepositInvoice(
  tx: Executor,
  input: { workspaceId: string; propertyId: string; amount: number; description: string },
): Promise<string> {
  const workspace = await takeInvoiceNumber(tx, input.workspaceId);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      workspaceId: input.workspaceId,
      invoiceNumber: workspace.number,
      propertyId: input.propertyId,
      dueDate: workspace.dueByTerms,
      status: 'sent',
      subtotal: input.amount,
      taxAmount: 0,
      total: input.amount,
      taxRateBps: 0,
      sellerName: workspace.name,
      sellerAddress: workspace.address,
      sellerPhone: workspace.phone,
      sellerEmail: workspace.email,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice insert returned nothing');
  await tx.insert(invoiceItems).values({
    workspaceId: input.workspaceId,
    invoiceId: invoice.id,
    description: input.description,
    quantity: 1,
    unitPrice: input.amount,
    position: 0,
  });
  return invoice.id;
}

/** `POST /api/invoices`: the invoice, its visits and (unless a draft) its frozen lines, in one transaction. */
export async function createInvoice(
  db: Database,
  member: Member,
  input: z.output<typeof createInvoiceInput>,
): Promise<InvoiceDetailDto> {
  const id = await inTransaction(db, async (tx) => {
    await requireBillable(tx, member, input.propertyId);
    const visitIds = await claimVisits(tx, input.propertyId, input.visitIds, null);
    // The workspace's next number, taken under its row's lock, so numbers have no gaps
    // (a failed transaction gives its number back); its tax rate, payment terms and identity go
    // on the invoice.
    const workspace = await takeInvoiceNumber(tx, member.workspaceId);
    // The job of an approved quote is billed at the quote's tax rate and discount, and counts its
    // deposit as paid (the first invoice of its visits that stands takes it).
    const quote = await quoteOfVisits(tx, member.workspaceId, visitIds);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        workspaceId: member.workspaceId,
        invoiceNumber: workspace.number,
        propertyId: input.propertyId,
        // Left out: by the payment terms; null: no due date.
        dueDate: input.dueDate === undefined ? workspace.dueByTerms : input.dueDate,
        status: 'draft',
        taxRateBps: quote?.taxRateBps ?? workspace.taxRateBps,
        sellerName: workspace.name,
        sellerAddress: workspace.address,
        sellerPhone: workspace.phone,
        sellerEmail: workspace.email,
        depositInvoiceId: quote?.depositInvoiceId ?? null,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('invoice insert returned nothing');
    if (visitIds.length > 0) {
      await tx
        .insert(invoiceVisits)
        .values(visitIds.map((visitId) => ({ invoiceId: invoice.id, visitId, workspaceId: member.workspaceId })));
    }
    await writeExtras(tx, member, invoice.id, {
      ...input,
      discount: input.discount ?? (quote ? discountOf(quote) : null),
    });
    await requireTotalsFit(tx, member, invoice.id, input.items.length > 0 ? 'items' : 'visitIds');
    // Created paid: its balance is recorded as paid today, as 'Mark as Paid' does.
    if (input.status === 'paid')
      await settle(tx, member, { id: invoice.id, propertyId: input.propertyId, status: 'draft', amountPaid: 0 }, {});
    else await changeStatus(tx, member, invoice.id, 'draft', input.status);
    return invoice.id;
  });
  return getInvoice(db, member, id);
}

/**
 * The invoice, locked for the change (a second change or payment waits for this one to end), as
 * an owner or manager sees it (404 otherwise), with what has been paid on it so far.
 */
export async function lockInvoice(tx: Executor, member: Member, id: string) {
  const row = await requireRecord(tx, member, 'invoice', id, {
    columns: { id: invoices.id, propertyId: invoices.propertyId, status: invoices.status },
    lock: 'update',
  });
  return { ...row, amountPaid: await paidOn(tx, id) };
}

export type LockedInvoice = Awaited<ReturnType<typeof lockInvoice>>;

/** What has been paid on the invoice (less refunds; unapplied payments count nothing), in cents. */
export async function paidOn(tx: Executor, id: string): Promise<number> {
  const [paid] = await tx.select({ amount: amountPaidSql }).from(invoices).where(eq(invoices.id, id));
  return centsOf(paid?.amount ?? '0');
}

/**
 * Every amount the invoice shows must fit numeric(12,2) and be an exact JavaScript integer. Checked
 * in the transaction that wrote its visits and lines, so a sum past the cap is a 400 on `field` and
 * nothing is stored (the subtotal is compared in SQL, where numeric does not overflow).
 */
async function requireTotalsFit(tx: Executor, member: Member, id: string, field: string) {
  const [row] = await tx
    .select({
      fits: sql<boolean>`(${subtotalSql}) * 100 <= ${MAX_CENTS}`,
      subtotal: subtotalSql,
      taxRateBps: invoices.taxRateBps,
      discountKind: invoices.discountKind,
      discountValue: invoices.discountValue,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  // The refusal names the cap in the business's currency ('$999,999,999.99' for a US business).
  const tooLarge = async () => {
    const message = INVOICE_MESSAGES.totalTooLarge(amountCap(formatsFor(await localityOf(tx, member))));
    return badRequest(message, { [field]: message });
  };
  if (!row.fits) throw await tooLarge();
  const figures = amounts(centsOf(row.subtotal), row.taxRateBps, discountOf(row));
  if (Object.values(figures).some((value) => !Number.isSafeInteger(value) || value > MAX_CENTS)) throw await tooLarge();
}

/** The invoice's total now (live for a draft, frozen after), in cents. */
export async function totalOf(tx: Executor, id: string): Promise<number> {
  const [row] = await tx
    .select({
      subtotal: subtotalSql,
      taxRateBps: invoices.taxRateBps,
      discountKind: invoices.discountKind,
      discountValue: invoices.discountValue,
    })
    .from(invoices)
    .where(eq(invoices.id, id));
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return amounts(centsOf(row.subtotal), row.taxRateBps, discountOf(row)).total;
}

type PaymentDetails = { paidAt?: string | null; method?: PaymentMethod; reference?: string | null };

/**
 * Records `amount` (cents) against the locked invoice: never more than its balance due
 * (409). A draft is frozen by its first payment (its amounts can no longer move under the money
 * received) and becomes sent; once the balance is 0 it is paid (paid_at now).
 */
async function pay(
  tx: Executor,
  member: Member,
  invoice: LockedInvoice,
  amount: number | 'balance',
  details: PaymentDetails,
) {
  policy.invoice.requireChange(invoice, 'pay');
  let status = invoice.status;
  const balance = (await totalOf(tx, invoice.id)) - invoice.amountPaid;
  const paying = amount === 'balance' ? balance : amount;
  // Paid means its payments cover it: an invoice with nothing to pay and nothing paid is not 'paid'.
  if (amount === 'balance' && balance <= 0 && invoice.amountPaid === 0) throw conflict(INVOICE_MESSAGES.nothingToPay);
  if (paying > balance) {
    if (balance <= 0) throw conflict(INVOICE_MESSAGES.nothingDue);
    throw conflict(INVOICE_MESSAGES.overpaid(formatsFor(await localityOf(tx, member)).money(balance)));
  }
  if (paying > 0) {
    if (status === 'draft') {
      await changeStatus(tx, member, invoice.id, 'draft', 'sent');
      status = 'sent';
    }
    await tx.insert(invoicePayments).values({
      workspaceId: member.workspaceId,
      invoiceId: invoice.id,
      amount: paying,
      // Left out: today where the business is.
      paidAt:
        details.paidAt ??
        sql`(select to_char(now() at time zone ${workspaces.timeZone}, 'YYYY-MM-DD') from ${workspaces} where ${workspaces.id} = ${member.workspaceId})::date`,
      method: details.method ?? 'other',
      reference: details.reference ?? null,
      recordedBy: member.id,
    });
  }
  if (paying === balance) await changeStatus(tx, member, invoice.id, status, 'paid');
}

/** 'Mark as Paid': the whole balance, paid today unless another day is given. */
async function settle(tx: Executor, member: Member, invoice: LockedInvoice, details: PaymentDetails) {
  if (invoice.status === 'cancelled') throw conflict(INVOICE_MESSAGES.cancelledCannotBePaid);
  if (invoice.status === 'paid') return;
  await pay(tx, member, invoice, 'balance', details);
}

/** `PATCH /api/invoices/:id`: visits while it is a draft (spec: drafts recompute), due date and status. */
export async function updateInvoice(
  db: Database,
  member: Member,
  id: string,
  input: z.output<typeof updateInvoiceInput>,
): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, member, id);
    policy.invoice.requireChange(invoice, input.status ? { status: input.status } : 'edit');
    if (input.visitIds) {
      if (invoice.status !== 'draft') throw conflict(INVOICE_MESSAGES.frozen);
      const visitIds = await claimVisits(tx, invoice.propertyId, input.visitIds, id);
      await tx.delete(invoiceVisits).where(eq(invoiceVisits.invoiceId, id));
      if (visitIds.length > 0) {
        await tx
          .insert(invoiceVisits)
          .values(visitIds.map((visitId) => ({ invoiceId: id, visitId, workspaceId: member.workspaceId })));
      }
    }
    if (input.items !== undefined || input.discount !== undefined) {
      if (invoice.status !== 'draft') throw conflict(INVOICE_MESSAGES.itemsFrozen);
      await writeExtras(tx, member, id, input);
    }
    if (input.visitIds || input.items) await requireTotalsFit(tx, member, id, input.items ? 'items' : 'visitIds');
    if (input.dueDate !== undefined)
      await tx.update(invoices).set({ dueDate: input.dueDate }).where(eq(invoices.id, id));
    if (input.status === 'paid') await settle(tx, member, invoice, {});
    else if (input.status) await changeStatus(tx, member, id, invoice.status, input.status);
  });
  return getInvoice(db, member, id);
}

/** spec §4: invoices are really deleted (their lines and visit links go with them). */
export async function removeInvoice(db: Database, member: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Not a paid or void one, nor one with payments (money received stays on record).
    policy.invoice.requireChange(await lockInvoice(tx, member, id), 'delete');
    await tx.delete(invoices).where(eq(invoices.id, id));
  });
}

/**
 * 'Mark as Paid' (spec §4): paid, and paid_at now; by a payment of the whole
 * balance dated today (method 'other' unless given). Already paid: as it is.
 */
export async function markPaid(
  db: Database,
  member: Member,
  id: string,
  details: PaymentDetails = {},
): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => settle(tx, member, await lockInvoice(tx, member, id), details));
  return getInvoice(db, member, id);
}

/** `POST /api/invoices/:id/payments`: a payment, partial or the rest, never more than is due. */
export async function recordPayment(
  db: Database,
  member: Member,
  id: string,
  input: z.output<typeof recordPaymentInput>,
): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => pay(tx, member, await lockInvoice(tx, member, id), input.amount, input));
  return getInvoice(db, member, id);
}

/**
 * `POST /api/invoices/:id/void`: the invoice stays on record as void with the reason,
 * its payments kept; its visits can be billed again; it counts in no totals. A paid invoice can be
 * voided (it is the way out of one); a void one stays void.
 */
export async function voidInvoice(
  db: Database,
  member: Member,
  id: string,
  input: z.output<typeof voidInvoiceInput>,
): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, member, id);
    if (invoice.status === 'void') throw conflict(INVOICE_MESSAGES.alreadyVoid);
    await changeStatus(tx, member, id, invoice.status, 'void');
    await tx
      .update(invoices)
      .set({ voidReason: input.reason, voidedAt: new Date(), voidedBy: member.id })
      .where(eq(invoices.id, id));
  });
  return getInvoice(db, member, id);
}

/** After the e-mail went: a draft becomes sent (and freezes); when and to whom is kept. */
async function recordSent(db: Database, member: Member, id: string, to: string): Promise<InvoiceDetailDto> {
  await inTransaction(db, async (tx) => {
    const invoice = await lockInvoice(tx, member, id);
    if (invoice.status === 'void') throw conflict(INVOICE_MESSAGES.voidLocked);
    if (invoice.status === 'draft') await changeStatus(tx, member, id, 'draft', 'sent', { notifyClient: false });
    await tx.update(invoices).set({ sentAt: new Date(), sentTo: to }).where(eq(invoices.id, id));
  });
  return getInvoice(db, member, id);
}

/**
 * 'Send Invoice': the PDF by e-mail, from the actor (a verified sender, within the
 * sender's limits, never an invoice with no visit), then a draft becomes sent. A mail server's
 * refusal answers 502 with its reason and changes nothing.
 */
export async function sendInvoice(
  deps: MailDeps & { config: Config },
  member: Member,
  id: string,
  to: string,
): Promise<InvoiceDetailDto> {
  const invoice = await getInvoice(deps.db, member, id);
  if (invoice.storedStatus === 'cancelled') throw conflict(INVOICE_MESSAGES.cancelledCannotBeSent);
  if (invoice.storedStatus === 'void') throw conflict(INVOICE_MESSAGES.voidLocked);
  if (invoice.visits.length === 0) throw conflict(IDENTITY_MESSAGES.invoiceWithoutVisits);
  // The PDF and the mail say what the invoice is once sent (never 'Draft').
  const locality = await localityOf(deps.db, member);
  const pdf = await renderInvoicePdf(asSent(invoice), locality);
  try {
    await sendAsPerson(deps, member, 'invoice', {
      to,
      ...invoiceMail(asSent(invoice), locality),
      // From the business; answers go to the person who sent it (sendAsPerson's Reply-To).
      fromName: invoice.seller.name || undefined,
      attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'BAD_GATEWAY',
      INVOICE_MESSAGES.sendFailed(error instanceof Error ? error.message : String(error)),
    );
  }
  return recordSent(deps.db, member, id, to);
}
