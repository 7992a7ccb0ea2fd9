import { and, gte, lt, sql } from 'drizzle-orm';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { visits } from '../../db/schema';
import { startOfToday, startOfTomorrow } from '../../db/workspace-time';
import { invoiceFigures, notOnAnInvoice } from '../invoices';

// The dashboard's numbers. The visits the member may see (access/policy.ts: every visit for
// the office, a technician's own), counted in one statement; the money only for whoever may see
// invoices, from the invoices module.

/**
 * `GET /api/dashboard`: today's visits in the workspace's zone (done of total, not cancelled), and
 * the money (completed visits on no invoice, overdue, paid this month; cents) only for whoever may
 * see invoices, else null.
 */
export async function getDashboard(db: Executor, member: Member) {
  const money = policy.workspace.can(member).seeInvoices;
  const today = and(
    gte(visits.scheduledAt, startOfToday(member.workspaceId)),
    lt(visits.scheduledAt, startOfTomorrow(member.workspaceId)),
    sql`${visits.status} <> 'cancelled'`,
  );
  const [row] = await db
    .select({
      total: sql<number>`cast(count(*) filter (where ${today}) as integer)`,
      done: sql<number>`cast(count(*) filter (where ${today} and ${visits.status} = 'completed') as integer)`,
      unbilled: money
        ? sql<number>`cast(count(*) filter (where ${visits.status} = 'completed' and ${notOnAnInvoice}) as integer)`
        : sql<number>`0`,
    })
    .from(visits)
    .where(policy.visit.scope(member));
  return {
    today: { done: row?.done ?? 0, total: row?.total ?? 0 },
    money: money ? { unbilledVisits: row?.unbilled ?? 0, ...(await invoiceFigures(db, member)) } : null,
  };
}
