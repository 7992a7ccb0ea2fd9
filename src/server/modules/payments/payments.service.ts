import type { PortalClient } from '../../access/member';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { ProviderError, type PaymentEvent, type PaymentProvider } from '../../payments/provider';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { getInvoice, recordProviderPayment, recordProviderRefund, refundUnapplied } from '../invoices';
import { localityOf } from '../workspaces';

// Online payment: the portal's checkout and the provider's webhook (docs/decisions/payments.md).

/**
 * `POST /api/portal/invoices/{id}/checkout`: a hosted checkout page for the balance due of one of
 * the client's invoices (404 otherwise). The session names the invoice (`client_reference_id` and
 * `metadata`); the return to `success_url` proves nothing: only the webhook records the money.
 */
export async function createCheckout(
  deps: { db: Database; config: Config; payments: PaymentProvider | null },
  client: PortalClient,
  invoiceId: string,
): Promise<{ url: string }> {
  const invoice = await getInvoice(deps.db, client, invoiceId);
  const provider = deps.payments;
  if (!provider) throw conflict(INVOICE_MESSAGES.onlinePaymentOff);
  // Connect onboarding is not built yet: no workspace has an account to be paid on.
  if (provider.connect) throw conflict(INVOICE_MESSAGES.connectNotSet);
  if (!['sent', 'overdue'].includes(invoice.status) || invoice.balanceDue <= 0) {
    throw conflict(INVOICE_MESSAGES.notPayableOnline);
  }
  const locality = await localityOf(deps.db, client);
  const portal = `${deps.config.publicUrl}/portal/invoices`;
  try {
    const session = await provider.createCheckout({
      invoiceId: invoice.id,
      workspaceId: client.workspaceId,
      account: null,
      amount: invoice.balanceDue,
      currency: locality.currency,
      description: `Invoice ${invoice.invoiceNumber}${invoice.seller.name ? ` from ${invoice.seller.name}` : ''}`,
      customerEmail: invoice.billTo.client ? invoice.recipient : null,
      successUrl: `${portal}?paid=${invoice.id}`,
      cancelUrl: portal,
    });
    return { url: session.url };
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError('BAD_GATEWAY', INVOICE_MESSAGES.checkoutFailed(error.message));
    throw error;
  }
}

/**
 * Applies a verified provider event once: its id is inserted with `on conflict do nothing` in the
 * transaction of its effect, so a second delivery (or a concurrent one) finds it and changes
 * nothing. After it, an unapplied payment it names is refunded (again on every delivery until a
 * refund covers it, so a failed refund is retried when the provider redelivers).
 */
export async function applyEvent(db: Database, provider: PaymentProvider, event: PaymentEvent): Promise<void> {
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, account: event.account })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!fresh) return;
    if (event.kind === 'payment') {
      await recordProviderPayment(tx, { provider: provider.name, ...event.payment });
    } else if (event.kind === 'refund') {
      await recordProviderRefund(
        tx,
        { provider: provider.name, ...event.refund },
        { workspaceId: event.refund.workspaceId ?? null },
      );
    }
  });
  if (event.kind === 'payment') await refundUnapplied(db, provider, event.payment.providerId);
}
