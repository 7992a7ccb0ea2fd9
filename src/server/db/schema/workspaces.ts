import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_ROLES,
  DEFAULT_ACCOUNT_ROLE,
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_TIME_ZONE,
  INVOICE_NUMBER_PREFIX,
  DEFAULT_QUOTE_VALID_DAYS,
  QUOTE_NUMBER_PREFIX,
  TAX_RATE_BASIS_POINTS,
  WORKSPACE_ROLES,
  INVITATION_STATUSES,
} from '../../../shared/constants';
import { DEFAULT_COUNTRY_CODE, DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../../../shared/locale';
import { DEFAULT_REMINDER_HOURS, type ClientNotification } from '../../../shared/notifications';
import { id, createdAt, updatedAt, trigramIndex, oneOf, coordinatesCheck } from './columns';

// Accounts (better-auth's tables, under our plural names) and workspaces, the business
// boundary, in one file: a user's default workspace and a workspace's people refer to each other.

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull().default(DEFAULT_ACCOUNT_ROLE),
    /** The workspace a request without `X-Workspace` is in (the last one chosen). */
    defaultWorkspaceId: uuid('default_workspace_id').references((): AnyPgColumn => workspaces.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('users_role_check', oneOf('role', ACCOUNT_ROLES)),
    index('users_created_at_idx').on(table.createdAt),
    index('users_role_idx').on(table.role),
    trigramIndex('users_email_trgm_idx', table.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_idx').on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** better-auth's rate limiter, kept in the database so it holds across server copies. */
export const rateLimits = pgTable('rate_limits', {
  id: id(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ── workspaces: the business boundary ────────────────────────────

/**
 * One business. Everything the business owns carries its `workspace_id`; nothing crosses from
 * one workspace to another. Its identity is printed on invoices; its invoice numbers are its own.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    /** spec §9's 8 % by default; in basis points, so cents stay exact. */
    taxRateBps: integer('tax_rate_bps').notNull().default(TAX_RATE_BASIS_POINTS),
    paymentTermsDays: integer('payment_terms_days').notNull().default(DEFAULT_PAYMENT_TERMS_DAYS),
    invoicePrefix: text('invoice_prefix').notNull().default(INVOICE_NUMBER_PREFIX),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** How the business writes dates and amounts (shared/locale.ts): ISO 3166-1 alpha-2, BCP 47, ISO 4217. */
    country: text('country').notNull().default(DEFAULT_COUNTRY_CODE),
    locale: text('locale').notNull().default(DEFAULT_LOCALE),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    /** The last invoice number's sequence; taken under the row's lock, so numbers have no gaps. */
    invoiceSequence: integer('invoice_sequence').notNull().default(0),
    /** Quotes: their own prefix and sequence (taken under the row's lock, as invoices'). */
    quotePrefix: text('quote_prefix').notNull().default(QUOTE_NUMBER_PREFIX),
    quoteSequence: integer('quote_sequence').notNull().default(0),
    /** A new quote's terms and how many days it stays valid; the quote may change both. */
    quoteTerms: text('quote_terms').notNull().default(''),
    quoteValidDays: integer('quote_valid_days').notNull().default(DEFAULT_QUOTE_VALID_DAYS),
    /** 'Quote waiting' goes to the client this many days after a version is sent; null: off. */
    quoteReminderDays: integer('quote_reminder_days'),
    /** The client notifications this business sends (a missing key is on). */
    clientNotifications: jsonb('client_notifications')
      .$type<Partial<Record<ClientNotification, boolean>>>()
      .notNull()
      .default({}),
    /** How long before a visit its reminder goes, in hours on the workspace's wall clock. */
    reminderHours: integer('reminder_hours').notNull().default(DEFAULT_REMINDER_HOURS),
    /**
     * E-mails this business may send to people outside it in 24 hours, when set for it by the
     * operator; null: by its age and verified activity (mail/outgoing.ts).
     */
    mailPerDay: integer('mail_per_day'),
    /** When the owner named the business (onboarding); the dashboard asks until then. */
    setUpAt: timestamp('set_up_at', { withTimezone: true }),
    /** Where the technicians' days start and end unless a member has their own points. */
    depotAddress: text('depot_address'),
    depotLatitude: doublePrecision('depot_latitude'),
    depotLongitude: doublePrecision('depot_longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('workspaces_depot_check', coordinatesCheck('depot_latitude', 'depot_longitude')),
    check('workspaces_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
    check('workspaces_payment_terms_check', sql`payment_terms_days between 0 and 365`),
    check('workspaces_mail_per_day_check', sql`mail_per_day is null or mail_per_day >= 0`),
    check('workspaces_name_check', sql`btrim(name) <> ''`),
    check('workspaces_reminder_hours_check', sql`reminder_hours between 1 and 168`),
    check('workspaces_quote_valid_days_check', sql`quote_valid_days between 1 and 365`),
    check(
      'workspaces_quote_reminder_days_check',
      sql`quote_reminder_days is null or quote_reminder_days between 1 and 90`,
    ),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    /** Who invited this member: they can never remove or demote that person. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The member owned this workspace when they claimed their address from whoever signed up
     * with it unproven (a password reset of an unverified account): shown to them with 'Delete
     * this workspace' until they delete it or keep it.
     */
    madeBeforeClaim: boolean('made_before_claim').notNull().default(false),
    /** Where this member's day starts and ends on a route; null: the workspace's depot. */
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    createdAt: createdAt(),
  },
  (table) => [
    check('workspace_members_start_check', coordinatesCheck('start_latitude', 'start_longitude')),
    check('workspace_members_end_check', coordinatesCheck('end_latitude', 'end_longitude')),
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index('workspace_members_user_idx').on(table.userId),
    index('workspace_members_invited_by_idx').on(table.invitedBy),
    check('workspace_members_role_check', oneOf('role', WORKSPACE_ROLES)),
  ],
);

/**
 * An invitation to join a workspace with a role: e-mailed to the address,
 * accepted only by an account whose verified e-mail is that address, dead once its inviter may
 * no longer invite.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case: matched against the invitee's sign-in e-mail without regard to case. */
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * SHA-256 of the secret in the e-mailed link (/invitations/{token}); the secret itself is
     * never stored. Null for invitations sent before links carried one.
     */
    tokenHash: text('token_hash'),
    /** Answered invitations stay, so their link says 'already used' or 'declined'. */
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
  },
  (table) => [
    uniqueIndex('workspace_invitations_workspace_email_idx').on(table.workspaceId, table.email),
    uniqueIndex('workspace_invitations_token_hash_idx').on(table.tokenHash),
    check('workspace_invitations_status_check', oneOf('status', INVITATION_STATUSES)),
    index('workspace_invitations_email_idx').on(table.email),
    index('workspace_invitations_invited_by_idx').on(table.invitedBy),
    check('workspace_invitations_role_check', oneOf('role', WORKSPACE_ROLES)),
    check('workspace_invitations_email_check', sql`email = lower(email)`),
  ],
);

/** `workspace_id` of a business table: one workspace, gone with it. */
export const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
/** A record that is business data when attached to a business record, personal otherwise (notes, photos). */
export const optionalWorkspaceId = () => uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' });
