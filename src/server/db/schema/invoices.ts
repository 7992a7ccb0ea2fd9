import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISCOUNT_KINDS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  TAX_RATE_BASIS_POINTS,
} from '../../../shared/constants';
import { money, id, createdAt, updatedAt, trigramIndex, oneOf } from './columns';
import { properties } from './catalogue';
import { visits } from './visits';
import { users, workspaceId } from './workspaces';

// Invoices, the visits and lines they bill, their extra lines and payments.

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    workspaceId: workspaceId(),
    /** `{prefix}{year}{sequence}`, unique in its workspace. */
    invoiceNumber: text('invoice_number').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    dueDate: date('due_date', { mode: 'string' }),
    subtotal: money('subtotal').notNull().default(0),
    taxAmount: money('tax_amount').notNull().default(0),
    total: money('total').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When and to whom it was last sent by e-mail. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    /** The workspace's tax rate and identity when the invoice was made: later settings change neither. */
    taxRateBps: integer('tax_rate_bps').notNull().default(TAX_RATE_BASIS_POINTS),
    sellerName: text('seller_name').notNull().default(''),
    sellerAddress: text('seller_address'),
    sellerPhone: text('seller_phone'),
    sellerEmail: text('seller_email'),
    /** Off the subtotal before tax, an amount in cents or a percent in basis points. */
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    discountValue: integer('discount_value'),
    /** The discount in cents (frozen from 'sent' on, as the other amounts). */
    discountAmount: money('discount_amount').notNull().default(0),
    /** A voided invoice stays on record with why, when and by whom. */
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The final invoice of a job made from an approved quote: the quote's deposit invoice, whose
     * payments count as paid on this one (docs/decisions/quotes.md).
     */
    depositInvoiceId: uuid('deposit_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoices_workspace_number_idx').on(table.workspaceId, table.invoiceNumber),
    index('invoices_property_id_idx').on(table.propertyId, table.createdAt),
    index('invoices_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('invoices_status_idx').on(table.status),
    trigramIndex('invoices_number_trgm_idx', table.invoiceNumber),
    index('invoices_voided_by_idx')
      .on(table.voidedBy)
      .where(sql`voided_by is not null`),
    index('invoices_deposit_invoice_idx')
      .on(table.depositInvoiceId)
      .where(sql`deposit_invoice_id is not null`),
    check('invoices_status_check', oneOf('status', INVOICE_STATUSES)),
    check(
      'invoices_amounts_check',
      sql`subtotal >= 0 and tax_amount >= 0 and discount_amount >= 0 and discount_amount <= subtotal and total = subtotal - discount_amount + tax_amount`,
    ),
    check(
      'invoices_discount_check',
      sql`(discount_kind is null and discount_value is null) or (discount_kind = 'amount' and discount_value >= 0) or (discount_kind = 'percent' and discount_value between 0 and 10000)`,
    ),
    check('invoices_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
  ],
);

export const invoiceVisits = pgTable(
  'invoice_visits',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** false while the invoice is cancelled: a cancelled invoice lets its visits go. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoice_visits_invoice_visit_idx').on(table.invoiceId, table.visitId),
    index('invoice_visits_visit_id_idx').on(table.visitId),
    // A visit is on at most one invoice that is not cancelled, whatever races.
    uniqueIndex('invoice_visits_one_active_idx')
      .on(table.visitId)
      .where(sql`active`),
  ],
);

/**
 * The lines of an invoice once it has left draft: a copy of each completed visit task (name,
 * price, the visit's date), so later changes to tasks and prices never change what was sent.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    visitScheduledAt: timestamp('visit_scheduled_at', { withTimezone: true }).notNull(),
    taskName: text('task_name').notNull(),
    price: money('price').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.position),
    index('invoice_lines_visit_id_idx').on(table.visitId),
    check('invoice_lines_price_check', sql`price >= 0`),
  ],
);

/**
 * An invoice's own lines beside its visits' tasks (a part, a call-out fee): a
 * description, a quantity and a unit price. They change with the invoice while it is a draft.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('invoice_items_invoice_idx').on(table.invoiceId, table.position),
    check('invoice_items_quantity_check', sql`quantity between 1 and 10000`),
    check('invoice_items_unit_price_check', sql`unit_price >= 0`),
  ],
);

/**
 * Money received against an invoice, in cents, dated (the day it was paid, as the
 * business records it). The invoice is paid once they (less their refunds) reach its total; they
 * are never more. A payment through a provider names it and its payment id (one row per id,
 * whichever webhook told of it first); one the invoice could not take (already paid or void) is
 * kept `unapplied`, counts for nothing, and is refunded.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'stripe' for a card payment through the provider; null for one recorded by hand. */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    /** The provider's payment id (a Stripe PaymentIntent). */
    providerId: text('provider_id'),
    /** The provider's fee in cents, where it says. */
    fee: money('fee'),
    unapplied: boolean('unapplied').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    // 'Paid this month' sums.
    index('invoice_payments_workspace_paid_idx').on(table.workspaceId, table.paidAt),
    index('invoice_payments_recorded_by_idx').on(table.recordedBy),
    uniqueIndex('invoice_payments_provider_id_idx').on(table.provider, table.providerId),
    check('invoice_payments_amount_check', sql`amount > 0`),
    check('invoice_payments_method_check', oneOf('method', PAYMENT_METHODS)),
    check(
      'invoice_payments_provider_check',
      sql`provider is null or (${oneOf('provider', PAYMENT_PROVIDERS)} and provider_id is not null)`,
    ),
  ],
);

/**
 * A provider's refund of a payment, keyed by the refund's id: made from the invoice or for an
 * unapplied payment, confirmed by the provider's webhook. It names the provider's payment id, not
 * the row, so a refund's event that arrives before its payment's is kept and counts once that
 * payment is recorded. Only 'succeeded' refunds give the balance back.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    workspaceId: workspaceId(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    /** Who asked for it from the invoice; null for one the server made (an unapplied payment). */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payment_refunds_provider_refund_idx').on(table.provider, table.providerRefundId),
    index('payment_refunds_payment_idx').on(table.provider, table.providerPaymentId),
    index('payment_refunds_workspace_idx').on(table.workspaceId),
    index('payment_refunds_requested_by_idx').on(table.requestedBy),
    check('payment_refunds_amount_check', sql`amount > 0`),
    check('payment_refunds_status_check', oneOf('status', REFUND_STATUSES)),
  ],
);

/**
 * Each provider event received, by its id: an event is applied in the transaction that inserts
 * its row, so a repeated delivery (`on conflict do nothing`) changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The connected account it came from (Connect), else null. */
    account: text('account'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_event_idx').on(table.provider, table.eventId)],
);

/**
 * The audit trail of manual payments: each edit or deletion, who made it, when, why, and the
 * payment before and after (after is null for a deletion). Kept when the payment is gone.
 */
export const invoicePaymentChanges = pgTable(
  'invoice_payment_changes',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The payment's id (no reference: the row may have been deleted). */
    paymentId: uuid('payment_id').notNull(),
    action: text('action', { enum: ['edit', 'delete'] }).notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<PaymentSnapshot>().notNull(),
    after: jsonb('after').$type<PaymentSnapshot>(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoice_payment_changes_invoice_idx').on(table.invoiceId, table.changedAt),
    index('invoice_payment_changes_workspace_idx').on(table.workspaceId),
    index('invoice_payment_changes_changed_by_idx').on(table.changedBy),
    check('invoice_payment_changes_action_check', sql`action in ('edit', 'delete')`),
  ],
);

/** A manual payment as the audit trail keeps it. */
export interface PaymentSnapshot {
  amount: number;
  paidAt: string;
  method: string;
  reference: string | null;
}
