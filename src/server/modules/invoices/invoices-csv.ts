import { Hono } from 'hono';
import type { z } from 'zod';
import { centsToDecimal } from '../../../shared/money';
import { listInvoicesQuery } from '../../../shared/schemas/invoices';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { authorize, policy, type Member } from '../../access';
import { inWorkspace } from '../../auth/session';
import type { Executor } from '../../db/client';
import { parseQuery } from '../../http';
import type { MemberEnv } from '../../types';
import { invoiceRowsAfter } from './invoices.service';

// Issue 26: `GET /api/invoices.csv`, the invoice list with its filters as a spreadsheet, for
// owners and managers (a technician 403). Streamed a page at a time (keyset on the list's
// order), so a large workspace never sits in memory. RFC 4180 quoting; a value that a
// spreadsheet would take for a formula is escaped.
//
// `csvLine` is local on purpose: the clients export's helper (src/server/csv.ts) is being written
// on another branch; on merge this file switches to it.

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

/** One field: a leading = + - @ (or tab, carriage return) gets a single quote; quoted when it must be (RFC 4180). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

const dollars = (cents: number) => centsToDecimal(cents);

/** The export as a stream of CSV text: the header, then the list's rows a page at a time. */
export function invoicesCsv(db: Executor, member: Member, query: z.output<typeof listInvoicesQuery>) {
  const encoder = new TextEncoder();
  let after: { id: string } | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(HEADER)));
        return;
      }
      if (done) return;
      const rows = await invoiceRowsAfter(db, member, query, after, PAGE);
      const text = rows
        .map((row) =>
          csvLine([
            row.invoiceNumber,
            row.propertyName,
            row.status,
            row.dueDate ?? '',
            dollars(row.subtotal),
            dollars(row.taxAmount),
            dollars(row.total),
            dollars(row.amountPaid),
            dollars(row.balanceDue),
            row.createdAt,
          ]),
        )
        .join('');
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) {
        done = true;
        controller.close();
      } else {
        after = { id: last.id };
      }
    },
  });
}

export const invoicesCsvRoutes = new Hono<MemberEnv>().use(inWorkspace).get('/', (c) => {
  authorize(policy.workspace.can(c.var.member).seeInvoices, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const query = parseQuery(c, listInvoicesQuery);
  return c.body(invoicesCsv(c.var.db, c.var.member, query), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="invoices.csv"',
    'Cache-Control': 'private, no-store',
  });
});
