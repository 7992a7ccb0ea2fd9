// The public surface of modules/invoices: other parts of the server import only this file (eslint.config.js zones).
export { invoicesRoutes } from './invoices.routes';
export { invoiceFigures } from './invoice-figures';
export { activeInvoiceOf, invoicesOfVisits, notOnAnInvoice } from './visit-invoices';
export { invoicesCsvRoutes } from './invoices-csv';
export { getInvoice, listInvoices } from './invoice-read';
export { renderInvoicePdf } from './invoice-pdf';
export { createDepositInvoice } from './invoices.service';
export { recordProviderPayment, recordProviderRefund, refundUnapplied } from './provider-payments';
