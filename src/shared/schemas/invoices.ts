import { z } from 'zod';
import {
  DISCOUNT_KINDS,
  FORM_INVOICE_STATUSES,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentProviderName,
  MAX_INVOICE_ITEMS,
  type InvoiceStatus,
  type VisitStatus,
} from '../constants';
import type { Discount } from '../money';
import { cents, MAX_CENTS } from './money';
import { inStorableYears, pageQuery } from './common';
import { INVOICE_MESSAGES } from '../messages/invoices';
import type { PropertySummary } from './summaries';
import { DEFAULT_LOCALITY, formatsFor, type Formats } from '../formats';

// spec §2 (Visits detail, Invoices), §3, §4 (Invoice status, Deletion), §5, §8, §9.

export const invoiceStatus = z.enum(INVOICE_STATUSES, {
  error: `Status must be one of ${INVOICE_STATUSES.join(', ')}`,
});

/** The statuses an invoice can be given by its form ('void' only by voiding, with a reason). */
const formStatus = z.enum(FORM_INVOICE_STATUSES, {
  error: `Status must be one of ${FORM_INVOICE_STATUSES.join(', ')}`,
});

/** A calendar date, 'YYYY-MM-DD', in the years 1–9999; `message` when it is not one. */
export const calendarDate = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && inStorableYears(date);
    }, message);

/**
 * A calendar date, 'YYYY-MM-DD' (the due date has no time of day), in the years 1–9999. Blank is
 * no due date, as null is ('No due date' empties the field, and a form or a client
 * that sends the empty field as '' was refused with 'Due date must be a date such as 2030-06-15').
 */
const dueDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Due date must be a date such as 2030-06-15')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && inStorableYears(date);
    }, 'Due date must be a real date')
    .nullable(),
);

const visitIds = z
  .array(z.uuid('Please select visits to bill'), 'Please select visits to bill')
  .max(200, 'At most 200 visits on one invoice');

/** Off the subtotal before tax: an amount in cents, or a percent in basis points (1250 = 12.5 %); null: none. */
export const discountInput = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('amount'), value: cents }),
      z.object({
        kind: z.literal('percent'),
        value: z
          .number({ error: INVOICE_MESSAGES.discountPercentInvalid })
          .int(INVOICE_MESSAGES.discountPercentInvalid)
          .min(0, INVOICE_MESSAGES.discountPercentInvalid)
          .max(10000, INVOICE_MESSAGES.discountPercentInvalid),
      }),
    ],
    { error: `Discount kind must be one of ${DISCOUNT_KINDS.join(', ')}` },
  )
  .nullable();

/** The most one amount may be (numeric(12,2)), as the business writes it: the cap its messages name. */
export const amountCap = (formats: Pick<Formats, 'money'>) => formats.money(MAX_CENTS);

/**
 * The invoice write schemas whose messages name the amount cap as `cap` ('$999,999,999.99' for a
 * US business, '999.999.999,99 €' for a German one): the server validates with its business's
 * (`invoiceInputsFor`), and so does the form.
 */
function invoiceInputs(cap: string) {
  /** An extra line of an invoice: what it is, how many, and the price of one in cents. */
  const item = z
    .object({
      description: z
        .string({ error: INVOICE_MESSAGES.itemDescriptionRequired })
        .trim()
        .min(1, INVOICE_MESSAGES.itemDescriptionRequired)
        .max(200, INVOICE_MESSAGES.itemDescriptionTooLong),
      quantity: z
        .number({ error: INVOICE_MESSAGES.itemQuantityInvalid })
        .int(INVOICE_MESSAGES.itemQuantityInvalid)
        .min(1, INVOICE_MESSAGES.itemQuantityInvalid)
        .max(10000, INVOICE_MESSAGES.itemQuantityInvalid),
      unitPrice: cents,
    })
    // The line's amount is stored as numeric(12,2) too, so it has the same cap as a price.
    .refine((line) => line.quantity * line.unitPrice <= MAX_CENTS, {
      message: INVOICE_MESSAGES.itemAmountTooLarge(cap),
      path: ['unitPrice'],
    });
  const items = z.array(item).max(MAX_INVOICE_ITEMS, INVOICE_MESSAGES.tooManyItems);
  return {
    item,
    /** `POST /api/invoices`. Amounts are never taken from the client: the server computes them. */
    create: z.object({
      propertyId: z
        .string({ error: INVOICE_MESSAGES.propertyRequired })
        .trim()
        .min(1, INVOICE_MESSAGES.propertyRequired)
        .pipe(z.uuid(INVOICE_MESSAGES.propertyRequired)),
      visitIds: visitIds.default([]),
      /** Left out: the workspace's payment terms from today; null: no due date. */
      dueDate: dueDate.optional(),
      status: formStatus.default('draft'),
      items: items.default([]),
      discount: discountInput.default(null),
    }),
    /** `PATCH /api/invoices/:id`: the property is fixed; visits change only while it is a draft. */
    update: z.object({
      visitIds: visitIds.optional(),
      /** Replaces the extra lines; like the visits, only while it is a draft. */
      items: items.optional(),
      discount: discountInput.optional(),
      dueDate: dueDate.optional(),
      status: formStatus.optional(),
    }),
  };
}

export type InvoiceInputs = ReturnType<typeof invoiceInputs>;

const usCap = amountCap(formatsFor(DEFAULT_LOCALITY));
const american = invoiceInputs(usCap);
const kept = new Map<string, InvoiceInputs>([[usCap, american]]);

/** The invoice write schemas whose messages name the cap as `formats` write it; made once per cap. */
export function invoiceInputsFor(formats: Pick<Formats, 'money'>): InvoiceInputs {
  const cap = amountCap(formats);
  let inputs = kept.get(cap);
  if (!inputs) {
    inputs = invoiceInputs(cap);
    kept.set(cap, inputs);
  }
  return inputs;
}

// The API's contract (docs, OpenAPI, types): the schemas in en-US and USD, a US business's messages.
export const invoiceItemInput = american.item;
export type InvoiceItemInput = z.input<typeof invoiceItemInput>;
export const createInvoiceInput = american.create;
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;
export const updateInvoiceInput = american.update;
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;

/** `POST /api/invoices/:id/send`. */
export const sendInvoiceInput = z.object({
  to: z.string({ error: INVOICE_MESSAGES.recipientInvalid }).trim().pipe(z.email(INVOICE_MESSAGES.recipientInvalid)),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceInput>;

/**
 * `POST /api/invoices/:id/payments`. The amount in cents, more than 0 and no more than
 * the balance due; the day it was paid (left out: today where the business is; a full timestamp
 * is taken as its UTC day); the method ('other' when left out); a reference (a cheque number).
 */
export const recordPaymentInput = z.object({
  amount: z
    .number({ error: INVOICE_MESSAGES.paymentAmountInvalid })
    .int(INVOICE_MESSAGES.paymentAmountInvalid)
    .min(1, INVOICE_MESSAGES.paymentAmountInvalid)
    .max(MAX_CENTS, INVOICE_MESSAGES.paymentAmountInvalid),
  paidAt: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() === ''
        ? null
        : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) && !Number.isNaN(Date.parse(value))
          ? new Date(value).toISOString().slice(0, 10)
          : value,
    calendarDate(INVOICE_MESSAGES.paymentDateInvalid).nullish(),
  ),
  method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethodInvalid }).default('other'),
  reference: z
    .string()
    .trim()
    .max(200, INVOICE_MESSAGES.paymentReferenceTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

/** `POST /api/invoices/:id/mark-paid`: the whole balance; the day, method and reference optional. */
export const markPaidInput = recordPaymentInput.omit({ amount: true });

/** `POST /api/invoices/:id/void`: why, required. */
export const voidInvoiceInput = z.object({
  reason: z
    .string({ error: INVOICE_MESSAGES.voidReasonRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.voidReasonRequired)
    .max(500, INVOICE_MESSAGES.voidReasonTooLong),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceInput>;

/** Why a payment is corrected: required, kept in its audit trail. */
const correctionReason = z
  .string({ error: INVOICE_MESSAGES.correctionReasonRequired })
  .trim()
  .min(1, INVOICE_MESSAGES.correctionReasonRequired)
  .max(500, INVOICE_MESSAGES.voidReasonTooLong);

/**
 * `PATCH /api/invoices/:id/payments/:paymentId` (a payment recorded by hand; owners): any of its
 * amount, day, method and reference, and why (required).
 */
export const updatePaymentInput = recordPaymentInput
  .extend({
    method: z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethodInvalid }).optional(),
  })
  .partial()
  .extend({ reason: correctionReason });
export type UpdatePaymentInput = z.input<typeof updatePaymentInput>;

/** `DELETE /api/invoices/:id/payments/:paymentId`: why (required). */
export const deletePaymentInput = z.object({ reason: correctionReason });
export type DeletePaymentInput = z.input<typeof deletePaymentInput>;

/** `POST /api/invoices/:id/payments/:paymentId/refund`: in cents; the rest of the payment when left out. */
export const refundPaymentInput = z.object({
  amount: z
    .number({ error: INVOICE_MESSAGES.paymentAmountInvalid })
    .int(INVOICE_MESSAGES.paymentAmountInvalid)
    .min(1, INVOICE_MESSAGES.paymentAmountInvalid)
    .max(MAX_CENTS, INVOICE_MESSAGES.paymentAmountInvalid)
    .optional(),
});
export type RefundPaymentInput = z.input<typeof refundPaymentInput>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `GET /api/invoices?q=&status=&propertyId=`: q searches the number and the property's name. */
export const listInvoicesQuery = pageQuery.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(blankToUndefined, invoiceStatus.optional()),
  propertyId: z.preprocess(blankToUndefined, z.uuid().optional()),
  /** The invoices of one client's properties (the client's page). */
  clientId: z.preprocess(blankToUndefined, z.uuid().optional()),
});
export type ListInvoicesQuery = z.input<typeof listInvoicesQuery>;

/** `GET /api/invoices/billable-visits?propertyId=&invoiceId=` (invoiceId: also that invoice's own visits). */
export const billableVisitsQuery = pageQuery.extend({
  propertyId: z.uuid(INVOICE_MESSAGES.propertyRequired),
  invoiceId: z.preprocess(blankToUndefined, z.uuid().optional()),
});

// ── answers (money in cents) ──

export interface InvoiceListItemDto {
  id: string;
  invoiceNumber: string;
  propertyId: string;
  propertyName: string;
  /** As shown: a sent invoice past its due date is 'overdue'. */
  status: InvoiceStatus;
  dueDate: string | null;
  subtotal: number;
  /** The discount in cents (0 without one). */
  discountAmount: number;
  taxAmount: number;
  total: number;
  paidAt: string | null;
  createdAt: string;
  visitCount: number;
  /** What its payments add up to, in cents. */
  amountPaid: number;
  /** Total − payments, in cents; 0 for a cancelled or void invoice (nothing is asked). */
  balanceDue: number;
  /** The tax rate the invoice was made with (its workspace's then), in basis points. */
  taxRateBps: number;
}

export interface InvoiceLineDto {
  visitId: string | null;
  visitScheduledAt: string;
  taskName: string;
  price: number;
}

export interface InvoiceItemDto {
  id: string;
  description: string;
  quantity: number;
  /** In cents; the line's amount is quantity × unit price. */
  unitPrice: number;
  amount: number;
}

export interface InvoiceDetailDto extends InvoiceListItemDto {
  /** The status as stored ('sent' for one shown as overdue). */
  storedStatus: InvoiceStatus;
  property: PropertySummary;
  visits: {
    id: string;
    scheduledAt: string;
    status: VisitStatus;
    /** The visit's completed tasks, in cents (live: the visit as it is now). */
    total: number;
  }[];
  /** One per completed visit task; copied when the invoice left draft (then `frozen`). */
  lines: InvoiceLineDto[];
  /** The invoice's own extra lines. */
  items: InvoiceItemDto[];
  discount: Discount | null;
  frozen: boolean;
  sentAt: string | null;
  sentTo: string | null;
  /** Who to send it to by default: the client's e-mail, else the property's first owner's profile e-mail. */
  recipient: string | null;
  /** Who the invoice is from: the workspace's identity when it was made. */
  seller: {
    name: string;
    address: string | null;
    phone: string | null;
    email: string | null;
  };
  /** Who it is billed to: the property's client (its billing address), else the property itself. */
  billTo: { name: string; address: string | null; client: boolean };
  /** The payments recorded, oldest first. */
  payments: InvoicePaymentDto[];
  /** Why, when and by whom it was voided (a void invoice stays on record). */
  voidReason: string | null;
  voidedAt: string | null;
  can: InvoiceCan;
}

/** A payment against an invoice. */
export interface InvoicePaymentDto {
  id: string;
  /** In cents. */
  amount: number;
  /** The day it was paid, 'YYYY-MM-DD'. */
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
  recordedByName: string | null;
  createdAt: string;
  /** 'stripe' for a card payment through the provider; null for one recorded by hand. */
  provider: PaymentProviderName | null;
  /** The provider's payment id (a Stripe PaymentIntent). */
  providerId: string | null;
  /** The provider's fee in cents, where it said. */
  fee: number | null;
  /** What the provider has refunded of it (confirmed refunds), in cents. */
  refundedAmount: number;
  /** What can still be refunded (less refunds asked for and not failed), in cents; 0 for a manual payment. */
  refundable: number;
  /** Received for an invoice that was already paid or void: it counts for nothing and is refunded. */
  unapplied: boolean;
}

/** A correction of a manual payment, as its audit trail keeps it. */
export interface PaymentChangeDto {
  id: string;
  paymentId: string;
  action: 'edit' | 'delete';
  reason: string;
  before: PaymentSnapshotDto;
  /** Null for a deletion. */
  after: PaymentSnapshotDto | null;
  changedByName: string | null;
  changedAt: string;
}

export interface PaymentSnapshotDto {
  amount: number;
  paidAt: string;
  method: string;
  reference: string | null;
}

/** What the caller may do with an invoice (access/policy.ts `policy.invoice.can`). */
export interface InvoiceCan {
  edit: boolean;
  delete: boolean;
  markPaid: boolean;
  send: boolean;
  /** A payment can be recorded (a balance is due, not cancelled or void). */
  recordPayment: boolean;
  /** It can be voided with a reason (anything but an already void one). */
  void: boolean;
  /** Card payments can be refunded and manual ones edited or deleted (owners). */
  correctPayments: boolean;
}

export { INVOICE_MESSAGES };
