import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NoteAttachableType } from '../../../shared/constants';
import { ATTACHABLE_NOT_FOUND, type AttachableDto } from '../../../shared/schemas/attachables';
import { visibleAttachable } from '../../access/attachables';
import type { Member } from '../../access/member';
import type { Executor } from '../../db/client';
import {
  clients,
  invoices,
  photos,
  profiles,
  properties,
  secondaryProfiles,
  tasks,
  users,
  visits,
} from '../../db/schema';
import { notFound } from '../../errors';

// The name of whatever a photo or note is attached to (spec §7: entity-name lookup), as SQL
// so a list carries it in the same query. Visibility is decided by access/policy.ts, not here.

/** SQL: the display name of the record of `type` with id `id`; null when there is none. */
export function attachableName(type: NoteAttachableType, id: AnyPgColumn | string): SQL<string | null> {
  switch (type) {
    case 'property':
      return sql`(select ${properties.name} from ${properties} where ${properties.id} = ${id})`;
    case 'task':
      return sql`(select ${tasks.name} from ${tasks} where ${tasks.id} = ${id})`;
    case 'visit':
      // The property's name and the visit's date (in UTC: the server knows no viewer's zone).
      return sql`(select ${properties.name} || ', ' || to_char(${visits.scheduledAt} at time zone 'UTC', 'Mon FMDD, YYYY')
        from ${visits} join ${properties} on ${properties.id} = ${visits.propertyId} where ${visits.id} = ${id})`;
    case 'invoice':
      return sql`(select ${invoices.invoiceNumber} from ${invoices} where ${invoices.id} = ${id})`;
    case 'client':
      return sql`(select ${clients.name} from ${clients} where ${clients.id} = ${id})`;
    case 'profile':
      return sql`(select coalesce(nullif(${profiles.displayName}, ''), ${users.email})
        from ${profiles} join ${users} on ${users.id} = ${profiles.userId} where ${profiles.id} = ${id})`;
    case 'secondary_profile':
      return sql`(select ${secondaryProfiles.displayName} from ${secondaryProfiles} where ${secondaryProfiles.id} = ${id})`;
    case 'photo':
      return sql`(select coalesce(nullif(${photos.caption}, ''), ${photos.fileName}) from ${photos} where ${photos.id} = ${id})`;
  }
}

/** SQL over a row of mixed types (`type` and `id` columns): the attached record's name. */
export function attachedName(
  typeColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  types: readonly NoteAttachableType[],
): SQL<string | null> {
  const cases = types.map((type) => sql`when ${typeColumn} = ${type} then ${attachableName(type, idColumn)}`);
  return sql<string | null>`(case when ${idColumn} is null then null ${sql.join(cases, sql` `)} end)`;
}

/** `GET /api/attachables/:type/:id`: the record's name, or 404 for whoever may not see it. */
export async function getAttachable(
  db: Executor,
  member: Member,
  type: NoteAttachableType,
  id: string,
): Promise<AttachableDto> {
  const result = await db.execute(
    sql`select ${attachableName(type, id)} as name where ${visibleAttachable(member, type, id)}`,
  );
  const [row] = (result as unknown as { rows: { name: string | null }[] }).rows;
  if (!row) throw notFound(ATTACHABLE_NOT_FOUND[type]);
  return { type, id, name: row.name ?? 'Unknown' };
}
