import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NoteAttachableType, PropertyRole, VisitRole } from '../shared/constants';
import type { PropertyCan } from '../shared/schemas/properties';
import type { TaskCan } from '../shared/schemas/tasks';
import type { VisitCan } from '../shared/schemas/visits';
import { isAdmin, type Actor } from './auth/actor';
import type { Executor } from './db/client';
import {
  invoices,
  photos,
  profiles,
  properties,
  secondaryProfiles,
  tasks,
  userProperties,
  users,
  visits,
  visitSeries,
  visitUsers,
} from './db/schema';

// Who may see and change what (ARCHITECTURE.md "Who may do what"), in one place.
// Every query that returns user data is built on these conditions, so "not yours"
// and "not there" are the same 404 and a list can never leak a row. What a detail
// answer says the caller may do (`can`) is derived here too, from the same facts.

export const PROPERTY_NOT_FOUND = 'Property not found or access denied';

/** A uuid value or a column (or any SQL) holding one. */
type IdRef = string | SQL | AnyPgColumn;

// ── properties and everything under them ────────────────────────────────────

/**
 * SQL condition on `properties`: not deleted, and linked to the actor (admins see all).
 * Use it in the WHERE of any query that reaches properties or anything under them.
 */
export function visibleProperty(actor: Actor): SQL {
  const notDeleted = isNull(properties.deletedAt);
  if (isAdmin(actor)) return notDeleted;
  return and(
    notDeleted,
    sql`exists (select 1 from ${userProperties} where ${userProperties.propertyId} = ${properties.id} and ${userProperties.userId} = ${actor.id})`,
  )!;
}

/** SQL condition on `properties`: the actor manages it (an owner, or an admin): edit, delete, people, invoices. */
export function managedProperty(actor: Actor): SQL {
  const notDeleted = isNull(properties.deletedAt);
  if (isAdmin(actor)) return notDeleted;
  return and(
    notDeleted,
    sql`exists (select 1 from ${userProperties} where ${userProperties.propertyId} = ${properties.id} and ${userProperties.userId} = ${actor.id} and ${userProperties.role} = 'owner')`,
  )!;
}

/** The same visibility for a value or column holding a property id (visits.property_id, invoices.property_id…). */
export function visiblePropertyId(actor: Actor, propertyId: IdRef): SQL {
  return sql`${propertyId} in (select ${properties.id} from ${properties} where ${visibleProperty(actor)})`;
}

export function managedPropertyId(actor: Actor, propertyId: IdRef): SQL {
  return sql`${propertyId} in (select ${properties.id} from ${properties} where ${managedProperty(actor)})`;
}

/** Join condition: the actor's own link to the property (none for an unlinked admin). */
export const actorLink = (actor: Actor) =>
  and(eq(userProperties.propertyId, properties.id), eq(userProperties.userId, actor.id));

/** What the actor may do with a property they can see, given their link to it (null: not linked). */
export function propertyCan(actor: Actor, link: PropertyRole | null): PropertyCan {
  const manages = isAdmin(actor) || link === 'owner';
  return {
    edit: manages,
    delete: manages,
    managePeople: manages,
    // Everything under a property is changeable by anyone who can see it (ARCHITECTURE.md).
    manageTasks: true,
    scheduleVisit: true,
    leave: link !== null,
    seeInvoices: manages,
  };
}

// ── visits ──────────────────────────────────────────────────────────────────

/** SQL condition on `visits`: its property is visible to the actor. */
export const visibleVisit = (actor: Actor): SQL => visiblePropertyId(actor, visits.propertyId);

/** SQL: the actor is the lead of the visit whose id is given. */
export const leadsVisit = (actor: Actor, visitId: IdRef): SQL =>
  sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${actor.id} and ${visitUsers.role} = 'lead')`;

/** SQL: the actor is on the visit (lead or assistant), as the dashboard and the Today view list them. */
export const assignedToVisit = (actor: Actor, visitId: IdRef = visits.id): SQL =>
  sql`exists (select 1 from ${visitUsers} where ${visitUsers.visitId} = ${visitId} and ${visitUsers.userId} = ${actor.id})`;

/**
 * What the actor may do with a visit they can see. Everyone who sees the property changes
 * the visit and its tasks; the lead (or an admin) decides who else is on it; invoices are
 * for whoever manages the property.
 */
export function visitCan(actor: Actor, facts: { propertyLink: PropertyRole | null; visitRole: VisitRole | null }) {
  const managesProperty = isAdmin(actor) || facts.propertyLink === 'owner';
  return {
    edit: true,
    delete: true,
    manageTasks: true,
    managePeople: isAdmin(actor) || facts.visitRole === 'lead',
    createInvoice: managesProperty,
    seeInvoices: managesProperty,
  } satisfies VisitCan;
}

// ── visit series (issue 18) ─────────────────────────────────────────────────

/**
 * SQL condition on `visit_series`: its property is visible to the actor. A series is made,
 * seen, edited and deleted by whoever may do so with visits of its property (createVisit's
 * rule), so an outsider gets 404 on a series exactly as on its occurrences.
 */
export const visibleSeries = (actor: Actor): SQL => visiblePropertyId(actor, visitSeries.propertyId);

/** What the actor may do with a series they can see: the same as with its visits. */
export const seriesCan = (): { edit: boolean; delete: boolean } => ({ edit: true, delete: true });

// ── task templates: one shared catalogue ────────────────────────────────────

/** SQL condition on `tasks`: not deleted (every signed-in user sees the catalogue). */
export const visibleTask = (): SQL => isNull(tasks.deletedAt);

/** SQL condition on `tasks`: the actor may edit or delete it (its creator, or an admin). */
export const editableTask = (actor: Actor): SQL =>
  isAdmin(actor) ? sql`true` : sql`coalesce(${tasks.createdBy} = ${actor.id}, false)`;

export function taskCan(actor: Actor, createdBy: string | null): TaskCan {
  const mine = isAdmin(actor) || (createdBy !== null && createdBy === actor.id);
  return { edit: mine, delete: mine };
}

// ── people ──────────────────────────────────────────────────────────────────

/** SQL condition on `users`: admins see every account, anyone else only their own. */
export const visibleUser = (actor: Actor): SQL | undefined => (isAdmin(actor) ? undefined : eq(users.id, actor.id));

/** SQL condition on `user_properties`: admins see every link, anyone else only their own. */
export const visibleLink = (actor: Actor): SQL | undefined =>
  isAdmin(actor) ? undefined : eq(userProperties.userId, actor.id);

/** SQL condition on `secondary_profiles`: the actor's own (spec §6; admins get no exception). */
export const ownSecondaryProfile = (actor: Actor): SQL => eq(secondaryProfiles.userId, actor.id);

// ── attachables: what photos and notes hang on (spec §3) ────────────────────

/**
 * SQL: the actor may see the record of `type` with id `id` (a value or a column).
 * Photos and notes are visible exactly when what they are attached to is:
 * - property, visit: whoever sees the property (a linked technician included);
 * - task: every signed-in user (the shared catalogue);
 * - invoice: whoever manages its property (technicians do not see invoices);
 * - profile: its user, and admins; secondary profile: its owner only;
 * - photo: whoever may see the photo (what it is attached to, or its uploader when standalone).
 */
export function visibleAttachable(actor: Actor, type: NoteAttachableType, id: IdRef): SQL {
  switch (type) {
    case 'property':
      return sql`exists (select 1 from ${properties} where ${properties.id} = ${id} and ${visibleProperty(actor)})`;
    case 'task':
      return sql`exists (select 1 from ${tasks} where ${tasks.id} = ${id} and ${visibleTask()})`;
    case 'visit':
      return sql`exists (select 1 from ${visits} where ${visits.id} = ${id} and ${visibleVisit(actor)})`;
    case 'invoice':
      return sql`exists (select 1 from ${invoices} where ${invoices.id} = ${id} and ${managedPropertyId(actor, invoices.propertyId)})`;
    case 'profile':
      return isAdmin(actor)
        ? sql`exists (select 1 from ${profiles} where ${profiles.id} = ${id})`
        : sql`exists (select 1 from ${profiles} where ${profiles.id} = ${id} and ${profiles.userId} = ${actor.id})`;
    case 'secondary_profile':
      return sql`exists (select 1 from ${secondaryProfiles} where ${secondaryProfiles.id} = ${id} and ${ownSecondaryProfile(actor)})`;
    case 'photo':
      return sql`exists (select 1 from ${photos} where ${photos.id} = ${id} and ${visiblePhoto(actor)})`;
  }
}

/**
 * The ids of the records of `type` the actor may see, as a subquery (for lists: see
 * `visibleAttachedIds`).
 */
function visibleIds(actor: Actor, type: NoteAttachableType): SQL {
  switch (type) {
    case 'property':
      return sql`select ${properties.id} from ${properties} where ${visibleProperty(actor)}`;
    case 'task':
      return sql`select ${tasks.id} from ${tasks} where ${visibleTask()}`;
    case 'visit':
      return sql`select ${visits.id} from ${visits} where ${visibleVisit(actor)}`;
    case 'invoice':
      return sql`select ${invoices.id} from ${invoices} where ${managedPropertyId(actor, invoices.propertyId)}`;
    case 'profile':
      return isAdmin(actor)
        ? sql`select ${profiles.id} from ${profiles}`
        : sql`select ${profiles.id} from ${profiles} where ${profiles.userId} = ${actor.id}`;
    case 'secondary_profile':
      return sql`select ${secondaryProfiles.id} from ${secondaryProfiles} where ${ownSecondaryProfile(actor)}`;
    case 'photo':
      return visibleAttachedIds(
        actor,
        {
          table: sql`${photos} as ${sql.identifier('visible_photos')}`,
          id: photosByVisibility.id,
          type: photosByVisibility.attachableType,
          attachableId: photosByVisibility.attachableId,
          author: photosByVisibility.uploadedBy,
        },
        PHOTO_TYPES,
      );
  }
}

/**
 * SQL condition on a row of an attached kind (a photo or a note): the actor may see it.
 * A standalone one (no attachable id) only its author; any other, whoever sees what it
 * is attached to.
 */
export function visibleAttached(
  actor: Actor,
  columns: { type: AnyPgColumn; id: AnyPgColumn; author: AnyPgColumn },
  types: readonly NoteAttachableType[],
): SQL {
  const byType = types.map(
    (type) => sql`(${columns.type} = ${type} and ${visibleAttachable(actor, type, columns.id)})`,
  );
  return sql`(case when ${columns.id} is null then ${columns.author} = ${actor.id} else (${sql.join(byType, sql` or `)}) end)`;
}

/**
 * SQL: the ids of the rows of an attached kind (notes, photos) the actor may see, as one
 * `union all` whose parts are each an index lookup: the standalone rows by their author, and
 * for each type the rows attached to a record in that type's visible id set. A list filters
 * with `id in (…)`, so PostgreSQL starts from what the actor may see instead of reading every
 * row and testing it. `source` is the table under another name (`notes as visible_notes`)
 * and that alias's columns, so they are never confused with the outer query's.
 */
export function visibleAttachedIds(
  actor: Actor,
  source: {
    table: SQL;
    id: AnyPgColumn;
    type: AnyPgColumn;
    attachableId: AnyPgColumn;
    author: AnyPgColumn;
  },
  types: readonly NoteAttachableType[],
): SQL {
  const standalone = sql`select ${source.id} from ${source.table} where ${source.attachableId} is null and ${source.author} = ${actor.id}`;
  const attached = types.map(
    (type) =>
      sql`select ${source.id} from ${source.table} where ${source.type} = ${type} and ${source.attachableId} in (${visibleIds(actor, type)})`,
  );
  return sql.join([standalone, ...attached], sql` union all `);
}

/**
 * `column` is one of the ids `ids` (a subquery) gives. The set is computed once, as an array,
 * and the rows are then found by their primary key. `column in (subquery)` let PostgreSQL pick
 * a nested loop over the whole id set for every row when it misjudged the set's size: 31 s for
 * the bench's biggest account on GET /api/notes, against 0.18 s this way (bench/README.md).
 */
export function idAmong(column: AnyPgColumn, ids: SQL): SQL {
  return sql`${column} = any(array(${ids}))`;
}

/** SQL condition on `photos`: the actor may see the photo. */
export function visiblePhoto(actor: Actor): SQL {
  return visibleAttached(
    actor,
    { type: photos.attachableType, id: photos.attachableId, author: photos.uploadedBy },
    PHOTO_TYPES,
  );
}
/** `photos` under another name, for the id sets inside a query that may itself read photos. */
const photosByVisibility = alias(photos, 'visible_photos');
const PHOTO_TYPES = ['property', 'task', 'visit', 'invoice', 'profile', 'secondary_profile'] as const;

/** Whether the actor may see the record (one query). */
export async function canSeeAttachable(
  db: Executor,
  actor: Actor,
  type: NoteAttachableType,
  id: string,
): Promise<boolean> {
  const result = await db.execute(sql`select ${visibleAttachable(actor, type, id)} as visible`);
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: { visible: boolean }[] }).rows;
  return row?.visible === true;
}
