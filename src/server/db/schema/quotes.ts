import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEPOSIT_KINDS, DISCOUNT_KINDS, QUOTE_STATUSES, TAX_RATE_BASIS_POINTS } from '../../../shared/constants';
import { createdAt, id, money, oneOf, trigramIndex, updatedAt } from './columns';
import { clients, properties, tasks } from './catalogue';
import { invoices } from './invoices';
import { visitSeries } from './visits';
import { users, workspaceId } from './workspaces';

// Quotes (docs/decisions/quotes.md): a quote is numbered per workspace and belongs to a client
// and one of its properties. What it offers lives in versions; a sent version is frozen, and an
// edit after sending makes the next version, which supersedes the old one when it is sent. The
// approval (who, when, which version, the hash of what was shown) and what it became (visits, a
// series, a deposit invoice) are on the quote.

/** A recurring plan: the series a quote becomes instead of a one-off visit (series engine's input). */
export interface QuotePlan {
  startsAt: string;
  timeZone: string;
  rrule: string;
}

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    workspaceId: workspaceId(),
    /** `{prefix}{sequence}`, e.g. Q-0001, unique in its workspace. */
    number: text('number').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    /** The newest version (a draft while it is ahead of `sentVersion`). */
    version: integer('version').notNull().default(1),
    /** The version the client sees; null until first sent. */
    sentVersion: integer('sent_version'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    /** A one-off job's visit time; null: the next working day at 09:00 where the business is. */
    jobAt: timestamp('job_at', { withTimezone: true }),
    /** A recurring plan instead of a one-off job. */
    plan: jsonb('plan').$type<QuotePlan>(),
    /** The approval: what was chosen, by whom, of which version, and the hash of what was shown. */
    approvedVersion: integer('approved_version'),
    approvedOptionId: uuid('approved_option_id'),
    approvedLineIds: uuid('approved_line_ids').array(),
    approvedTotal: money('approved_total'),
    depositAmount: money('deposit_amount'),
    signerName: text('signer_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signaturePath: text('signature_path'),
    approvalIp: text('approval_ip'),
    approvalUserAgent: text('approval_user_agent'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    contentHash: text('content_hash'),
    declineReason: text('decline_reason'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    /** What the approval became. */
    visitIds: uuid('visit_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    seriesId: uuid('series_id').references(() => visitSeries.id, { onDelete: 'set null' }),
    depositInvoiceId: uuid('deposit_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The last 'Quote waiting' reminder: the version it was for (at most once per version). */
    remindedVersion: integer('reminded_version'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('quotes_workspace_number_idx').on(table.workspaceId, table.number),
    // The list's order, and its status filter.
    index('quotes_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('quotes_workspace_status_idx').on(table.workspaceId, table.status, table.createdAt),
    index('quotes_client_idx').on(table.clientId, table.createdAt),
    index('quotes_property_idx').on(table.propertyId),
    index('quotes_series_idx').on(table.seriesId),
    index('quotes_deposit_invoice_idx').on(table.depositInvoiceId),
    index('quotes_created_by_idx').on(table.createdBy),
    index('quotes_approved_by_idx').on(table.approvedBy),
    trigramIndex('quotes_number_trgm_idx', table.number),
    check('quotes_status_check', oneOf('status', QUOTE_STATUSES)),
    check('quotes_version_check', sql`version >= 1 and (sent_version is null or sent_version <= version)`),
  ],
);

/** One version of a quote's content; frozen once sent (`sent_at`). */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: id(),
    workspaceId: workspaceId(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    terms: text('terms').notNull().default(''),
    /** The last day it may be approved, on the business's calendar. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    taxRateBps: integer('tax_rate_bps').notNull().default(TAX_RATE_BASIS_POINTS),
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    discountValue: integer('discount_value'),
    depositKind: text('deposit_kind', { enum: DEPOSIT_KINDS }),
    depositValue: integer('deposit_value'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('quote_versions_quote_version_idx').on(table.quoteId, table.version),
    index('quote_versions_workspace_idx').on(table.workspaceId),
    // A title search of the list.
    trigramIndex('quote_versions_title_trgm_idx', table.title),
    check('quote_versions_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
    check(
      'quote_versions_discount_check',
      sql`(discount_kind is null and discount_value is null) or (discount_kind = 'amount' and discount_value >= 0) or (discount_kind = 'percent' and discount_value between 0 and 10000)`,
    ),
    check(
      'quote_versions_deposit_check',
      sql`(deposit_kind is null and deposit_value is null) or (deposit_kind = 'amount' and deposit_value >= 0) or (deposit_kind = 'percent' and deposit_value between 0 and 10000)`,
    ),
  ],
);

/** An option of a version (Good / Better / Best, or a single one). */
export const quoteOptions = pgTable(
  'quote_options',
  {
    id: id(),
    workspaceId: workspaceId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => quoteVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    recommended: boolean('recommended').notNull().default(false),
    position: integer('position').notNull(),
  },
  (table) => [index('quote_options_version_idx').on(table.versionId, table.position)],
);

/** A line of an option: copied from the catalogue (`task_id` kept, never followed) or free text. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    workspaceId: workspaceId(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => quoteOptions.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** An add-on the client may tick. */
    optional: boolean('optional').notNull().default(false),
    position: integer('position').notNull(),
  },
  (table) => [
    index('quote_lines_option_idx').on(table.optionId, table.position),
    index('quote_lines_task_idx').on(table.taskId),
    check('quote_lines_quantity_check', sql`quantity between 1 and 10000`),
    check('quote_lines_unit_price_check', sql`unit_price >= 0`),
  ],
);
