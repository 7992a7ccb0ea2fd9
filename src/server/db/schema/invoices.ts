import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, TAX_RATE_BASIS_POINTS } from '../../../shared/constants';
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
 * business records it). The invoice is paid once they reach its total; they are never more.
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
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    // 'Paid this month' sums.
    index('invoice_payments_workspace_paid_idx').on(table.workspaceId, table.paidAt),
    index('invoice_payments_recorded_by_idx').on(table.recordedBy),
    check('invoice_payments_amount_check', sql`amount > 0`),
    check('invoice_payments_method_check', oneOf('method', PAYMENT_METHODS)),
  ],
);
