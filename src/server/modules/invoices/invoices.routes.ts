import { listInvoiceMessages } from '../notifications';
import { localityOf } from '../workspaces';
import { Hono, type Context } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import {
  billableVisitsQuery,
  createInvoiceInput,
  deletePaymentInput,
  INVOICE_MESSAGES,
  invoiceInputsFor,
  type InvoiceInputs,
  listInvoicesQuery,
  markPaidInput,
  recordPaymentInput,
  refundPaymentInput,
  sendInvoiceInput,
  updateInvoiceInput,
  updatePaymentInput,
  voidInvoiceInput,
} from '../../../shared/schemas/invoices';
import { pageQuery } from '../../../shared/schemas/common';
import { formatsFor } from '../../../shared/formats';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import { renderInvoicePdf } from './invoice-pdf';
import * as read from './invoice-read';
import * as service from './invoices.service';
import * as corrections from './payment-corrections';
import { refundPayment } from './provider-payments';

const invoiceId = (c: Context) => uuidParam(c, 'id', INVOICE_MESSAGES.notFound);

/** The invoice's id, checked before a body is read (404 before 400). */
const invoiceIdParam = uuidParams({ id: INVOICE_MESSAGES.notFound });
const paymentIdParams = uuidParams({ id: INVOICE_MESSAGES.notFound, paymentId: INVOICE_MESSAGES.paymentNotFound });
const paymentId = (c: Context) => uuidParam(c, 'paymentId', INVOICE_MESSAGES.paymentNotFound);

/**
 * An invoice is parsed with the API's (en-US) schema; a refusal is worded in the business's terms
 * instead (the amount cap in its currency), its locality asked only then.
 */
const inBusinessTerms =
  (pick: (inputs: InvoiceInputs) => $ZodType) =>
  async (c: Context<MemberEnv>): Promise<$ZodType> =>
    pick(invoiceInputsFor(formatsFor(await localityOf(c.var.db, c.var.member))));

export const invoicesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listInvoicesQuery), async (c) =>
    c.json(await read.listInvoices(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(createInvoiceInput, { refusedAs: inBusinessTerms((inputs) => inputs.create) }), async (c) =>
    c.json(await service.createInvoice(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/billable-visits', queryOf(billableVisitsQuery), async (c) =>
    c.json(await read.listBillableVisits(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .get('/:id', async (c) => c.json(await read.getInvoice(c.var.db, c.var.member, invoiceId(c))))
  .patch(
    '/:id',
    invoiceIdParam,
    jsonBody(updateInvoiceInput, { refusedAs: inBusinessTerms((inputs) => inputs.update) }),
    async (c) =>
      c.json(await service.updateInvoice(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removeInvoice(c.var.db, c.var.member, invoiceId(c));
    return c.body(null, 204);
  })
  // The spec's button sends no details (an empty body); a method, day or reference may be given.
  .post('/:id/mark-paid', invoiceIdParam, jsonBody(markPaidInput, { whenEmpty: {} }), async (c) =>
    c.json(await service.markPaid(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/payments', invoiceIdParam, jsonBody(recordPaymentInput), async (c) =>
    c.json(await service.recordPayment(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  // Correcting a payment recorded by hand (owners), with why; kept in the payment's audit trail.
  .patch('/:id/payments/:paymentId', paymentIdParams, jsonBody(updatePaymentInput), async (c) =>
    c.json(await corrections.updatePayment(c.var.db, c.var.member, invoiceId(c), paymentId(c), c.req.valid('json'))),
  )
  .delete('/:id/payments/:paymentId', paymentIdParams, jsonBody(deletePaymentInput), async (c) =>
    c.json(await corrections.removePayment(c.var.db, c.var.member, invoiceId(c), paymentId(c), c.req.valid('json'))),
  )
  // A card payment refunded through the provider (owners); its webhook confirms it.
  .post(
    '/:id/payments/:paymentId/refund',
    paymentIdParams,
    jsonBody(refundPaymentInput, { whenEmpty: {} }),
    async (c) =>
      c.json(
        await refundPayment(c.var.db, c.var.payments, c.var.member, invoiceId(c), paymentId(c), c.req.valid('json')),
      ),
  )
  .get('/:id/payment-changes', queryOf(pageQuery), async (c) =>
    c.json(await corrections.listPaymentChanges(c.var.db, c.var.member, invoiceId(c), c.req.valid('query'))),
  )
  .post('/:id/void', invoiceIdParam, jsonBody(voidInvoiceInput), async (c) =>
    c.json(await service.voidInvoice(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
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
  .post('/:id/send', invoiceIdParam, jsonBody(sendInvoiceInput), async (c) =>
    c.json(await service.sendInvoice(c.var, c.var.member, c.req.valid('param').id, c.req.valid('json').to)),
  );
