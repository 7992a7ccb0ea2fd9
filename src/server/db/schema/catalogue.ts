import { sql } from 'drizzle-orm';
import {
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
import { DEFAULT_COUNTRY, PROPERTY_ROLES } from '../../../shared/constants';
import { type ClientNotification } from '../../../shared/notifications';
import { money, id, createdAt, updatedAt, trigramIndex, requirements, oneOf, coordinatesCheck } from './columns';
import { LOCATION_SOURCES } from '../../../shared/place';
import { users, workspaceId } from './workspaces';

// Clients, properties and the task templates of a workspace's catalogue, with the property's copies.

/** The people a business works for; a property belongs to at most one. */
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
    /** The notifications this client switched off (staff, or the client in the portal). */
    notificationsOff: text('notifications_off')
      .array()
      .$type<ClientNotification[]>()
      .notNull()
      .default(sql`'{}'`),
    /** Unsubscribed from every notification (the e-mail's link); the time it happened. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The clients list's order (by name, case-folded) within the workspace.
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
    /** Whose property it is; deleting the client leaves the property without one. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Every visit here needs the customer's signature before it is completed. */
    requireSignature: boolean('require_signature').notNull().default(false),
    /** Completing a visit here sends its report to the client's e-mail. */
    sendReportOnComplete: boolean('send_report_on_complete').notNull().default(false),
    /** Where it is (WGS 84 degrees); both or neither. Null: 'not on the map'. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Who placed it: a person (never overwritten by the geocoder) or the geocoder. */
    locationSource: text('location_source', { enum: LOCATION_SOURCES }),
    /** Its address waits for the geocoder (made or changed without coordinates). */
    geocodePending: boolean('geocode_pending').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Each list's filter (the workspace) and its whole order, id the tie-break.
    index('properties_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id),
    // The geocoding job's queue.
    index('properties_geocode_pending_idx')
      .on(table.createdAt)
      .where(sql`geocode_pending`),
    check('properties_coordinates_check', coordinatesCheck('latitude', 'longitude')),
    check('properties_location_source_check', oneOf('location_source', LOCATION_SOURCES)),
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
    /** Who invited this person: they can never remove or demote that person. */
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
 * A template on a property's task list. It copies the template's name, description,
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

/**
 * The geocoder's answers, kept by normalised address (shared/place.ts `addressKey`), so one
 * address is asked once, as the Nominatim usage policy requires. Not a business record: an
 * address's coordinates are public facts, shared by every workspace. Null coordinates: not found.
 */
export const geocodeResults = pgTable(
  'geocode_results',
  {
    addressKey: text('address_key').primaryKey(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  () => [check('geocode_results_coordinates_check', coordinatesCheck('latitude', 'longitude'))],
);
