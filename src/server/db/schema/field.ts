import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type WorkspaceRole } from '../../../shared/constants';
import { createdAt } from './columns';
import { users, workspaceId } from './workspaces';

// Field mode and calendars: idempotent replays of a phone's writes, calendar feeds.

/**
 * The first answer to a write sent with an `Idempotency-Key`, per user and key, kept
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
 * A user's secret calendar feed. The token is an HMAC of the user id and `nonce`
 * under the server secret, so the same URL can be shown again; only its sha256 is stored
 * for the lookup. Regenerating changes the nonce, and the old URL stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A feed lists one workspace's visits. */
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
