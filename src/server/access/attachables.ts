import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { NoteAttachableType } from '../../shared/constants';
import { ATTACHABLE_NOT_FOUND } from '../../shared/schemas/attachables';
import type { Executor } from '../db/client';
import { notes, photos } from '../db/schema';
import { notFound } from '../errors';
import { manages, type Member } from './member';
import {
  BUSINESS_ATTACHABLE_TYPES,
  NOTE_TYPES,
  PHOTO_TYPES,
  policy,
  visibleIds,
  type IdRef,
  type Kind,
} from './policy';

// What photos and notes hang on (spec §3): the record one names must be visible to attach to it,
// and the lists of attached rows read the policy's scopes branch by branch.

/** The policy entry each attachable type is seen through. */
const ATTACHABLE_KIND = {
  property: 'property',
  task: 'task',
  visit: 'visit',
  invoice: 'invoice',
  client: 'client',
  profile: 'profile',
  secondary_profile: 'secondaryProfile',
  photo: 'photo',
} as const satisfies Record<NoteAttachableType, Kind>;

const isBusinessType = (type: NoteAttachableType) => (BUSINESS_ATTACHABLE_TYPES as readonly string[]).includes(type);

/** SQL: the member may see the record of `type` with id `id` (a value or a column). */
export function visibleAttachable(member: Member, type: NoteAttachableType, id: IdRef): SQL {
  const entry = policy[ATTACHABLE_KIND[type]];
  return sql`exists (select 1 from ${entry.table} where ${entry.table.id} = ${id} and ${entry.scope(member)})`;
}

/**
 * The notes and photos lists: `policy.note/photo.scope` as branches, each one indexed
 * condition read in the list's order or from the records it names. The personal rows
 * (`…_personal_idx`); the workspace's rows: for owners and managers all of them
 * (`…_workspace_created_idx`), for a technician one branch per type of record, the rows on the
 * records of their assignment set (`…_attachable_idx`, from the ids computed once as an array).
 * An `or` of the conditions made PostgreSQL read every visible row and sort them.
 * - `newest(n)`: the row is among the newest `n` of some branch that pass `filter`; a list
 *   ordered newest first whose page ends at row `n` finds all its rows there.
 * - `rows`: every branch's rows that pass `filter`, for `countUpTo`.
 */
export function attachedList(kind: 'note' | 'photo', member: Member, filter: SQL | undefined) {
  const table = kind === 'note' ? notes : photos;
  const author = kind === 'note' ? notes.createdBy : photos.uploadedBy;
  const inWorkspace = sql`${table.workspaceId} = ${member.workspaceId}`;
  const business = manages(member)
    ? [inWorkspace]
    : (kind === 'note' ? NOTE_TYPES : PHOTO_TYPES).map(
        (type) =>
          sql`${inWorkspace} and ${table.attachableType} = ${type} and ${table.attachableId} = any(array(${visibleIds(member, type)}))`,
      );
  const branches = [...business, sql`${table.workspaceId} is null and ${author} = ${member.id}`];
  const branch = (select: SQL, where: SQL, newest?: number) =>
    sql`(select ${select} from ${table} where ${and(where, filter)}${
      newest === undefined ? sql`` : sql` order by ${table.createdAt} desc, ${table.id} desc limit ${newest}`
    })`;
  return {
    newest: (n: number): SQL =>
      sql`${table.id} = any(array(${sql.join(
        branches.map((where) => branch(sql`${table.id}`, where, n)),
        sql` union all `,
      )}))`,
    rows: sql.join(
      branches.map((where) => branch(sql`1`, where)),
      sql` union all `,
    ),
  };
}

/**
 * Before attaching a photo or note: the record must be one the member may see (404 with that
 * record's own message otherwise). Answers the workspace the new row belongs to: the member's
 * for a business record, the photo's for a note on a photo, none for a personal one.
 */
export async function attachmentWorkspace(
  db: Executor,
  member: Member,
  type: NoteAttachableType,
  id: string | null,
): Promise<string | null> {
  if (id === null) return null;
  const entry = policy[ATTACHABLE_KIND[type]];
  const result = await db.execute(
    sql`select ${type === 'photo' ? photos.workspaceId : sql`null`} as workspace_id
      from ${entry.table} where ${entry.table.id} = ${id} and ${entry.scope(member)}`,
  );
  const [row] = (result as unknown as { rows: { workspace_id: string | null }[] }).rows;
  if (!row) throw notFound(ATTACHABLE_NOT_FOUND[type]);
  if (type === 'photo') return row.workspace_id;
  return isBusinessType(type) ? member.workspaceId : null;
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
