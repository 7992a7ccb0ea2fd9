// The dashboard's numbers (`GET /api/dashboard`). Money in integer cents.

export interface CountAndAmount {
  count: number;
  amount: number;
}

/** Owners and managers only: what is waiting to be billed, owed late, and paid this month. */
export interface DashboardMoneyDto {
  /** Completed visits on no invoice that stands. */
  unbilledVisits: number;
  /** Sent invoices past their due date. */
  overdue: CountAndAmount;
  /** Invoices paid since the first of this month (the workspace's time zone). */
  paidThisMonth: CountAndAmount;
}

export interface DashboardDto {
  /** The visits of today in the workspace's time zone (not cancelled): all of them for the office, a technician's own. */
  today: { done: number; total: number };
  /** null for whoever may not see invoices (technicians see their own day instead). */
  money: DashboardMoneyDto | null;
}
