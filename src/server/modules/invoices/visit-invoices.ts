import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VisitInvoiceDto } from '../../../shared/schemas/visits';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { invoices, invoiceVisits, visits } from '../../db/schema';
import { amounts, centsOf, discountOf, shownStatus, subtotalSql } from './invoice-sql';

// The invoices a visit is on, for the visits module (through index.ts).

/** The number of the invoice (not cancelled) a visit the member holds is on, if any. */
export async function activeInvoiceOf(db: Executor, _member: Member, visitId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoiceVisits)
    .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
    .where(and(eq(invoiceVisits.visitId, visitId), eq(invoiceVisits.active, true)))
    .limit(1);
  return row?.invoiceNumber ?? null;
}

/** The invoices the member may see of each of `visitIds`, newest first, with live totals. */
export async function invoicesOfVisits(
  db: Executor,
  member: Member,
  visitIds: string[],
): Promise<(VisitInvoiceDto & { visitId: string })[]> {
  const rows = await db
    .select({
      visitId: invoiceVisits.visitId,
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: shownStatus,
      subtotal: subtotalSql,
      taxRateBps: invoices.taxRateBps,
      discountKind: invoices.discountKind,
      discountValue: invoices.discountValue,
      dueDate: invoices.dueDate,
    })
    .from(invoiceVisits)
    .innerJoin(invoices, eq(invoices.id, invoiceVisits.invoiceId))
    .where(and(inArray(invoiceVisits.visitId, visitIds), policy.invoice.scope(member)))
    .orderBy(desc(invoices.createdAt));
  return rows.map(({ subtotal, taxRateBps, discountKind, discountValue, ...invoice }) => ({
    ...invoice,
    total: amounts(centsOf(subtotal), taxRateBps, discountOf({ discountKind, discountValue })).total,
  }));
}

/** SQL on `visits`: the visit is on no invoice that stands (none, or only cancelled ones): it can still be billed. */
export const notOnAnInvoice = sql`not exists (select 1 from ${invoiceVisits} where ${invoiceVisits.visitId} = ${visits.id} and ${invoiceVisits.active})`;
