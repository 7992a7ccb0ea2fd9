import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatsFor, type Formats, type Locality } from '../../../shared/locale';
import { discountLabel, formatPercent } from '../../../shared/money';
import { placeLine } from '../../../shared/place';
import type { InvoiceDetailDto } from '../../../shared/schemas/invoices';
import { pdfmake } from '../../pdf';

// A real PDF of an invoice, made on the server with pdfmake (src/server/pdf.ts: its
// fonts embedded, no URL access). Its dates and amounts are the business's (shared/locale.ts).

/** A calendar day ('2026-12-11', a due or paid day) or an instant (on the business's calendar), numerically. */
export const invoiceDay = (formats: Formats, value: string) =>
  value.length === 10 ? formats.shortDay(value) : formats.shortDate(value);
const STATUS_WORDS: Record<InvoiceDetailDto['status'], string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
  void: 'Void',
};

export function invoiceDocument(invoice: InvoiceDetailDto, formats: Formats): TDocumentDefinitions {
  const day = (value: string) => invoiceDay(formats, value);
  const money = formats.money;
  const place = placeLine(invoice.property);
  const lines: Content = {
    table: {
      headerRows: 1,
      widths: ['auto', '*', 'auto'],
      body: [
        [
          { text: 'Visit', bold: true },
          { text: 'Task', bold: true },
          { text: 'Price', bold: true, alignment: 'right' },
        ],
        ...(invoice.lines.length === 0 && invoice.items.length === 0
          ? [[{ text: 'No completed tasks', colSpan: 3, italics: true }, '', '']]
          : invoice.lines.map((line) => [
              day(line.visitScheduledAt),
              line.taskName,
              { text: money(line.price), alignment: 'right' as const },
            ])),
        // The invoice's own lines, after the visits' tasks.
        ...invoice.items.map((item) => [
          '',
          item.quantity === 1 ? item.description : `${item.description} (${item.quantity} × ${money(item.unitPrice)})`,
          { text: money(item.amount), alignment: 'right' as const },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 16, 0, 8],
  };
  const amount = (label: string, cents: number, bold = false) => ({
    columns: [
      { text: label, width: '*', alignment: 'right' as const, bold },
      { text: money(cents), width: 100, alignment: 'right' as const, bold },
    ],
    margin: [0, 2, 0, 2] as [number, number, number, number],
  });

  return {
    info: { title: `Invoice ${invoice.invoiceNumber}`, creator: 'Rounds' },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      {
        columns: [
          [
            { text: 'INVOICE', fontSize: 22, bold: true },
            { text: invoice.invoiceNumber, fontSize: 14 },
          ],
          // Who it is from, the business as it was when the invoice was made.
          [
            { text: invoice.seller.name, bold: true, alignment: 'right' as const },
            ...[invoice.seller.address, invoice.seller.phone, invoice.seller.email]
              .filter((line): line is string => Boolean(line))
              .map((line) => ({ text: line, alignment: 'right' as const })),
          ],
        ],
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          [
            // Who pays (the client and its billing address, else the property), then where.
            ...(invoice.billTo.client
              ? [
                  { text: 'Bill to', bold: true },
                  invoice.billTo.name,
                  ...(invoice.billTo.address ? [invoice.billTo.address] : []),
                  { text: 'Property', bold: true, margin: [0, 6, 0, 0] as [number, number, number, number] },
                ]
              : [{ text: 'Bill to', bold: true }]),
            invoice.property.name,
            invoice.property.address,
            ...(place ? [place] : []),
          ],
          [
            { text: `Status: ${STATUS_WORDS[invoice.status]}`, alignment: 'right' },
            { text: `Issued: ${day(invoice.createdAt)}`, alignment: 'right' },
            { text: `Due: ${invoice.dueDate ? day(invoice.dueDate) : 'on receipt'}`, alignment: 'right' },
            ...(invoice.paidAt ? [{ text: `Paid: ${day(invoice.paidAt)}`, alignment: 'right' as const }] : []),
          ],
        ],
      },
      lines,
      amount('Subtotal', invoice.subtotal),
      ...(invoice.discount ? [amount(discountLabel(invoice.discount), -invoice.discountAmount)] : []),
      amount(`Tax (${formatPercent(invoice.taxRateBps)})`, invoice.taxAmount),
      amount('Total', invoice.total, true),
      // What has been paid, and what is left.
      ...(invoice.amountPaid > 0
        ? [amount('Amount paid', -invoice.amountPaid), amount('Balance due', invoice.balanceDue, true)]
        : []),
    ],
  };
}

/** The invoice as PDF bytes, in the business's locale, currency and time zone. */
export async function renderInvoicePdf(invoice: InvoiceDetailDto, locality: Locality): Promise<Buffer> {
  return pdfmake.createPdf(invoiceDocument(invoice, formatsFor(locality))).getBuffer();
}
