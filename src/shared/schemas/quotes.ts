import { z } from 'zod';
import { QUOTE_STATUSES, type QuoteStatus } from '../constants';
import { invoiceAmounts, percentOf, type Discount } from '../money';
import { inStorableYears, pageQuery } from './common';
import { discountInput } from './invoices';
import { cents, MAX_CENTS } from './money';
import type { PropertySummary } from './summaries';

// Quotes (docs/decisions/quotes.md, docs/api.md "Quotes"): the office's inputs and answers, the
// portal's, and the one rule for an option's amounts, shared by the server and the pages.

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found',
  clientRequired: 'Please choose a client',
  propertyRequired: 'Please choose a property',
  propertyNotClients: "This property is not the client's",
  titleRequired: 'Title is required',
  optionsRequired: 'A quote needs at least one option',
  tooManyOptions: 'At most 5 options',
  optionNameRequired: 'Option name is required',
  linesRequired: 'An option needs at least one line',
  tooManyLines: 'At most 100 lines in an option',
  lineDescriptionRequired: 'Description is required',
  quantityInvalid: 'Quantity must be a whole number from 1 to 10000',
  oneRecommended: 'At most one option is recommended',
  taskNotFound: 'Catalogue task not found',
  depositPercentInvalid: 'Deposit percent must be from 0 to 100 %',
  validUntilInvalid: 'Valid until must be a date such as 2030-06-15',
  amountTooLarge: 'The amounts of this quote are too large',
  noRecipient: 'Please enter an e-mail address',
  cannotChange: (status: string) => `A quote that is ${status} cannot change`,
  cannotSend: (status: string) => `A quote that is ${status} cannot be sent`,
  nothingNewToSend: 'This version was sent already; edit the quote to make a new one',
  cannotCancel: (status: string) => `A quote that is ${status} cannot be cancelled`,
  /** An approval of a version that is no longer the one sent. */
  updated: 'This quote was updated. Open the current version to approve it.',
  hashMismatch: 'What you approved is not what the quote says now. Reload the quote and sign again.',
  expired: 'This quote has expired. Ask the business to renew it.',
  notOpen: (status: string) => `This quote is ${status} and can no longer be approved or declined`,
  notSent: 'This quote has not been sent yet',
  optionNotFound: 'Please choose one of the options',
  optionalLineNotFound: 'Please choose add-ons of the chosen option',
  signerRequired: 'Please type your name',
  signatureRequired: 'Please sign',
  sendFailed: (reason: string) => `The quote could not be sent: ${reason}`,
  mailSubject: (business: string, number: string) => `${business}: quote ${number}`,
  approvedText: (number: string, client: string, total: string) => `${client} approved quote ${number} (${total})`,
  declinedText: (number: string, client: string) => `${client} declined quote ${number}`,
} as const;

export const quoteStatus = z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` });

const calendarDate = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && inStorableYears(date);
    }, message);

export const quoteLineInput = z
  .object({
    taskId: z.uuid(QUOTE_MESSAGES.taskNotFound).nullish(),
    description: z
      .string({ error: QUOTE_MESSAGES.lineDescriptionRequired })
      .trim()
      .min(1, QUOTE_MESSAGES.lineDescriptionRequired)
      .max(200, 'Description must be at most 200 characters'),
    quantity: z
      .number({ error: QUOTE_MESSAGES.quantityInvalid })
      .int(QUOTE_MESSAGES.quantityInvalid)
      .min(1, QUOTE_MESSAGES.quantityInvalid)
      .max(10000, QUOTE_MESSAGES.quantityInvalid),
    unitPrice: cents,
    optional: z.boolean().default(false),
  })
  .refine((line) => line.quantity * line.unitPrice <= MAX_CENTS, {
    message: QUOTE_MESSAGES.amountTooLarge,
    path: ['unitPrice'],
  });

export const quoteOptionInput = z.object({
  name: z
    .string({ error: QUOTE_MESSAGES.optionNameRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.optionNameRequired)
    .max(100, 'Option name must be at most 100 characters'),
  recommended: z.boolean().default(false),
  lines: z
    .array(quoteLineInput, QUOTE_MESSAGES.linesRequired)
    .min(1, QUOTE_MESSAGES.linesRequired)
    .max(100, QUOTE_MESSAGES.tooManyLines),
});

/**
 * A deposit: a percent of the approved total (25 = 25 %, at most two decimals), or an amount in
 * cents; null: none. The percent is a true percent on the wire, unlike the invoice discount's basis
 * points, because the field is named `percent`: a tool that sends 2500 is refused, not billed 0.25 %.
 */
export const depositInput = z
  .union([
    z.strictObject({
      percent: z
        .number({ error: QUOTE_MESSAGES.depositPercentInvalid })
        .min(0, QUOTE_MESSAGES.depositPercentInvalid)
        .max(100, QUOTE_MESSAGES.depositPercentInvalid)
        .refine(
          (percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6),
          QUOTE_MESSAGES.depositPercentInvalid,
        ),
    }),
    z.strictObject({ amount: cents }),
  ])
  .nullable();
export type DepositInput = z.output<typeof depositInput>;

/** A recurring plan: the quote becomes a series (the series engine's rule) instead of a one-off visit. */
export const quotePlanInput = z
  .object({
    startsAt: z.iso.datetime({ offset: true, error: 'Plan start must be a date and time' }),
    timeZone: z.string().trim().min(1).max(100),
    rrule: z.string().trim().min(1).max(500),
  })
  .nullable();

const options = z
  .array(quoteOptionInput, QUOTE_MESSAGES.optionsRequired)
  .min(1, QUOTE_MESSAGES.optionsRequired)
  .max(5, QUOTE_MESSAGES.tooManyOptions)
  .refine((list) => list.filter((option) => option.recommended).length <= 1, QUOTE_MESSAGES.oneRecommended);

const content = {
  title: z
    .string({ error: QUOTE_MESSAGES.titleRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.titleRequired)
    .max(200, 'Title must be at most 200 characters'),
  message: z.string().trim().max(5000, 'Message must be at most 5000 characters'),
  terms: z.string().trim().max(20000, 'Terms must be at most 20000 characters'),
  validUntil: calendarDate(QUOTE_MESSAGES.validUntilInvalid),
  deposit: depositInput,
  discount: discountInput,
  options,
  /** A one-off job's visit time (ISO 8601); null: the next working day at 09:00. */
  jobAt: z.iso.datetime({ offset: true, error: 'Job date must be a date and time' }).nullable(),
  plan: quotePlanInput,
};

/** `POST /api/quotes`. Terms and valid until default to the workspace's. */
export const createQuoteInput = z.object({
  clientId: z.uuid(QUOTE_MESSAGES.clientRequired),
  propertyId: z.uuid(QUOTE_MESSAGES.propertyRequired),
  title: content.title,
  message: content.message.default(''),
  terms: content.terms.optional(),
  validUntil: content.validUntil.optional(),
  deposit: content.deposit.default(null),
  discount: content.discount.default(null),
  options: content.options,
  jobAt: content.jobAt.default(null),
  plan: content.plan.default(null),
});

/** `PATCH /api/quotes/{id}`: edits a draft, or makes the next version of a sent quote. */
export const updateQuoteInput = z.object({
  title: content.title.optional(),
  message: content.message.optional(),
  terms: content.terms.optional(),
  validUntil: content.validUntil.optional(),
  deposit: content.deposit.optional(),
  discount: content.discount.optional(),
  options: content.options.optional(),
  jobAt: content.jobAt.optional(),
  plan: content.plan.optional(),
});

export const sendQuoteInput = z.object({
  to: z.email(QUOTE_MESSAGES.noRecipient).max(320),
});

export const declineQuoteInput = z.object({
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters').nullish(),
});

/** The approval's fields, as the multipart form sends them (files apart). */
export const approveQuoteFields = z.object({
  optionId: z.uuid(QUOTE_MESSAGES.optionNotFound),
  optionalLineIds: z.array(z.uuid(QUOTE_MESSAGES.optionalLineNotFound)).max(100).default([]),
  signerName: z
    .string({ error: QUOTE_MESSAGES.signerRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.signerRequired)
    .max(200, 'Name must be at most 200 characters'),
  contentHash: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, QUOTE_MESSAGES.hashMismatch),
});
export type ApproveQuoteFields = z.output<typeof approveQuoteFields>;

export const listQuotesQuery = pageQuery.extend({
  status: quoteStatus.optional(),
  q: z.string().trim().max(200).optional(),
  clientId: z.uuid().optional(),
});

export const portalQuoteQuery = z.object({
  version: z.coerce.number().int().min(1).max(100000).optional(),
});

// ── the amounts ──

export interface QuoteLineDto {
  id: string;
  taskId: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  /** quantity × unitPrice */
  amount: number;
  optional: boolean;
}

export interface QuoteOptionDto {
  id: string;
  name: string;
  recommended: boolean;
  /** The option's amounts without its add-ons (the add-ons ticked add to these). */
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  total: number;
  lines: QuoteLineDto[];
}

export type QuoteDeposit = { percent: number } | { amount: number } | null;

/** A deposit's percent (up to two decimals) in basis points, as it is stored. */
export const depositBasisPoints = (percent: number) => Math.round(percent * 100);

/**
 * An option's amounts when `chosen` add-ons are ticked: the required lines and the chosen
 * add-ons, less the discount, plus tax, by the invoice rule (`invoiceAmounts`), and the deposit
 * of that total (a percent rounded half up to the cent, or an amount, never more than the total).
 */
export function optionAmounts(
  lines: readonly { id: string; quantity: number; unitPrice: number; optional: boolean }[],
  chosen: readonly string[],
  taxRateBps: number,
  discount: Discount | null,
  deposit: QuoteDeposit,
) {
  const ticked = new Set(chosen);
  const subtotal = lines
    .filter((line) => !line.optional || ticked.has(line.id))
    .reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const amounts = invoiceAmounts(subtotal, taxRateBps, discount);
  const depositAmount = !deposit
    ? 0
    : 'percent' in deposit
      ? percentOf(amounts.total, depositBasisPoints(deposit.percent))
      : Math.min(deposit.amount, amounts.total);
  return { ...amounts, depositAmount };
}

export interface QuoteApprovalDto {
  signerName: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  version: number;
  contentHash: string;
  /** Approved by an owner or manager on their device (in person); null: in the portal. */
  inPersonBy: string | null;
}

export interface QuoteCan {
  edit: boolean;
  send: boolean;
  cancel: boolean;
  delete: boolean;
  approveInPerson: boolean;
}

/** The content of one version, as the office and the portal read it. */
export interface QuoteVersionDto {
  version: number;
  title: string;
  message: string;
  terms: string;
  validUntil: string;
  taxRateBps: number;
  discount: Discount | null;
  deposit: QuoteDeposit;
  sentAt: string | null;
  options: QuoteOptionDto[];
}

export interface QuoteDto extends QuoteVersionDto {
  id: string;
  number: string;
  status: QuoteStatus;
  /** The version the client sees (null until sent). */
  sentVersion: number | null;
  client: { id: string; name: string; email: string | null };
  property: PropertySummary;
  jobAt: string | null;
  plan: { startsAt: string; timeZone: string; rrule: string } | null;
  sentTo: string | null;
  /** The deposit of the approved total, or (before approval) of the recommended or first option's total. */
  depositAmount: number;
  approvedOptionId: string | null;
  approvedLineIds: string[];
  approvedTotal: number | null;
  approval: QuoteApprovalDto | null;
  declineReason: string | null;
  visitIds: string[];
  seriesId: string | null;
  depositInvoiceId: string | null;
  createdAt: string;
  can: QuoteCan;
}

export interface QuoteListItemDto {
  id: string;
  number: string;
  status: QuoteStatus;
  version: number;
  title: string;
  client: { id: string; name: string };
  property: { id: string; name: string };
  validUntil: string;
  approvedTotal: number | null;
  createdAt: string;
}

/** `GET /api/portal/quotes/{id}`: the version shown, the hash the approval sends back. */
export interface PortalQuoteDto extends QuoteVersionDto {
  id: string;
  number: string;
  status: QuoteStatus;
  business: { name: string };
  property: PropertySummary;
  /** The version sent now: a link to an older one shows 'This quote was updated' and leads here. */
  currentVersion: number;
  superseded: boolean;
  expired: boolean;
  contentHash: string;
  approvedOptionId: string | null;
  approvedLineIds: string[];
  approvedTotal: number | null;
  depositAmount: number;
  can: { approve: boolean; decline: boolean };
}

/**
 * What the content hash covers, in a fixed order: the version's options, lines and amounts and
 * its terms, title, valid until, discount, tax rate and deposit. JSON of arrays, so key order never
 * changes the text.
 */
export function canonicalQuoteContent(version: QuoteVersionDto): string {
  return JSON.stringify([
    version.version,
    version.title,
    version.terms,
    version.validUntil,
    version.taxRateBps,
    version.discount ? [version.discount.kind, version.discount.value] : null,
    version.deposit
      ? 'percent' in version.deposit
        ? ['percent', version.deposit.percent]
        : ['amount', version.deposit.amount]
      : null,
    version.options.map((option) => [
      option.id,
      option.name,
      option.recommended,
      option.subtotal,
      option.discountAmount,
      option.taxAmount,
      option.total,
      option.lines.map((line) => [
        line.id,
        line.description,
        line.quantity,
        line.unitPrice,
        line.amount,
        line.optional,
      ]),
    ]),
  ]);
}
