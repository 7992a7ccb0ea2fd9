import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { VISIT_ROLES, VISIT_STATUSES, VISIT_TASK_STATUSES } from '../../../shared/constants';
import { INSPECTION_RESULTS } from '../../../shared/evidence';
import { money, id, createdAt, updatedAt, requirements, oneOf } from './columns';
import { properties, tasks } from './catalogue';
import { users, workspaceId } from './workspaces';

// Visits, their series, people and tasks.

/**
 * A recurring visit: an RFC 5545 RRULE read in an IANA time zone, so 09:00 in
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
    /** Who is on every occurrence, the first as lead. */
    assigneeIds: uuid('assignee_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Its occurrences are 'anytime' visits (copied to each). */
    anytime: boolean('anytime').notNull().default(false),
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
    /** Bumped by every change; a write that names an older version is a conflict (409). */
    version: integer('version').notNull().default(1),
    seriesId: uuid('series_id').references(() => visitSeries.id, { onDelete: 'set null' }),
    /** The instant the series' rule gave this occurrence, kept when the visit itself is moved. */
    occurrenceAt: timestamp('occurrence_at', { withTimezone: true }),
    /** 'Complete anyway': why an owner or manager completed it with evidence missing. */
    overrideReason: text('override_reason'),
    /** The customer's signature (an image in storage), who printed their name, and when. */
    signaturePath: text('signature_path'),
    signerName: text('signer_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The last reopening of a completed visit, and by whom. */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: uuid('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    /** When its report was last sent to the client. */
    reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
    /** 'On my way': when the technician set off, and the arrival they told the client. */
    onMyWayAt: timestamp('on_my_way_at', { withTimezone: true }),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    /** Done any time on its day (its time is a suggestion), not at `scheduledAt`. */
    anytime: boolean('anytime').notNull().default(false),
    /** Its place in its lead's route of the day (1 first); null: not routed. */
    routeOrder: integer('route_order'),
    /**
     * The property's `deleted_at`, copied when the property is deleted (and when a visit
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
    // The lists' index: the workspace's visits in date order, deleted properties' left out.
    index('visits_workspace_scheduled_idx')
      .on(table.workspaceId, table.scheduledAt, table.id)
      .where(sql`property_deleted_at is null`),
    index('visits_status_idx').on(table.status),
    // The reminder job's look ahead over every workspace's scheduled visits.
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
    // A technician's visits in a workspace, read from the index alone.
    index('visit_users_user_workspace_idx').on(table.userId, table.workspaceId, table.visitId),
    check('visit_users_role_check', oneOf('role', VISIT_ROLES)),
  ],
);

/** A task of a visit: a copy of the template's name, description, duration and price. */
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
    /** Evidence: a reading (in the requirement's unit) and an inspection result. */
    reading: doublePrecision('reading'),
    result: text('result', { enum: INSPECTION_RESULTS }),
    /** 'Add follow-up': the failed or out-of-range task this one follows up. */
    followUpOf: uuid('follow_up_of').references((): AnyPgColumn => visitTasks.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Bumped by every change; a write that names an older version is a conflict (409). */
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
