import { sql } from 'drizzle-orm';
// Timestamps are read with their year as stored (years 1–99 included).
import './timestamps';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
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
  DEFAULT_COUNTRY,
  DISCOUNT_KINDS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  MAIL_KINDS,
  NOTE_ATTACHABLE_TYPES,
  PHOTO_ATTACHABLE_TYPES,
  PROPERTY_ROLES,
  DEFAULT_PAYMENT_TERMS_DAYS,
  DEFAULT_TIME_ZONE,
  INVOICE_NUMBER_PREFIX,
  TAX_RATE_BASIS_POINTS,
  VISIT_ROLES,
  VISIT_STATUSES,
  VISIT_TASK_STATUSES,
  WORKSPACE_ROLES,
  type WorkspaceRole,
  INVITATION_STATUSES,
} from '../../shared/constants';
import { DEFAULT_COUNTRY_CODE, DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../../shared/locale';
import { centsToDecimal, parseCents } from '../../shared/money';
import { INSPECTION_RESULTS, PHOTO_TAGS, type Requirement } from '../../shared/evidence';
import {
  CLIENT_MESSAGE_KINDS,
  CONSENT_ACTIONS,
  CONSENT_SOURCES,
  DEFAULT_REMINDER_HOURS,
  MESSAGE_STATUSES,
  STAFF_NOTIFICATION_KINDS,
  VISIT_REQUEST_STATUSES,
  type ClientNotification,
} from '../../shared/notifications';

// The data model of spec §3 as refined in ARCHITECTURE.md. Property keys are
// camelCase (better-auth reads them), columns snake_case.

/** numeric(12,2) in the database, integer cents in TypeScript. */
const money = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  toDriver: (cents) => centsToDecimal(cents),
  fromDriver: (value) => parseCents(String(value)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** A GIN trigram index: lets `ILIKE '%text%'` searches use an index (extension pg_trgm, migration 0002). */
const trigramIndex = (name: string, column: AnyPgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);
/** Issue 27: a template's evidence requirements, copied to property and visit tasks. */
const requirements = () =>
  jsonb('requirements')
    .$type<Requirement[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

// ── better-auth's tables (renamed to our plural names) ──────────────────────

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull().default(DEFAULT_ACCOUNT_ROLE),
    /** Issue 24: the workspace a request without `X-Workspace` is in (the last one chosen). */
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

// ── workspaces: the business boundary (issue 24) ────────────────────────────

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
    /** Issue 28: the client notifications this business sends (a missing key is on). */
    clientNotifications: jsonb('client_notifications')
      .$type<Partial<Record<ClientNotification, boolean>>>()
      .notNull()
      .default({}),
    /** Issue 28: how long before a visit its reminder goes, in hours on the workspace's wall clock. */
    reminderHours: integer('reminder_hours').notNull().default(DEFAULT_REMINDER_HOURS),
    /**
     * E-mails this business may send to people outside it in 24 hours, when set for it by the
     * operator; null: by its age and verified activity (mail/outgoing.ts).
     */
    mailPerDay: integer('mail_per_day'),
    /** When the owner named the business (onboarding); the dashboard asks until then. */
    setUpAt: timestamp('set_up_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('workspaces_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
    check('workspaces_payment_terms_check', sql`payment_terms_days between 0 and 365`),
    check('workspaces_mail_per_day_check', sql`mail_per_day is null or mail_per_day >= 0`),
    check('workspaces_name_check', sql`btrim(name) <> ''`),
    check('workspaces_reminder_hours_check', sql`reminder_hours between 1 and 168`),
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
    /** Who invited this member (issue 23): they can never remove or demote that person. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The member owned this workspace when they claimed their address from whoever signed up
     * with it unproven (a password reset of an unverified account): shown to them with 'Delete
     * this workspace' until they delete it or keep it.
     */
    madeBeforeClaim: boolean('made_before_claim').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index('workspace_members_user_idx').on(table.userId),
    index('workspace_members_invited_by_idx').on(table.invitedBy),
    check('workspace_members_role_check', oneOf('role', WORKSPACE_ROLES)),
  ],
);

/**
 * An invitation to join a workspace with a role (issues 23 and 24): e-mailed to the address,
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
const workspaceId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
/** A record that is business data when attached to a business record, personal otherwise (notes, photos). */
const optionalWorkspaceId = () => uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * Every e-mail Rounds sent to someone, with who caused it: a person (`user_id`), a business
 * (`workspace_id`), or both. The mail budget (mail/outgoing.ts) counts these rows under advisory
 * locks, so its limits hold across server processes; the recipient is kept in lower case, so
 * the per-address cap does not depend on letter case.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_sends_user_created_idx').on(table.userId, table.createdAt),
    index('mail_sends_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('mail_sends_recipient_created_idx').on(table.recipient, table.createdAt),
    check('mail_sends_kind_check', oneOf('kind', MAIL_KINDS)),
    check('mail_sends_recipient_lower_check', sql`recipient = lower(recipient)`),
  ],
);

// ── people ──────────────────────────────────────────────────────────────────

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    email: text('email'),
    phone: text('phone'),
    companyName: text('company_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    trigramIndex('profiles_display_name_trgm_idx', table.displayName),
    trigramIndex('profiles_company_name_trgm_idx', table.companyName),
  ],
);

export const secondaryProfiles = pgTable(
  'secondary_profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    companyName: text('company_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('secondary_profiles_user_id_idx').on(table.userId, table.createdAt),
    check('secondary_profiles_display_name_check', sql`btrim(display_name) <> ''`),
  ],
);

// ── clients, properties and task templates ──────────────────────────────────

/** Issue 26: the people a business works for; a property belongs to at most one. */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    company: text('company'),
    email: text('email'),
    phone: text('phone'),
    billingAddress: text('billing_address'),
    notes: text('notes'),
    /** Issue 28: the notifications this client switched off (staff, or the client in the portal). */
    notificationsOff: text('notifications_off')
      .array()
      .$type<ClientNotification[]>()
      .notNull()
      .default(sql`'{}'`),
    /** Issue 28: unsubscribed from every notification (the e-mail's link); the time it happened. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Issue 29: the clients list's order (by name, case-folded) within the workspace.
    index('clients_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`, table.id),
    trigramIndex('clients_name_trgm_idx', table.name),
    trigramIndex('clients_email_trgm_idx', table.email),
    trigramIndex('clients_phone_trgm_idx', table.phone),
    check('clients_name_check', sql`btrim(name) <> ''`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    /** Issue 26: whose property it is; deleting the client leaves the property without one. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Issue 27: every visit here needs the customer's signature before it is completed. */
    requireSignature: boolean('require_signature').notNull().default(false),
    /** Issue 27: completing a visit here sends its report to the client's e-mail. */
    sendReportOnComplete: boolean('send_report_on_complete').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Issue 29: each list's filter (the workspace) and its whole order, id the tie-break.
    index('properties_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('properties_client_idx').on(table.clientId),
    trigramIndex('properties_name_trgm_idx', table.name),
    trigramIndex('properties_address_trgm_idx', table.address),
  ],
);

export const userProperties = pgTable(
  'user_properties',
  {
    id: id(),
    workspaceId: workspaceId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PROPERTY_ROLES }).notNull(),
    /** Who invited this person (issue 23): they can never remove or demote that person. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_properties_user_property_idx').on(table.userId, table.propertyId),
    index('user_properties_property_id_idx').on(table.propertyId),
    index('user_properties_workspace_idx').on(table.workspaceId),
    index('user_properties_invited_by_idx').on(table.invitedBy),
    check('user_properties_role_check', oneOf('role', PROPERTY_ROLES)),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    description: text('description'),
    estimatedDurationMinutes: integer('estimated_duration_minutes'),
    defaultPrice: money('default_price'),
    requirements: requirements(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_workspace_name_idx').on(table.workspaceId, sql`lower(${table.name})`),
    trigramIndex('tasks_name_trgm_idx', table.name),
    trigramIndex('tasks_description_trgm_idx', table.description),
    index('tasks_created_by_idx').on(table.createdBy),
    check('tasks_duration_check', sql`estimated_duration_minutes >= 0`),
    check('tasks_default_price_check', sql`default_price >= 0`),
  ],
);

/**
 * A template on a property's task list. Issue 24: it copies the template's name, description,
 * duration and price when it is made; changing or deleting the template later changes none of it.
 */
export const propertyTasks = pgTable(
  'property_tasks',
  {
    id: id(),
    workspaceId: workspaceId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    estimatedDurationMinutes: integer('estimated_duration_minutes'),
    /** The template's default price when copied. */
    defaultPrice: money('default_price'),
    customPrice: money('custom_price'),
    requirements: requirements(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('property_tasks_property_task_idx').on(table.propertyId, table.taskId),
    index('property_tasks_task_id_idx').on(table.taskId),
    index('property_tasks_workspace_idx').on(table.workspaceId),
    check('property_tasks_custom_price_check', sql`custom_price >= 0`),
    check('property_tasks_default_price_check', sql`default_price >= 0`),
  ],
);

// ── visits ──────────────────────────────────────────────────────────────────

/**
 * A recurring visit (issue 18): an RFC 5545 RRULE read in an IANA time zone, so 09:00 in
 * New York stays 09:00 there across daylight-saving changes. Its occurrences are ordinary
 * visits with `seriesId` and `occurrenceAt`, made ahead up to `generatedUntil`.
 */
export const visitSeries = pgTable(
  'visit_series',
  {
    id: id(),
    workspaceId: workspaceId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The first occurrence; its local wall-clock time in `timeZone` is every occurrence's time. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    /** The RRULE line without DTSTART, e.g. `FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10`. */
    rrule: text('rrule').notNull(),
    /** Task templates copied onto every occurrence. */
    taskIds: uuid('task_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Issue 24: who is on every occurrence, the first as lead. */
    assigneeIds: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Occurrences exist up to this instant (exclusive); the horizon job moves it forward. */
    generatedUntil: timestamp('generated_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('visit_series_property_idx').on(table.propertyId),
    index('visit_series_workspace_idx').on(table.workspaceId),
    index('visit_series_generated_until_idx').on(table.generatedUntil),
  ],
);

export const visits = pgTable(
  'visits',
  {
    id: id(),
    workspaceId: workspaceId(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    status: text('status', { enum: VISIT_STATUSES }).notNull().default('scheduled'),
    /** Bumped by every change; a write that names an older version is a conflict (409, issue 17). */
    version: integer('version').notNull().default(1),
    seriesId: uuid('series_id').references(() => visitSeries.id, { onDelete: 'set null' }),
    /** The instant the series' rule gave this occurrence, kept when the visit itself is moved. */
    occurrenceAt: timestamp('occurrence_at', { withTimezone: true }),
    /** Issue 27, 'Complete anyway': why an owner or manager completed it with evidence missing. */
    overrideReason: text('override_reason'),
    /** Issue 27: the customer's signature (an image in storage), who printed their name, and when. */
    signaturePath: text('signature_path'),
    signerName: text('signer_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Issue 27: the last reopening of a completed visit, and by whom. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 27: when its report was last sent to the client. */
    reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
    /** Issue 28, 'On my way': when the technician set off, and the arrival they told the client. */
    onMyWayAt: timestamp('on_my_way_at', { withTimezone: true }),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    /**
     * Issue 29: the property's `deleted_at`, copied when the property is deleted (and when a visit
     * is made for one deleted meanwhile), so that "never a visit of a deleted property" is a
     * condition on the visit itself, served by the lists' partial index, not a lookup per row.
     */
    propertyDeletedAt: timestamp('property_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('visits_property_scheduled_idx').on(table.propertyId, table.scheduledAt),
    // One visit per occurrence of a series, also when two horizon jobs run at once.
    uniqueIndex('visits_series_occurrence_idx').on(table.seriesId, table.occurrenceAt),
    // The lists' index (issue 29): the workspace's visits in date order, deleted properties' left out.
    index('visits_workspace_scheduled_idx')
      .on(table.workspaceId, table.scheduledAt, table.id)
      .where(sql`property_deleted_at is null`),
    index('visits_status_idx').on(table.status),
    // Issue 28: the reminder job's look ahead over every workspace's scheduled visits.
    index('visits_scheduled_due_idx')
      .on(table.scheduledAt)
      .where(sql`status = 'scheduled'`),
    check('visits_status_check', oneOf('status', VISIT_STATUSES)),
  ],
);

export const visitUsers = pgTable(
  'visit_users',
  {
    id: id(),
    workspaceId: workspaceId(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: VISIT_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('visit_users_visit_user_idx').on(table.visitId, table.userId),
    // Issue 29: a technician's visits in a workspace, read from the index alone.
    index('visit_users_user_workspace_idx').on(table.userId, table.workspaceId, table.visitId),
    check('visit_users_role_check', oneOf('role', VISIT_ROLES)),
  ],
);

/** A task of a visit: a copy of the template's name, description, duration and price (issue 24). */
export const visitTasks = pgTable(
  'visit_tasks',
  {
    id: id(),
    workspaceId: workspaceId(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    estimatedDurationMinutes: integer('estimated_duration_minutes'),
    price: money('price'),
    status: text('status', { enum: VISIT_TASK_STATUSES }).notNull().default('pending'),
    notes: text('notes'),
    requirements: requirements(),
    /** Issue 27 evidence: a reading (in the requirement's unit) and an inspection result. */
    reading: doublePrecision('reading'),
    result: text('result', { enum: INSPECTION_RESULTS }),
    /** Issue 27, 'Add follow-up': the failed or out-of-range task this one follows up. */
    followUpOf: uuid('follow_up_of').references((): AnyPgColumn => visitTasks.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Bumped by every change; a write that names an older version is a conflict (409, issue 17). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    // A template is on a visit at most once.
    uniqueIndex('visit_tasks_visit_task_idx').on(table.visitId, table.taskId),
    index('visit_tasks_task_id_idx').on(table.taskId),
    index('visit_tasks_workspace_idx').on(table.workspaceId),
    index('visit_tasks_follow_up_of_idx').on(table.followUpOf),
    check('visit_tasks_status_check', oneOf('status', VISIT_TASK_STATUSES)),
    check('visit_tasks_result_check', oneOf('result', INSPECTION_RESULTS)),
    check('visit_tasks_price_check', sql`price >= 0`),
  ],
);

// ── invoices ────────────────────────────────────────────────────────────────

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    workspaceId: workspaceId(),
    /** `{prefix}{year}{sequence}`, unique in its workspace (issue 24). */
    invoiceNumber: text('invoice_number').notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    dueDate: date('due_date', { mode: 'string' }),
    subtotal: money('subtotal').notNull().default(0),
    taxAmount: money('tax_amount').notNull().default(0),
    total: money('total').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When and to whom it was last sent by e-mail. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    /** The workspace's tax rate and identity when the invoice was made (issue 24): later settings change neither. */
    taxRateBps: integer('tax_rate_bps').notNull().default(TAX_RATE_BASIS_POINTS),
    sellerName: text('seller_name').notNull().default(''),
    sellerAddress: text('seller_address'),
    sellerPhone: text('seller_phone'),
    sellerEmail: text('seller_email'),
    /** Issue 26: off the subtotal before tax, an amount in cents or a percent in basis points. */
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }),
    discountValue: integer('discount_value'),
    /** The discount in cents (frozen from 'sent' on, as the other amounts). */
    discountAmount: money('discount_amount').notNull().default(0),
    /** Issue 26: a voided invoice stays on record with why, when and by whom. */
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoices_workspace_number_idx').on(table.workspaceId, table.invoiceNumber),
    index('invoices_property_id_idx').on(table.propertyId, table.createdAt),
    index('invoices_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('invoices_status_idx').on(table.status),
    trigramIndex('invoices_number_trgm_idx', table.invoiceNumber),
    index('invoices_voided_by_idx')
      .on(table.voidedBy)
      .where(sql`voided_by is not null`),
    check('invoices_status_check', oneOf('status', INVOICE_STATUSES)),
    check(
      'invoices_amounts_check',
      sql`subtotal >= 0 and tax_amount >= 0 and discount_amount >= 0 and discount_amount <= subtotal and total = subtotal - discount_amount + tax_amount`,
    ),
    check(
      'invoices_discount_check',
      sql`(discount_kind is null and discount_value is null) or (discount_kind = 'amount' and discount_value >= 0) or (discount_kind = 'percent' and discount_value between 0 and 10000)`,
    ),
    check('invoices_tax_rate_check', sql`tax_rate_bps between 0 and 10000`),
  ],
);

export const invoiceVisits = pgTable(
  'invoice_visits',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    /** false while the invoice is cancelled: a cancelled invoice lets its visits go. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoice_visits_invoice_visit_idx').on(table.invoiceId, table.visitId),
    index('invoice_visits_visit_id_idx').on(table.visitId),
    // A visit is on at most one invoice that is not cancelled, whatever races.
    uniqueIndex('invoice_visits_one_active_idx')
      .on(table.visitId)
      .where(sql`active`),
  ],
);

/**
 * The lines of an invoice once it has left draft: a copy of each completed visit task (name,
 * price, the visit's date), so later changes to tasks and prices never change what was sent.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    visitScheduledAt: timestamp('visit_scheduled_at', { withTimezone: true }).notNull(),
    taskName: text('task_name').notNull(),
    price: money('price').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.position),
    index('invoice_lines_visit_id_idx').on(table.visitId),
    check('invoice_lines_price_check', sql`price >= 0`),
  ],
);

/**
 * Issue 26: an invoice's own lines beside its visits' tasks (a part, a call-out fee): a
 * description, a quantity and a unit price. They change with the invoice while it is a draft.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    index('invoice_items_invoice_idx').on(table.invoiceId, table.position),
    check('invoice_items_quantity_check', sql`quantity between 1 and 10000`),
    check('invoice_items_unit_price_check', sql`unit_price >= 0`),
  ],
);

/**
 * Issue 26: money received against an invoice, in cents, dated (the day it was paid, as the
 * business records it). The invoice is paid once they reach its total; they are never more.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    workspaceId: workspaceId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.createdAt),
    // 'Paid this month' sums.
    index('invoice_payments_workspace_paid_idx').on(table.workspaceId, table.paidAt),
    index('invoice_payments_recorded_by_idx').on(table.recordedBy),
    check('invoice_payments_amount_check', sql`amount > 0`),
    check('invoice_payments_method_check', oneOf('method', PAYMENT_METHODS)),
  ],
);

// ── photos and notes (attachable to most records; NULL id = standalone) ─────

export const photos = pgTable(
  'photos',
  {
    id: id(),
    /** The business the photo belongs to; null for a personal one (standalone, on a profile). */
    workspaceId: optionalWorkspaceId(),
    attachableType: text('attachable_type', { enum: PHOTO_ATTACHABLE_TYPES }).notNull(),
    attachableId: uuid('attachable_id'),
    storagePath: text('storage_path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    caption: text('caption'),
    /** Issue 27: the visit task it is evidence for (a photo of a visit), tagged before, after or other. */
    visitTaskId: uuid('visit_task_id').references(() => visitTasks.id, { onDelete: 'set null' }),
    tag: text('tag', { enum: PHOTO_TAGS }),
    /** When the phone took it (queued offline, the phone's clock when plausible). */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('photos_attachable_idx').on(table.attachableType, table.attachableId, table.createdAt),
    index('photos_uploaded_by_idx').on(table.uploadedBy),
    index('photos_visit_task_idx').on(table.visitTaskId),
    check('photos_tag_check', oneOf('tag', PHOTO_TAGS)),
    // Issue 29: the list's two branches, the workspace's photos and one's personal ones, newest first.
    index('photos_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('photos_personal_idx')
      .on(table.uploadedBy, table.createdAt, table.id)
      .where(sql`workspace_id is null`),
    trigramIndex('photos_caption_trgm_idx', table.caption),
    check('photos_attachable_type_check', oneOf('attachable_type', PHOTO_ATTACHABLE_TYPES)),
    // A photo of a business record is the business's; one of a person (standalone, profiles) is theirs.
    check(
      'photos_workspace_check',
      sql`((attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null))`,
    ),
    check('photos_file_size_check', sql`file_size >= 0`),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: id(),
    /** The business the note belongs to; null for a personal one (standalone, on a profile). */
    workspaceId: optionalWorkspaceId(),
    content: text('content').notNull(),
    /** Issue 27: shown on the visit report sent to the client. */
    shareWithClient: boolean('share_with_client').notNull().default(false),
    attachableType: text('attachable_type', { enum: NOTE_ATTACHABLE_TYPES }).notNull(),
    attachableId: uuid('attachable_id'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notes_attachable_idx').on(table.attachableType, table.attachableId, table.createdAt),
    index('notes_created_by_idx').on(table.createdBy),
    index('notes_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    index('notes_personal_idx')
      .on(table.createdBy, table.createdAt, table.id)
      .where(sql`workspace_id is null`),
    trigramIndex('notes_content_trgm_idx', table.content),
    check('notes_attachable_type_check', oneOf('attachable_type', NOTE_ATTACHABLE_TYPES)),
    // As photos; a note on a photo is the photo's (the business's or a person's).
    check(
      'notes_workspace_check',
      sql`(attachable_type = 'photo' or (attachable_type in ('property', 'task', 'visit', 'invoice', 'client') and attachable_id is not null) = (workspace_id is not null))`,
    ),
    check('notes_content_check', sql`btrim(content) <> ''`),
    check('notes_content_length_check', sql`char_length(content) <= 10000`),
  ],
);

// ── field mode and calendars ────────────────────────────────────────────────

/**
 * The first answer to a write sent with an `Idempotency-Key` (issue 17), per user and key, kept
 * 24 hours: a replay with the same body gets it again; with another body, 422. `status` is null
 * while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of method, path and body. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    /**
     * The workspace and role the first request ran as (null: none, a personal route). A replay is
     * answered only while the user is still a member there with a role at least as strong.
     */
    workspaceId: uuid('workspace_id'),
    role: text('role').$type<WorkspaceRole>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

/**
 * A user's secret calendar feed (issue 18). The token is an HMAC of the user id and `nonce`
 * under the server secret, so the same URL can be shown again; only its sha256 is stored
 * for the lookup. Regenerating changes the nonce, and the old URL stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Issue 24: a feed lists one workspace's visits. */
    workspaceId: workspaceId(),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.workspaceId] }),
    uniqueIndex('calendar_feeds_token_hash_idx').on(table.tokenHash),
    index('calendar_feeds_workspace_idx').on(table.workspaceId),
  ],
);

// ── the client's side (issue 28) ────────────────────────────────────────────

/**
 * A portal link e-mailed to a client: single use, 7 days. Only the token's sha256 is stored.
 * Revoking the client's access revokes every link not yet used.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: id(),
    workspaceId: workspaceId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Where the link leads once signed in (a portal path), e.g. a visit's report. */
    next: text('next'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('portal_links_token_hash_idx').on(table.tokenHash),
    index('portal_links_client_idx').on(table.clientId, table.createdAt),
    index('portal_links_created_by_idx').on(table.createdBy),
    index('portal_links_workspace_idx').on(table.workspaceId),
  ],
);

/**
 * A client's portal session, started by following a link (a sign-in: its time and address are
 * listed on the client page). 30 days; revocable. Only the cookie token's sha256 is stored.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: id(),
    workspaceId: workspaceId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => portalLinks.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set on the row of a signed-in account that reaches the portal by its own verified address
     * (no cookie token: its token_hash is a random value never given out). One per client and
     * account, listed with the sign-ins; revoked, the account no longer reaches the client.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('portal_sessions_token_hash_idx').on(table.tokenHash),
    uniqueIndex('portal_sessions_account_idx')
      .on(table.clientId, table.userId)
      .where(sql`${table.userId} is not null`),
    index('portal_sessions_client_idx').on(table.clientId, table.createdAt),
    index('portal_sessions_link_idx').on(table.linkId),
    index('portal_sessions_workspace_idx').on(table.workspaceId),
  ],
);

/** 'Request a visit' from the portal: an unscheduled request the office schedules or declines. */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: id(),
    workspaceId: workspaceId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The client's preferred days, 'YYYY-MM-DD', at most three. */
    preferredDates: date('preferred_dates', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    message: text('message').notNull().default(''),
    status: text('status', { enum: VISIT_REQUEST_STATUSES }).notNull().default('open'),
    /** The visit made for it, once scheduled. */
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('visit_requests_workspace_status_idx').on(table.workspaceId, table.status, table.createdAt),
    index('visit_requests_client_idx').on(table.clientId, table.createdAt),
    index('visit_requests_property_idx').on(table.propertyId),
    index('visit_requests_visit_idx').on(table.visitId),
    index('visit_requests_handled_by_idx').on(table.handledBy),
    check('visit_requests_status_check', oneOf('status', VISIT_REQUEST_STATUSES)),
    check('visit_requests_message_check', sql`char_length(message) <= 2000`),
  ],
);

/**
 * The durable outbox of client e-mails: written in the transaction of the change that causes
 * it, sent by the worker (modules/notifications). `dedupe_key` makes a message once per cause;
 * a visit's pending change message is coalesced with the next change within a minute.
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: id(),
    workspaceId: workspaceId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLIENT_MESSAGE_KINDS }).notNull(),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    /** The address it goes (or went) to: the client's e-mail when it was written. */
    recipient: text('recipient').notNull(),
    /** What the message needs beyond its records: a moved visit's earlier time, an arrival estimate. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this instant: the coalescing window, then the retry backoff. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: another worker may take the message once this has passed (a crashed worker). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    causedBy: uuid('caused_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('client_messages_dedupe_idx').on(table.dedupeKey),
    index('client_messages_due_idx')
      .on(table.notBefore)
      .where(sql`status in ('pending', 'sending')`),
    index('client_messages_visit_idx').on(table.visitId, table.createdAt),
    index('client_messages_invoice_idx').on(table.invoiceId, table.createdAt),
    index('client_messages_client_idx').on(table.clientId, table.createdAt),
    index('client_messages_workspace_idx').on(table.workspaceId, table.createdAt),
    index('client_messages_caused_by_idx').on(table.causedBy),
    // The per-address daily limit counts what was sent to an address.
    index('client_messages_recipient_sent_idx')
      .on(table.recipient, table.sentAt)
      .where(sql`status = 'sent'`),
    check('client_messages_kind_check', oneOf('kind', CLIENT_MESSAGE_KINDS)),
    check('client_messages_status_check', oneOf('status', MESSAGE_STATUSES)),
  ],
);

/** A client's consent to notifications, as it changed: unsubscribes and re-subscribes with their time. */
export const clientConsents = pgTable(
  'client_consents',
  {
    id: id(),
    workspaceId: workspaceId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CONSENT_ACTIONS }).notNull(),
    /** The notifications it was about; empty: all of them. */
    notifications: text('notifications')
      .array()
      .$type<ClientNotification[]>()
      .notNull()
      .default(sql`'{}'`),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('client_consents_client_idx').on(table.clientId, table.createdAt),
    index('client_consents_actor_idx').on(table.actorId),
    index('client_consents_workspace_idx').on(table.workspaceId),
    check('client_consents_action_check', oneOf('action', CONSENT_ACTIONS)),
    check('client_consents_source_check', oneOf('source', CONSENT_SOURCES)),
  ],
);

/** A staff member's in-app notification (the bell): kept per user and workspace, read or unread. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: id(),
    workspaceId: workspaceId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STAFF_NOTIFICATION_KINDS }).notNull(),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => visitRequests.id, { onDelete: 'cascade' }),
    /** One line, written when it happened ('Pool service at Villa Rosa moved to Nov 25, 9:00 AM'). */
    text: text('text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_notifications_user_idx').on(table.userId, table.workspaceId, table.createdAt),
    index('staff_notifications_unread_idx')
      .on(table.userId, table.workspaceId)
      .where(sql`read_at is null`),
    index('staff_notifications_workspace_idx').on(table.workspaceId),
    index('staff_notifications_visit_idx').on(table.visitId),
    index('staff_notifications_request_idx').on(table.requestId),
    check('staff_notifications_kind_check', oneOf('kind', STAFF_NOTIFICATION_KINDS)),
  ],
);
