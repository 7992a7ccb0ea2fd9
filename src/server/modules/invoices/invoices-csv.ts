import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { formatsFor } from '../../../shared/locale';
import { centsToDecimal } from '../../../shared/money';
import { listInvoicesQuery } from '../../../shared/schemas/invoices';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { authorize, policy, type Member } from '../../access';
import { inWorkspace } from '../../auth/session';
import type { Executor } from '../../db/client';
import type { MemberEnv } from '../../types';
import { queryOf } from '../../validate';
import { csvResponse } from '../../csv';
import { localityOf } from '../workspaces';
import { invoiceRowsAfter } from './invoice-read';

// `GET /api/invoices.csv`, the invoice list with its filters as a spreadsheet, for
// owners and managers (a technician 403). Streamed a page at a time (keyset on the list's
// order), so a large workspace never sits in memory; the one CSV writer (src/server/csv.ts)
// quotes per RFC 4180 and escapes what a spreadsheet would take for a formula. For machines, in
// the business's terms: amounts in major units ('12.34'), days and times in ISO 8601 on the
// business's calendar and clock (its offset written out).
const PAGE = 500;

const HEADER = [
  'Invoice number',
  'Property',
  'Status',
  'Due date',
  'Subtotal',
  'Tax',
  'Total',
  'Amount paid',
  'Balance due',
  'Created at',
];

const dollars = (cents: number) => centsToDecimal(cents);

/** The list's rows a page at a time, each page after the last row of the one before (keyset). */
async function* invoiceLines(db: Executor, member: Member, query: z.output<typeof listInvoicesQuery>) {
  const { isoDateTime } = formatsFor(await localityOf(db, member));
  let after: { id: string } | null = null;
  for (;;) {
    const rows = await invoiceRowsAfter(db, member, query, after, PAGE);
    for (const row of rows) {
      yield [
        row.invoiceNumber,
        row.propertyName,
        row.status,
        row.dueDate ?? '',
        dollars(row.subtotal),
        dollars(row.taxAmount),
        dollars(row.total),
        dollars(row.amountPaid),
        dollars(row.balanceDue),
        isoDateTime(row.createdAt),
      ];
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = { id: last.id };
  }
}

/** Owners and managers only (403), before the query is read (400). */
const seesInvoices = createMiddleware<MemberEnv>(async (c, next) => {
  authorize(policy.workspace.can(c.var.member).seeInvoices, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  await next();
});

export const invoicesCsvRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', seesInvoices, queryOf(listInvoicesQuery), (c) =>
    csvResponse('invoices.csv', HEADER, invoiceLines(c.var.db, c.var.member, c.req.valid('query'))),
  );
