import Stripe from 'stripe';
import type { Config } from '../config';
import {
  InvalidWebhook,
  ProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
  type RefundStatus,
} from './provider';

// The Stripe adapter, on the official SDK. STRIPE_API_URL points the SDK at another host (the tests'
// fake, or stripe-mock); by default it talks to api.stripe.com. Webhook signatures are checked by
// the SDK with a 5-minute tolerance.

/** Seconds a webhook's signed timestamp may be off (Stripe's default, stated). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type StripeSettings = NonNullable<Config['stripe']>;

/** The SDK's host, port and protocol from a base URL ('http://127.0.0.1:12111'). */
export function sdkAddress(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null =>
  str(value) ?? (value && typeof value === 'object' ? str((value as Loose).id) : null);
const metadataOf = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

const REFUND_STATUSES: readonly RefundStatus[] = ['pending', 'succeeded', 'failed', 'canceled'];
const refundStatus = (value: unknown): RefundStatus =>
  REFUND_STATUSES.includes(value as RefundStatus) ? (value as RefundStatus) : 'pending';

/** A Stripe Refund object, as Rounds keeps it. */
function toRefund(object: Loose): ProviderRefund | null {
  const id = str(object.id);
  const paymentId = idOf(object.payment_intent);
  const amount = num(object.amount);
  if (!id || !paymentId || amount === null) return null;
  const workspaceId = str(metadataOf(object.metadata).workspaceId);
  return { id, paymentId, amount, status: refundStatus(object.status), workspaceId };
}

/** Reads a verified event: what Rounds acts on, or 'ignored'. */
export function readStripeEvent(event: {
  id: string;
  type: string;
  account?: string | null;
  data: { object: unknown };
}): PaymentEvent {
  const base = { id: event.id, type: event.type, account: event.account ?? null };
  const object = metadataOf(event.data.object);
  switch (event.type) {
    // A Checkout Session paid now (card) or later (async methods): one payment, keyed by its PaymentIntent.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const providerId = idOf(object.payment_intent);
      const amount = num(object.amount_total);
      if (object.payment_status !== 'paid' || !providerId || amount === null) return { ...base, kind: 'ignored' };
      const metadata = metadataOf(object.metadata);
      return {
        ...base,
        kind: 'payment',
        payment: {
          providerId,
          amount,
          currency: String(object.currency ?? '').toUpperCase(),
          invoiceId: str(metadata.invoiceId) ?? str(object.client_reference_id),
          workspaceId: str(metadata.workspaceId),
          fee: null,
        },
      };
    }
    // The same payment told by its PaymentIntent (also an off-session charge of a saved card).
    case 'payment_intent.succeeded': {
      const providerId = str(object.id);
      const amount = num(object.amount_received) ?? num(object.amount);
      if (!providerId || amount === null) return { ...base, kind: 'ignored' };
      const metadata = metadataOf(object.metadata);
      const charge = metadataOf(object.latest_charge);
      const fee = num(metadataOf(charge.balance_transaction).fee);
      return {
        ...base,
        kind: 'payment',
        payment: {
          providerId,
          amount,
          currency: String(object.currency ?? '').toUpperCase(),
          invoiceId: str(metadata.invoiceId),
          workspaceId: str(metadata.workspaceId),
          fee,
        },
      };
    }
    // A refund made, settled or failed: keyed by the refund's id.
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = toRefund(object);
      return refund ? { ...base, kind: 'refund', refund } : { ...base, kind: 'ignored' };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...sdkAddress(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Rounds' },
  });
  const on = (account: string | null) => (account ? { stripeAccount: account } : {});
  /** The SDK's error, as a message that names no secret. */
  const failed = (error: unknown): never => {
    const message = error instanceof Stripe.errors.StripeError ? error.message : 'the payment provider did not answer';
    throw new ProviderError(message);
  };

  return {
    name: 'stripe',
    connect: settings.connect,

    async createCheckout(request) {
      const metadata = { invoiceId: request.invoiceId, workspaceId: request.workspaceId };
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            client_reference_id: request.invoiceId,
            metadata,
            // The PaymentIntent carries the invoice too, so its own event names it.
            payment_intent_data: { metadata, description: request.description },
            customer_email: request.customerEmail ?? undefined,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amount,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          on(request.account),
        )
        .catch(failed);
      if (!session.url) throw new ProviderError('the payment provider gave no checkout page');
      return { id: session.id, url: session.url };
    },

    async refund(request) {
      const refund = await stripe.refunds
        .create(
          {
            payment_intent: request.paymentId,
            amount: request.amount,
            reason: request.reason,
            metadata: request.metadata,
          },
          { ...on(request.account), idempotencyKey: request.idempotencyKey },
        )
        .catch(failed);
      const read = toRefund(refund as unknown as Loose);
      if (!read) throw new ProviderError('the payment provider answered an unreadable refund');
      return read;
    },

    async saveCard(request) {
      const customerId =
        request.customerId ??
        (
          await stripe.customers
            .create(
              { email: request.email ?? undefined, name: request.name, metadata: request.metadata },
              on(request.account),
            )
            .catch(failed)
        ).id;
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'setup',
            customer: customerId,
            metadata: request.metadata,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          on(request.account),
        )
        .catch(failed);
      if (!session.url) throw new ProviderError('the payment provider gave no page to save a card');
      return { id: session.id, url: session.url, customerId };
    },

    async chargeSavedCard(request) {
      const metadata = { invoiceId: request.invoiceId, workspaceId: request.workspaceId };
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata,
          },
          { ...on(request.account), idempotencyKey: request.idempotencyKey },
        )
        .catch(failed);
      return { id: intent.id, status: intent.status };
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new InvalidWebhook('No Stripe-Signature header');
      let event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new InvalidWebhook('The webhook signature does not match');
      }
      return readStripeEvent(event as unknown as Parameters<typeof readStripeEvent>[0]);
    },
  };
}
