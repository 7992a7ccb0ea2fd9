// spec §8: the invoices messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/invoices.ts uses and re-exports them.

export const INVOICE_MESSAGES = {
  propertyRequired: 'Please select a property',
  notFound: 'Invoice not found',
  saveFailed: 'Failed to save invoice',
  markPaidFailed: 'Failed to mark invoice as paid',
  markPaidAlert: (message: string) => `Error marking invoice as paid: ${message}`,
  loadVisitsFailed: 'Failed to load visits for this property',
  deleteError: (message: string) => `Error deleting invoice: ${message}`,
  notBillable: 'Only completed visits of this property can be billed',
  onAnotherInvoice: (invoiceNumber: string) => `This visit is already on invoice ${invoiceNumber}`,
  visitOnInvoice: (invoiceNumber: string) =>
    `This visit is on invoice ${invoiceNumber}; remove it from the invoice (or cancel the invoice) first`,
  visitOnInvoiceCannotMove: (invoiceNumber: string) =>
    `This visit is on invoice ${invoiceNumber} and cannot move to another property`,
  frozen: 'The visits of an invoice that has been sent can no longer change',
  cancelledCannotBePaid: 'A cancelled invoice cannot be marked as paid',
  cancelledCannotBeSent: 'A cancelled invoice cannot be sent',
  recipientInvalid: 'Please enter the e-mail address to send the invoice to',
  sendFailed: (reason: string) => `The invoice could not be sent: ${reason}`,
  sent: (to: string) => `Invoice sent to ${to}`,
  itemDescriptionRequired: 'Please describe the line',
  itemDescriptionTooLong: 'A line’s description is at most 200 characters',
  itemQuantityInvalid: 'Quantity must be a whole number from 1 to 10000',
  tooManyItems: 'At most 50 extra lines on one invoice',
  discountPercentInvalid: 'A percent discount is from 0 to 100 %',
  itemsFrozen: 'The lines of an invoice that has been sent can no longer change',
} as const;
