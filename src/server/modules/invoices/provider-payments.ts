import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentProviderName, RefundStatusName } from '../../../shared/constants';
import { formatsFor } from '../../../shared/formats';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import type { InvoiceDetailDto, RefundPaymentInput } from '../../../shared/schemas/invoices';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import { invoicePayments, invoices, paymentRefunds, workspaces } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { ProviderError, type PaymentProvider } from '../../payments/provider';
import { notifyStaff, officeOf } from '../notifications';
import { localityOf } from '../workspaces';
import { getInvoice } from './invoice-read';
import { centsOf } from './invoice-sql';
import { lockInvoice, paidOn, totalOf } from './invoices.service';

// Money that arrives through the payment provider: recorded only from its verified webhooks (the
// payments module verifies them), once per provider payment id and once per refund id, so events in
// any order and any number of times leave the same rows. An invoice's status follows what its
// payments, less their refunds, add up to.

export interface ProviderPayment {
  provider: PaymentProviderName;
  providerId: string;
  amount: number;
  invoiceId: string | null;
  workspaceId: string | null;
  fee: number | null;
}

export interface ProviderRefundRow {
  provider: PaymentProviderName;
  id: string;
  paymentId: string;
  amount: number;
  status: RefundStatusName;
}

const PAYABLE = ['sent', 'overdue'];

/**
 * The locked invoice's status from its payments: a sent (or overdue) one that they cover is paid; a
 * paid one they no longer cover (a refund, a corrected payment) is sent again. Nothing else moves:
 * a void or cancelled invoice stays as it is, and a draft never has payments.
 */
export async function followPayments(tx: Executor, invoiceId: string): Promise<void> {
  const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return;
  const [total, paid] = await Promise.all([totalOf(tx, invoiceId), paidOn(tx, invoiceId)]);
  if (PAYABLE.includes(row.status) && total > 0 && paid >= total) {
    await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: sql`coalesce(${invoices.paidAt}, now())` })
      .where(eq(invoices.id, invoiceId));
  } else if (row.status === 'paid' && paid < total) {
    await tx.update(invoices).set({ status: 'sent', paidAt: null }).where(eq(invoices.id, invoiceId));
  }
}

/** The invoice a provider names, locked, when it is in the named workspace. */
async function lockNamed(tx: Executor, invoiceId: string, workspaceId: string) {
  const [row] = await tx
    .select({ id: invoices.id, status: invoices.status, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.workspaceId, workspaceId)))
    .for('update');
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's payment, recorded once (by its payment id). An invoice that cannot take it (already
 * paid, void or cancelled, or owing less than it) gets it as `unapplied`: it counts for nothing, the
 * office is told, and the caller refunds it (`refundUnapplied`). Null when it names no invoice of
 * ours.
 */
export async function recordProviderPayment(
  tx: Executor,
  payment: ProviderPayment,
): Promise<{ id: string; unapplied: boolean } | null> {
  if (!payment.invoiceId || !payment.workspaceId || !UUID.test(payment.invoiceId) || !UUID.test(payment.workspaceId))
    return null;
  const invoice = await lockNamed(tx, payment.invoiceId, payment.workspaceId);
  if (!invoice) return null;
  const balance = (await totalOf(tx, invoice.id)) - (await paidOn(tx, invoice.id));
  const unapplied = !PAYABLE.includes(invoice.status) || payment.amount > balance;
  const [inserted] = await tx
    .insert(invoicePayments)
    .values({
      workspaceId: payment.workspaceId,
      invoiceId: invoice.id,
      amount: payment.amount,
      // The day it arrived, where the business is.
      paidAt: sql`(select to_char(now() at time zone ${workspaces.timeZone}, 'YYYY-MM-DD') from ${workspaces} where ${workspaces.id} = ${payment.workspaceId})::date`,
      method: 'card',
      provider: payment.provider,
      providerId: payment.providerId,
      fee: payment.fee,
      unapplied,
    })
    .onConflictDoNothing({ target: [invoicePayments.provider, invoicePayments.providerId] })
    .returning({ id: invoicePayments.id, unapplied: invoicePayments.unapplied });
  if (!inserted) {
    // Told before (by the session's event or the payment's own): the fee may come with the later one.
    const [known] = await tx
      .update(invoicePayments)
      .set({
        fee: sql`coalesce(${invoicePayments.fee}, ${payment.fee === null ? null : centsToNumeric(payment.fee)}::numeric)`,
      })
      .where(and(eq(invoicePayments.provider, payment.provider), eq(invoicePayments.providerId, payment.providerId)))
      .returning({ id: invoicePayments.id, unapplied: invoicePayments.unapplied });
    return known ?? null;
  }
  if (unapplied) {
    const locality = await localityOf(tx, { workspaceId: payment.workspaceId });
    const money = formatsFor(locality).money(payment.amount);
    await notifyStaff(tx, await officeOf(tx, payment.workspaceId), {
      workspaceId: payment.workspaceId,
      kind: 'payment_unapplied',
      text: `A card payment of ${money} arrived for invoice ${invoice.invoiceNumber}, which ${
        invoice.status === 'paid'
          ? 'was already paid'
          : invoice.status === 'void'
            ? 'is void'
            : invoice.status === 'cancelled'
              ? 'is cancelled'
              : 'owed less'
      }. It was not applied and is being refunded.`,
    });
  } else {
    await followPayments(tx, invoice.id);
  }
  return inserted;
}

const centsToNumeric = (cents: number) => (cents / 100).toFixed(2);

/**
 * A provider's refund, recorded by its id: a new one is added, a pending one takes its final
 * state (succeeded, failed, canceled); a final state is never undone by a late event. The invoice
 * of its payment, when known, follows (a refund gives the balance back once it succeeded).
 */
export async function recordProviderRefund(
  tx: Executor,
  refund: ProviderRefundRow,
  context: { workspaceId?: string | null; requestedBy?: string | null } = {},
): Promise<void> {
  const [payment] = await tx
    .select({ invoiceId: invoicePayments.invoiceId, workspaceId: invoicePayments.workspaceId })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.provider, refund.provider), eq(invoicePayments.providerId, refund.paymentId)));
  const workspaceId = payment?.workspaceId ?? context.workspaceId;
  if (!workspaceId || !UUID.test(workspaceId)) return;
  if (payment)
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update');
  await tx
    .insert(paymentRefunds)
    .values({
      workspaceId,
      provider: refund.provider,
      providerRefundId: refund.id,
      providerPaymentId: refund.paymentId,
      amount: refund.amount,
      status: refund.status,
      requestedBy: context.requestedBy ?? null,
    })
    .onConflictDoUpdate({
      target: [paymentRefunds.provider, paymentRefunds.providerRefundId],
      set: { status: refund.status, updatedAt: new Date() },
      setWhere: sql`${paymentRefunds.status} = 'pending' and ${sql.raw('excluded.status')} <> 'pending'`,
    });
  if (payment) await followPayments(tx, payment.invoiceId);
}

/** Refunds asked for and not failed, of one provider payment, in cents. */
async function askedOf(tx: Executor, provider: string, providerId: string): Promise<number> {
  const [row] = await tx
    .select({ amount: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.provider, provider as PaymentProviderName),
        eq(paymentRefunds.providerPaymentId, providerId),
        inArray(paymentRefunds.status, ['pending', 'succeeded']),
      ),
    );
  return centsOf(row?.amount ?? '0');
}

/**
 * Gives back an unapplied payment: whatever of it no refund covers yet. Safe to repeat (a webhook
 * delivered again): the provider's idempotency key names the payment and what was already asked.
 */
export async function refundUnapplied(db: Database, provider: PaymentProvider, providerId: string): Promise<void> {
  const [payment] = await db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.provider, provider.name),
        eq(invoicePayments.providerId, providerId),
        eq(invoicePayments.unapplied, true),
      ),
    );
  if (!payment) return;
  const asked = await askedOf(db, provider.name, providerId);
  if (asked >= payment.amount) return;
  const refund = await provider.refund({
    paymentId: providerId,
    amount: payment.amount - asked,
    account: null,
    idempotencyKey: `rounds-unapplied-${payment.id}-${asked}`,
    reason: 'duplicate',
    metadata: { invoiceId: payment.invoiceId, workspaceId: payment.workspaceId, paymentId: payment.id },
  });
  await db.transaction((tx) =>
    recordProviderRefund(tx, { provider: provider.name, ...refund }, { workspaceId: payment.workspaceId }),
  );
}

/** A payment of the locked invoice (404 otherwise). */
async function paymentOf(tx: Executor, invoiceId: string, paymentId: string) {
  const [payment] = UUID.test(paymentId)
    ? await tx
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId)))
        .for('update')
    : [];
  if (!payment) throw notFound(INVOICE_MESSAGES.paymentNotFound);
  return payment;
}

/**
 * `POST /api/invoices/:id/payments/:paymentId/refund` (owners): refunds a card payment in full or in
 * part through the provider. The refund is kept as the provider answers (usually pending); its
 * webhook confirms it, and then the balance due returns. The invoice stays locked while the provider
 * is asked, so two refunds at once cannot exceed the payment.
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider | null,
  member: Member,
  invoiceId: string,
  paymentId: string,
  input: RefundPaymentInput,
): Promise<InvoiceDetailDto> {
  await db.transaction(async (tx) => {
    await lockInvoice(tx, member, invoiceId);
    authorize(policy.invoice.correctsPayments(member), WORKSPACE_MESSAGES.ownersOnly);
    const payment = await paymentOf(tx, invoiceId, paymentId);
    if (!payment.provider || !payment.providerId) throw conflict(INVOICE_MESSAGES.manualPaymentNoRefund);
    if (payment.unapplied) throw conflict(INVOICE_MESSAGES.unappliedRefundedAutomatically);
    if (!provider || provider.name !== payment.provider) throw conflict(INVOICE_MESSAGES.onlinePaymentOff);
    const refundable = payment.amount - (await askedOf(tx, payment.provider, payment.providerId));
    if (refundable <= 0) throw conflict(INVOICE_MESSAGES.nothingToRefund);
    const amount = input.amount ?? refundable;
    if (amount > refundable) {
      throw conflict(INVOICE_MESSAGES.refundTooLarge(formatsFor(await localityOf(tx, member)).money(refundable)));
    }
    let refund;
    try {
      refund = await provider.refund({
        paymentId: payment.providerId,
        amount,
        account: null,
        idempotencyKey: `rounds-refund-${randomUUID()}`,
        reason: 'requested_by_customer',
        metadata: { invoiceId, workspaceId: member.workspaceId, paymentId: payment.id },
      });
    } catch (error) {
      if (error instanceof ProviderError)
        throw new AppError('BAD_GATEWAY', INVOICE_MESSAGES.refundFailed(error.message));
      throw error;
    }
    await recordProviderRefund(
      tx,
      { provider: payment.provider, ...refund },
      { workspaceId: member.workspaceId, requestedBy: member.id },
    );
  });
  return getInvoice(db, member, invoiceId);
}
