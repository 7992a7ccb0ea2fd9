import { listInvoiceMessages } from '../notifications';
import { localityOf } from '../workspaces';
import { Hono, type Context } from 'hono';
import type { $ZodType, output } from 'zod/v4/core';
import {
  billableVisitsQuery,
  INVOICE_MESSAGES,
  invoiceInputsFor,
  type InvoiceInputs,
  listInvoicesQuery,
  markPaidInput,
  recordPaymentInput,
  sendInvoiceInput,
  voidInvoiceInput,
} from '../../../shared/schemas/invoices';
import { inWorkspace } from '../../auth/session';
import { AppError } from '../../errors';
import { DEFAULT_LOCALITY, formatsFor } from '../../../shared/formats';
import { parseBody, parseQuery, parseWith, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { renderInvoicePdf } from './invoice-pdf';
import * as read from './invoice-read';
import * as service from './invoices.service';

const invoiceId = (c: Context) => uuidParam(c, 'id', INVOICE_MESSAGES.notFound);

/**
 * An invoice's create or change, parsed with the API's (en-US) schemas; a refusal is worded with
 * the business's instead (the amount cap in its currency), its locality asked only then.
 */
async function parseInvoiceBody<S extends $ZodType>(
  c: Context<MemberEnv>,
  pick: (inputs: InvoiceInputs) => S,
): Promise<output<S>> {
  const raw: unknown = await c.req.json().catch(() => {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON');
  });
  try {
    return parseWith(pick(invoiceInputsFor(formatsFor(DEFAULT_LOCALITY))), raw);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return parseWith(pick(invoiceInputsFor(formatsFor(await localityOf(c.var.db, c.var.member)))), raw);
  }
}

export const invoicesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await read.listInvoices(c.var.db, c.var.member, parseQuery(c, listInvoicesQuery))))
  .post('/', async (c) =>
    c.json(
      await service.createInvoice(c.var.db, c.var.member, await parseInvoiceBody(c, (inputs) => inputs.create)),
      201,
    ),
  )
  .get('/billable-visits', async (c) =>
    c.json(await read.listBillableVisits(c.var.db, c.var.member, parseQuery(c, billableVisitsQuery))),
  )
  .get('/:id', async (c) => c.json(await read.getInvoice(c.var.db, c.var.member, invoiceId(c))))
  .patch('/:id', async (c) => {
    const id = invoiceId(c);
    const input = await parseInvoiceBody(c, (inputs) => inputs.update);
    return c.json(await service.updateInvoice(c.var.db, c.var.member, id, input));
  })
  .delete('/:id', async (c) => {
    await service.removeInvoice(c.var.db, c.var.member, invoiceId(c));
    return c.body(null, 204);
  })
  .post('/:id/mark-paid', async (c) => {
    const id = invoiceId(c);
    // The spec's button sends no details; a method, day or reference may be given.
    const text = await c.req.text();
    const details = parseWith(markPaidInput, text.trim() === '' ? {} : parseJson(text));
    return c.json(await service.markPaid(c.var.db, c.var.member, id, details));
  })
  .post('/:id/payments', async (c) => {
    const id = invoiceId(c);
    return c.json(await service.recordPayment(c.var.db, c.var.member, id, await parseBody(c, recordPaymentInput)), 201);
  })
  .post('/:id/void', async (c) => {
    const id = invoiceId(c);
    return c.json(await service.voidInvoice(c.var.db, c.var.member, id, await parseBody(c, voidInvoiceInput)));
  })
  // The client's messages about the invoice ('Invoice sent').
  .get('/:id/messages', async (c) => c.json({ items: await listInvoiceMessages(c.var.db, c.var.member, invoiceId(c)) }))
  .get('/:id/pdf', async (c) => {
    const [invoice, locality] = await Promise.all([
      read.getInvoice(c.var.db, c.var.member, invoiceId(c)),
      localityOf(c.var.db, c.var.member),
    ]);
    const pdf = await renderInvoicePdf(invoice, locality);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${invoice.invoiceNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/:id/send', async (c) => {
    const id = invoiceId(c);
    const { to } = await parseBody(c, sendInvoiceInput);
    return c.json(await service.sendInvoice(c.var, c.var.member, id, to));
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body must be JSON');
  }
}
