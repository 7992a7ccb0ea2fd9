import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CLIENT_MESSAGE_KINDS,
  CONSENT_ACTIONS,
  CONSENT_SOURCES,
  MESSAGE_STATUSES,
  STAFF_NOTIFICATION_KINDS,
  VISIT_REQUEST_STATUSES,
  type ClientNotification,
} from '../../../shared/notifications';
import { id, createdAt, updatedAt, oneOf } from './columns';
import { clients, properties } from './catalogue';
import { invoices } from './invoices';
import { visits } from './visits';
import { users, workspaceId } from './workspaces';

// The client's side: portal links and sessions, visit requests, messages, consents, and the
// staff's notifications.

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
