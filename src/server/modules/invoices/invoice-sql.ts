import { sql } from 'drizzle-orm';
import type { InvoiceStatus } from '../../../shared/constants';
import { invoiceAmounts, parseCents } from '../../../shared/money';
import { invoices, invoiceVisits, visitTasks } from '../../db/schema';

// The rules of an invoice's amounts and status (spec §4, §9; issue 14), as SQL for lists and
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

/** The subtotal as a numeric string: live for a draft, frozen from 'sent' on. */
export const subtotalSql = sql<string>`(case when ${invoices.status} = 'draft' then ${liveSubtotal} else ${invoices.subtotal} end)`;

/**
 * Tax is the invoice's rate (the workspace's when it was made; spec §9's 8 % by default) of the
 * subtotal, rounded half up to the cent; the total adds them.
 */
export const amounts = (subtotal: number, taxRateBps: number) => invoiceAmounts(subtotal, taxRateBps);

/** numeric values computed in SQL arrive as strings. */
export const centsOf = (value: string | number) => parseCents(String(value));
