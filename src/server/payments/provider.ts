// One interface for card payments (ARCHITECTURE.md "Outside services"). Rounds never sees card
// details: the client pays on the provider's hosted page, and money is recorded only from the
// provider's verified webhook. Stripe is the first adapter (stripe.ts).

/** Who the money is for: an invoice of a workspace, and the connected account when there is one. */
export interface PaymentTarget {
  invoiceId: string;
  workspaceId: string;
  /** The business's own provider account (Connect); null: the install's account. */
  account: string | null;
}

export interface CheckoutRequest extends PaymentTarget {
  /** In minor units (cents). */
  amount: number;
  /** ISO 4217, upper case ('AUD'). */
  currency: string;
  /** What the client sees on the provider's page ('Invoice INV-202600001'). */
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface RefundRequest {
  /** The provider's id of the payment (a Stripe PaymentIntent). */
  paymentId: string;
  /** In minor units; the whole payment when left out. */
  amount?: number;
  account: string | null;
  /** Makes a repeated request (a retried webhook) one refund at the provider. */
  idempotencyKey: string;
  reason: 'requested_by_customer' | 'duplicate';
  metadata: Record<string, string>;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: RefundStatus;
  /** The workspace its metadata names (Rounds' own refunds carry it). */
  workspaceId?: string | null;
}

/** A card saved for later, off-session charges (the client's consent is recorded by the caller). */
export interface SaveCardRequest {
  customerId: string | null;
  email: string | null;
  name: string;
  account: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface ChargeSavedCardRequest extends PaymentTarget {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

/** A verified provider event, reduced to what Rounds acts on. */
export type PaymentEvent =
  | {
      id: string;
      type: string;
      account: string | null;
      kind: 'payment';
      payment: {
        /** The provider's payment id (a PaymentIntent): one payment row per id, whichever event told of it. */
        providerId: string;
        amount: number;
        currency: string;
        invoiceId: string | null;
        workspaceId: string | null;
        /** The provider's fee in minor units, where the event gives it. */
        fee: number | null;
      };
    }
  | {
      id: string;
      type: string;
      account: string | null;
      kind: 'refund';
      refund: ProviderRefund;
    }
  | { id: string; type: string; account: string | null; kind: 'ignored' };

export interface PaymentProvider {
  readonly name: 'stripe';
  /** Whether workspaces take payments on their own connected accounts. */
  readonly connect: boolean;
  /** A hosted checkout page for `amount`: its id and address. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** A hosted page where the client saves a card (no charge). */
  saveCard(request: SaveCardRequest): Promise<{ id: string; url: string; customerId: string }>;
  /** Charges a saved card without the client present; the webhook records the payment. */
  chargeSavedCard(request: ChargeSavedCardRequest): Promise<{ id: string; status: string }>;
  /**
   * Checks the signature of a webhook's raw body (within the provider's tolerance) and reads the
   * event; throws `InvalidWebhook` when it is not the provider's.
   */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

export class InvalidWebhook extends Error {}

/** A call to the provider failed (network, refusal); the message is the provider's, never a secret. */
export class ProviderError extends Error {}
