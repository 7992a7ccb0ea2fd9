import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MAIL_KINDS } from '../../../shared/constants';
import { id, createdAt, updatedAt, trigramIndex, oneOf } from './columns';
import { users, workspaces } from './workspaces';

// What is kept of people: the e-mails sent for them, their profiles and secondary profiles.

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
