import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatsFor } from '../../../shared/formats';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import { aRow, countUpTo, toPage } from '../../db/sql';
import type {
  deletePaymentInput,
  InvoiceDetailDto,
  PaymentChangeDto,
  updatePaymentInput,
} from '../../../shared/schemas/invoices';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { invoicePaymentChanges, invoicePayments, users, type PaymentSnapshot } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { localityOf } from '../workspaces';
import { getInvoice } from './invoice-read';
import { lockInvoice, paidOn, totalOf } from './invoices.service';
import { followPayments } from './provider-payments';

// Correcting a payment recorded by hand (owners): edited or deleted, each change kept with who, when,
// why and the payment before and after; the balance and status follow. A provider's payment is
// changed only by refunds.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The locked invoice's manual payment, for an owner: 404 / 403 / 409 otherwise. */
async function manualPayment(tx: Executor, member: Member, invoiceId: string, paymentId: string) {
  const invoice = await lockInvoice(tx, member, invoiceId);
  authorize(policy.invoice.correctsPayments(member), WORKSPACE_MESSAGES.ownersOnly);
  const [payment] = UUID.test(paymentId)
    ? await tx
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
        .for('update')
    : [];
  if (!payment) throw notFound(INVOICE_MESSAGES.paymentNotFound);
  if (payment.provider) throw conflict(INVOICE_MESSAGES.providerPaymentFixed);
  if (invoice.status === 'void') throw conflict(INVOICE_MESSAGES.voidLocked);
  return { invoice, payment };
}

const snapshot = (payment: PaymentSnapshot): PaymentSnapshot => ({
  amount: payment.amount,
  paidAt: payment.paidAt,
  method: payment.method,
  reference: payment.reference,
});

/** `PATCH /api/invoices/:id/payments/:paymentId`: never more than the invoice's total in all. */
export async function updatePayment(
  db: Database,
  member: Member,
  invoiceId: string,
  paymentId: string,
  input: z.output<typeof updatePaymentInput>,
): Promise<InvoiceDetailDto> {
  await db.transaction(async (tx) => {
    const { payment } = await manualPayment(tx, member, invoiceId, paymentId);
    const before = snapshot(payment);
    const after: PaymentSnapshot = {
      amount: input.amount ?? before.amount,
      paidAt: input.paidAt ?? before.paidAt,
      method: input.method ?? before.method,
      reference: input.reference === undefined ? before.reference : input.reference,
    };
    const others = (await paidOn(tx, invoiceId)) - before.amount;
    const room = (await totalOf(tx, invoiceId)) - others;
    if (after.amount > room) {
      throw conflict(INVOICE_MESSAGES.overpaid(formatsFor(await localityOf(tx, member)).money(Math.max(room, 0))));
    }
    await tx
      .update(invoicePayments)
      .set({
        amount: after.amount,
        paidAt: after.paidAt,
        method: after.method as typeof payment.method,
        reference: after.reference,
      })
      .where(eq(invoicePayments.id, paymentId));
    await tx.insert(invoicePaymentChanges).values({
      workspaceId: member.workspaceId,
      invoiceId,
      paymentId,
      action: 'edit',
      reason: input.reason,
      before,
      after,
      changedBy: member.id,
    });
    await followPayments(tx, invoiceId);
  });
  return getInvoice(db, member, invoiceId);
}

/** `DELETE /api/invoices/:id/payments/:paymentId`: the payment goes; its record of why stays. */
export async function removePayment(
  db: Database,
  member: Member,
  invoiceId: string,
  paymentId: string,
  input: z.output<typeof deletePaymentInput>,
): Promise<InvoiceDetailDto> {
  await db.transaction(async (tx) => {
    const { payment } = await manualPayment(tx, member, invoiceId, paymentId);
    await tx.delete(invoicePayments).where(eq(invoicePayments.id, paymentId));
    await tx.insert(invoicePaymentChanges).values({
      workspaceId: member.workspaceId,
      invoiceId,
      paymentId,
      action: 'delete',
      reason: input.reason,
      before: snapshot(payment),
      after: null,
      changedBy: member.id,
    });
    await followPayments(tx, invoiceId);
  });
  return getInvoice(db, member, invoiceId);
}

/** `GET /api/invoices/:id/payment-changes`: the audit trail of its manual payments, oldest first. */
export async function listPaymentChanges(
  db: Database,
  member: Member,
  invoiceId: string,
  page: PageQuery,
): Promise<Page<PaymentChangeDto>> {
  await requireRecord(db, member, 'invoice', invoiceId);
  const where = and(
    eq(invoicePaymentChanges.invoiceId, invoiceId),
    eq(invoicePaymentChanges.workspaceId, member.workspaceId),
  );
  const rows = await db
    .select({
      id: invoicePaymentChanges.id,
      paymentId: invoicePaymentChanges.paymentId,
      action: invoicePaymentChanges.action,
      reason: invoicePaymentChanges.reason,
      before: invoicePaymentChanges.before,
      after: invoicePaymentChanges.after,
      changedByName: users.name,
      changedAt: invoicePaymentChanges.changedAt,
    })
    .from(invoicePaymentChanges)
    .leftJoin(users, eq(users.id, invoicePaymentChanges.changedBy))
    .where(where)
    .orderBy(asc(invoicePaymentChanges.changedAt), asc(invoicePaymentChanges.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(
    rows,
    page,
    () => countUpTo(db, db.select(aRow).from(invoicePaymentChanges).where(where)),
    (row) => ({ ...row, changedAt: row.changedAt.toISOString() }),
  );
}
