// The public surface of modules/invoices: other parts of the server import only this file (eslint.config.js zones).
export { invoicesRoutes } from './invoices.routes';
export { activeInvoiceOf, invoicesOfVisits } from './visit-invoices';
