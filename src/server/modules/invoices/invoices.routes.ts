import { Hono, type Context } from 'hono';
import {
  billableVisitsQuery,
  createInvoiceInput,
  INVOICE_MESSAGES,
  listInvoicesQuery,
  sendInvoiceInput,
  updateInvoiceInput,
} from '../../../shared/schemas/invoices';
import { signedIn } from '../../auth/session';
import { conflict } from '../../errors';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { renderInvoicePdf } from './invoice-pdf';
import * as service from './invoices.service';

const invoiceId = (c: Context) => uuidParam(c, 'id', INVOICE_MESSAGES.notFound);

export const invoicesRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await service.listInvoices(c.var.db, c.var.user, parseQuery(c, listInvoicesQuery))))
  .post('/', async (c) =>
    c.json(await service.createInvoice(c.var.db, c.var.user, await parseBody(c, createInvoiceInput)), 201),
  )
  .get('/billable-visits', async (c) =>
    c.json(await service.listBillableVisits(c.var.db, c.var.user, parseQuery(c, billableVisitsQuery))),
  )
  .get('/:id', async (c) => c.json(await service.getInvoice(c.var.db, c.var.user, invoiceId(c))))
  .patch('/:id', async (c) => {
    const id = invoiceId(c);
    return c.json(await service.updateInvoice(c.var.db, c.var.user, id, await parseBody(c, updateInvoiceInput)));
  })
  .delete('/:id', async (c) => {
    await service.removeInvoice(c.var.db, c.var.user, invoiceId(c));
    return c.body(null, 204);
  })
  .post('/:id/mark-paid', async (c) => c.json(await service.markPaid(c.var.db, c.var.user, invoiceId(c))))
  .get('/:id/pdf', async (c) => {
    const invoice = await service.getInvoice(c.var.db, c.var.user, invoiceId(c));
    const pdf = await renderInvoicePdf(invoice);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${invoice.invoiceNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/:id/send', async (c) => {
    const id = invoiceId(c);
    const { to } = await parseBody(c, sendInvoiceInput);
    const invoice = await service.getInvoice(c.var.db, c.var.user, id);
    if (invoice.storedStatus === 'cancelled') throw conflict(INVOICE_MESSAGES.cancelledCannotBeSent);
    const pdf = await renderInvoicePdf(invoice);
    try {
      await c.var.mailer.send({
        to,
        subject: `Invoice ${invoice.invoiceNumber} for ${invoice.property.name}`,
        text: service.invoiceMailText(invoice, `${c.var.config.publicUrl}/resources/invoices/${id}`),
        attachments: [{ filename: `${invoice.invoiceNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
    } catch (error) {
      throw service.sendFailed(error instanceof Error ? error.message : String(error));
    }
    return c.json(await service.recordSent(c.var.db, c.var.user, id, to));
  });
