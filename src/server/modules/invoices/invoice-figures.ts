import { and, eq, gte, sql } from 'drizzle-orm';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { invoices } from '../../db/schema';
import { startOfMonth } from '../../db/workspace-time';
import { amountPaidSql, centsOf, shownStatus } from './invoice-sql';

// The dashboard's money, for the dashboard module (through index.ts). One statement.

/** Overdue invoices (count and what they still ask) and what was paid this month, in the workspace's zone. */
export async function invoiceFigures(db: Executor, member: Member) {
  const paidThisMonth = and(eq(invoices.status, 'paid'), gte(invoices.paidAt, startOfMonth(member.workspaceId)));
  const [row] = await db
    .select({
      overdueCount: sql<number>`cast(count(*) filter (where ${shownStatus} = 'overdue') as integer)`,
      // What they still ask: the total less what has been paid on each.
      overdueAmount: sql<string>`coalesce(sum(${invoices.total} - ${amountPaidSql}) filter (where ${shownStatus} = 'overdue'), 0)`,
      paidCount: sql<number>`cast(count(*) filter (where ${paidThisMonth}) as integer)`,
      paidAmount: sql<string>`coalesce(sum(${invoices.total}) filter (where ${paidThisMonth}), 0)`,
    })
    .from(invoices)
    .where(policy.invoice.scope(member));
  return {
    overdue: { count: row?.overdueCount ?? 0, amount: centsOf(row?.overdueAmount ?? '0') },
    paidThisMonth: { count: row?.paidCount ?? 0, amount: centsOf(row?.paidAmount ?? '0') },
  };
}
