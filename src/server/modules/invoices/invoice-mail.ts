import type { InvoiceDetailDto } from '../../../shared/schemas/invoices';
import { formatsFor, type Locality } from '../../../shared/locale';
import { discountLabel, formatPercent } from '../../../shared/money';
import { invoiceDay } from './invoice-pdf';

// The e-mail an invoice goes out in. From the business (its name as the sender's, the
// person who sent it as Reply-To), in HTML and plain text alike: who it is from, the number, the
// amount due and when, with the PDF attached. No link: the customer has no account to open it with.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The amount the customer is asked for: what is left to pay. */
const amountDue = (invoice: InvoiceDetailDto) => invoice.balanceDue;

export function invoiceMail(
  invoice: InvoiceDetailDto,
  locality: Locality,
): { subject: string; text: string; html: string } {
  const formats = formatsFor(locality);
  const money = formats.money;
  const seller = invoice.seller.name || 'Rounds';
  // The same day as the PDF attached writes it.
  const due = invoice.dueDate ? `Due by ${invoiceDay(formats, invoice.dueDate)}` : 'Due on receipt';
  const sellerLines = [invoice.seller.name, invoice.seller.address, invoice.seller.phone, invoice.seller.email].filter(
    (line): line is string => Boolean(line),
  );
  const amounts: [string, string][] = [
    ['Subtotal', money(invoice.subtotal)],
    ...(invoice.discount
      ? [[discountLabel(invoice.discount), money(-invoice.discountAmount)] as [string, string]]
      : []),
    [`Tax (${formatPercent(invoice.taxRateBps)})`, money(invoice.taxAmount)],
    ['Total', money(invoice.total)],
    ...(invoice.amountPaid > 0 ? [['Amount paid', money(invoice.amountPaid)] as [string, string]] : []),
    ['Amount due', money(amountDue(invoice))],
  ];
  const billedTo = invoice.billTo.client ? ` to ${invoice.billTo.name}` : '';
  const intro = `Invoice ${invoice.invoiceNumber} from ${seller}${billedTo} for ${invoice.property.name}, ${invoice.property.address}.`;
  const text = [
    intro,
    '',
    ...amounts.map(([label, value]) => `${label}: ${value}`),
    due,
    '',
    'The invoice is attached as a PDF. Reply to this e-mail with any question about it.',
    '',
    ...sellerLines,
  ].join('\n');
  const rows = amounts
    .map(
      ([label, value], index) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="text-align:right${
          index === amounts.length - 1 ? ';font-weight:bold' : ''
        }">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${escapeHtml(locality.locale)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;font-size:15px;line-height:1.45">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(seller)}</h1>
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;margin:8px 0">${rows}</table>
<p><strong>${escapeHtml(due)}</strong></p>
<p>The invoice is attached as a PDF. Reply to this e-mail with any question about it.</p>
<p style="color:#555;font-size:13px">${sellerLines.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject: `Invoice ${invoice.invoiceNumber} from ${seller} for ${invoice.property.name}`, text, html };
}

/** The invoice as it stands once sent: a draft goes out as sent, never stamped 'Draft'. */
export const asSent = (invoice: InvoiceDetailDto): InvoiceDetailDto =>
  invoice.status === 'draft' ? { ...invoice, status: 'sent', storedStatus: 'sent' } : invoice;
