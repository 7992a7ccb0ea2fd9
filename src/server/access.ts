import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Actor } from './auth/session';
import { isAdmin } from './auth/session';
import { properties, userProperties } from './db/schema';

// Who may see and change what (ARCHITECTURE.md "Who may do what"), in one place.
// Every query that returns user data is built on these conditions, so "not yours"
// and "not there" are the same 404 and a list can never leak a row.

export const PROPERTY_NOT_FOUND = 'Property not found or access denied';

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

/** SQL condition on `properties`: the actor may edit or delete it (an owner, or an admin). */
export function ownedProperty(actor: Actor): SQL {
  const notDeleted = isNull(properties.deletedAt);
  if (isAdmin(actor)) return notDeleted;
  return and(
    notDeleted,
    sql`exists (select 1 from ${userProperties} where ${userProperties.propertyId} = ${properties.id} and ${userProperties.userId} = ${actor.id} and ${userProperties.role} = 'owner')`,
  )!;
}

/** The same visibility for a column holding a property id (visits.property_id, invoices.property_id…). */
export function visiblePropertyId(actor: Actor, propertyIdColumn: SQL | typeof properties.id): SQL {
  return sql`${propertyIdColumn} in (select ${properties.id} from ${properties} where ${visibleProperty(actor)})`;
}

export const propertyById = (id: string) => eq(properties.id, id);
