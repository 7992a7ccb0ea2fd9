import { sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../shared/constants';
import { invoiceAmounts, parseCents, type Discount } from '../../../shared/money';
import { invoiceItems, invoices, invoiceVisits, visitTasks } from '../../db/schema';

// The rules of an invoice's amounts and status (spec §4, §9), as SQL for lists and
// as TypeScript for the rest, in one place.

/**
 * The status as shown: a sent invoice whose due date has passed is 'overdue', computed in the
 * query (no background job). "Today" is the UTC date, the same on every server copy.
 */
export const shownStatus = sql<InvoiceStatus>`(case when ${invoices.status} = 'sent' and ${invoices.dueDate} < (now() at time zone 'UTC')::date then 'overdue' else ${invoices.status} end)`;

/** A draft's subtotal now: the prices of the completed tasks of its visits (spec §9). */
const liveSubtotal = sql`(select coalesce(sum(${visitTasks.price}), 0) from ${invoiceVisits}
  join ${visitTasks} on ${visitTasks.visitId} = ${invoiceVisits.visitId}
  where ${invoiceVisits.invoiceId} = ${invoices.id} and ${visitTasks.status} = 'completed')`;

/** The invoice's extra lines, quantity × unit price. */
const itemsSubtotal = sql`(select coalesce(sum(${invoiceItems.quantity} * ${invoiceItems.unitPrice}), 0) from ${invoiceItems}
  where ${invoiceItems.invoiceId} = ${invoices.id})`;

/** The subtotal as a numeric string: live for a draft (its visits' tasks and its lines), frozen from 'sent' on. */
export const subtotalSql = sql<string>`(case when ${invoices.status} = 'draft' then ${liveSubtotal} + ${itemsSubtotal} else ${invoices.subtotal} end)`;

/** The invoice's discount as stored (kind and value), or null. */
export const discountOf = (row: { discountKind: Discount['kind'] | null; discountValue: number | null }) =>
  row.discountKind && row.discountValue !== null ? { kind: row.discountKind, value: row.discountValue } : null;

/**
 * The discount comes off the subtotal, then tax is the invoice's rate (the workspace's when it was
 * made; spec §9's 8 % by default) of the rest; each rounded half up to the cent (shared/money.ts).
 */
export const amounts = (subtotal: number, taxRateBps: number, discount: Discount | null) =>
  invoiceAmounts(subtotal, taxRateBps, discount);

/** numeric values computed in SQL arrive as strings. */
export const centsOf = (value: string | number) => parseCents(String(value));

// The three below name their tables in full (drizzle leaves table names out of a query on one
// table, where a bare "provider" or "id" inside a subquery would mean the subquery's own column).

/**
 * What the provider has refunded of a payment row (its succeeded refunds), as a numeric string; 0
 * for a payment recorded by hand. Refunds name the provider's payment id, so one recorded before its
 * payment counts as soon as the payment is.
 */
export const refundedSql = sql<string>`(${sql.raw(`select coalesce(sum(payment_refunds.amount), 0) from payment_refunds
  where payment_refunds.provider = "invoice_payments"."provider"
  and payment_refunds.provider_payment_id = "invoice_payments"."provider_id" and payment_refunds.status = 'succeeded'`)})`;

/** What a payment row counts for: nothing when unapplied, else its amount less its refunds. */
export const appliedSql = sql<string>`(case when ${sql.raw('"invoice_payments"."unapplied"')} then 0 else ${sql.raw('"invoice_payments"."amount"')} - ${refundedSql} end)`;

/**
 * What the invoice's payments add up to (less refunds; unapplied ones count nothing), as a numeric
 * string, with what was paid on its deposit invoice (a job's final invoice counts the quote's
 * deposit as paid, once it is).
 */
export const amountPaidSql = sql<string>`(select coalesce(sum(${appliedSql}), 0) from ${sql.raw('invoice_payments')}
  where ${sql.raw('"invoice_payments"."invoice_id" in ("invoices"."id", "invoices"."deposit_invoice_id")')})`;

/** Total − payments; nothing is asked of a cancelled or void invoice. */
export const balanceDue = (status: InvoiceStatus, total: number, amountPaid: number) =>
  status === 'cancelled' || status === 'void' ? 0 : Math.max(total - amountPaid, 0);
