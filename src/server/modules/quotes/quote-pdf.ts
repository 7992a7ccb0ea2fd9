import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatsFor, type Locality } from '../../../shared/locale';
import { discountLabel, formatPercent } from '../../../shared/money';
import { optionAmounts, type QuoteDto } from '../../../shared/schemas/quotes';
import { pdfmake } from '../../pdf';

// A quote as PDF (pdfmake, like the invoice: fonts embedded, no URL access). Before approval it
// shows every option side by side in turn, add-ons marked; once approved, what was approved: the
// chosen option's lines (the ticked add-ons among them), its amounts and deposit, the terms, and
// the signer's name, the time and the signature.

type Margin = [number, number, number, number];

export function quoteDocument(
  quote: QuoteDto,
  business: string,
  locality: Locality,
  signature: Buffer | null,
): TDocumentDefinitions {
  const formats = formatsFor(locality);
  const money = formats.money;
  const approved = quote.approval ? quote.options.find((option) => option.id === quote.approvedOptionId) : undefined;
  const amount = (label: string, cents: number, bold = false) => ({
    columns: [
      { text: label, width: '*', alignment: 'right' as const, bold },
      { text: money(cents), width: 100, alignment: 'right' as const, bold },
    ],
    margin: [0, 2, 0, 2] as Margin,
  });
  const linesTable = (lines: QuoteDto['options'][number]['lines']): Content => ({
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        [
          { text: 'Description', bold: true },
          { text: 'Qty', bold: true, alignment: 'right' },
          { text: 'Unit price', bold: true, alignment: 'right' },
          { text: 'Amount', bold: true, alignment: 'right' },
        ],
        ...lines.map((line) => [
          line.optional ? `${line.description} (add-on)` : line.description,
          { text: String(line.quantity), alignment: 'right' as const },
          { text: money(line.unitPrice), alignment: 'right' as const },
          { text: money(line.amount), alignment: 'right' as const },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 6, 0, 6] as Margin,
  });
  const body: Content[] = [];
  if (approved) {
    const ticked = new Set(quote.approvedLineIds);
    const lines = approved.lines.filter((line) => !line.optional || ticked.has(line.id));
    const figures = optionAmounts(
      approved.lines,
      quote.approvedLineIds,
      quote.taxRateBps,
      quote.discount,
      quote.deposit,
    );
    body.push(
      { text: `Approved: ${approved.name}`, fontSize: 14, bold: true, margin: [0, 12, 0, 0] as Margin },
      linesTable(lines),
      amount('Subtotal', figures.subtotal),
      ...(quote.discount ? [amount(discountLabel(quote.discount), -figures.discountAmount)] : []),
      amount(`Tax (${formatPercent(quote.taxRateBps)})`, figures.taxAmount),
      amount('Total', figures.total, true),
      ...(figures.depositAmount > 0 ? [amount('Deposit', figures.depositAmount)] : []),
    );
  } else {
    for (const option of quote.options) {
      body.push(
        {
          text: `${option.name}${option.recommended ? ' (recommended)' : ''}`,
          fontSize: 14,
          bold: true,
          margin: [0, 12, 0, 0] as Margin,
        },
        linesTable(option.lines),
        ...(option.discountAmount > 0 ? [amount(discountLabel(quote.discount!), -option.discountAmount)] : []),
        amount(`Tax (${formatPercent(quote.taxRateBps)})`, option.taxAmount),
        amount('Total without add-ons', option.total, true),
      );
    }
  }
  return {
    info: { title: `Quote ${quote.number}`, creator: 'Rounds' },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content: [
      {
        columns: [
          [
            { text: 'QUOTE', fontSize: 22, bold: true },
            { text: `${quote.number} (version ${quote.approval?.version ?? quote.version})`, fontSize: 14 },
          ],
          [
            { text: business, bold: true, alignment: 'right' as const },
            { text: `Valid until: ${formats.shortDay(quote.validUntil)}`, alignment: 'right' as const },
          ],
        ],
        margin: [0, 0, 0, 12] as Margin,
      },
      { text: quote.title, fontSize: 13, bold: true },
      { text: `For ${quote.client.name}, ${quote.property.name}, ${quote.property.address}` },
      ...(quote.message ? [{ text: quote.message, margin: [0, 6, 0, 0] as Margin }] : []),
      ...body,
      { text: 'Terms', bold: true, margin: [0, 14, 0, 2] as Margin },
      { text: quote.terms || 'None' },
      ...(quote.approval
        ? [
            { text: 'Signed', bold: true, margin: [0, 14, 0, 2] as Margin },
            { text: `${quote.approval.signerName}, ${formats.shortDate(quote.approval.signedAt)}` },
            ...(signature ? [{ image: `data:image/png;base64,${signature.toString('base64')}`, width: 160 }] : []),
          ]
        : []),
    ],
  };
}

export async function renderQuotePdf(
  quote: QuoteDto,
  business: string,
  locality: Locality,
  signature: Buffer | null,
): Promise<Buffer> {
  return pdfmake.createPdf(quoteDocument(quote, business, locality, signature)).getBuffer();
}
