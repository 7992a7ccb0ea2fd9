import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTE_ATTACHABLE_TYPES, type NoteAttachableType } from '../../../shared/constants';
import {
  NOTE_MESSAGES,
  type createNoteInput,
  type listNotesQuery,
  type updateNoteInput,
} from '../../../shared/schemas/notes';
import { attachedList, attachmentWorkspace } from '../../access/attachables';
import { insertWithClientId } from '../../access/client-ids';
import type { Member } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import {
  clients,
  invoices,
  notes,
  photos,
  profiles,
  properties,
  secondaryProfiles,
  tasks,
  users,
  visits,
} from '../../db/schema';
import { containsPattern, countUpTo, plausibleInstant, toPage } from '../../db/sql';
import { notFound } from '../../errors';
import { attachedName } from '../attachables';

// Notes on all seven record types (spec §2 Notes, §4, §6, §7 notes service). Visible as what
// they are attached to (access/policy.ts `policy.note`): a business one in its workspace, a personal
// one (standalone, on a profile) to its author; only the author edits or deletes.

const selectNotes = (db: Executor) =>
  db
    .select({
      id: notes.id,
      content: notes.content,
      shareWithClient: notes.shareWithClient,
      attachableType: notes.attachableType,
      attachableId: notes.attachableId,
      attachedName: attachedName(notes.attachableType, notes.attachableId, NOTE_ATTACHABLE_TYPES),
      createdBy: notes.createdBy,
      authorName: profiles.displayName,
      authorEmail: users.email,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
    })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.createdBy))
    .leftJoin(profiles, eq(profiles.userId, notes.createdBy));

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

function toDto(member: Member, row: NoteRow) {
  return {
    id: row.id,
    content: row.content,
    shareWithClient: row.shareWithClient,
    attachableType: row.attachableType,
    attachableId: row.attachableId,
    attachedName: row.attachedName,
    createdBy: row.createdBy,
    author: { displayName: row.authorName, email: row.authorEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.updatedAt.getTime() !== row.createdAt.getTime(),
    can: policy.note.can(member, row.createdBy),
  };
}

/** `GET /api/notes`: newest first, one query with each note's author and attached name. */
export async function listNotes(db: Executor, member: Member, query: z.output<typeof listNotesQuery>) {
  const visible = attachedList(
    'note',
    member,
    and(
      query.attachableType ? eq(notes.attachableType, query.attachableType) : undefined,
      query.attachableId ? eq(notes.attachableId, query.attachableId) : undefined,
      query.q ? ilike(notes.content, containsPattern(query.q)) : undefined,
    ),
  );
  const rows = await selectNotes(db)
    .where(visible.newest(query.offset + query.limit))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => countUpTo(db, visible.rows),
    (row) => toDto(member, row),
  );
}

/** `GET /api/notes/:id`: one query; 'Note not found' for whoever may not see it. */
export async function getNote(db: Executor, member: Member, id: string) {
  const [row] = await selectNotes(db).where(and(eq(notes.id, id), policy.note.scope(member)));
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return toDto(member, row);
}

export async function createNote(db: Executor, member: Member, input: z.output<typeof createNoteInput>) {
  // 404 with the record's own message unless the member sees it; the note joins its workspace.
  const workspaceId = await attachmentWorkspace(db, member, input.attachableType, input.attachableId);
  // And the time it was made, when plausible.
  const madeAt = plausibleInstant(input.at, noteFloor(input.attachableType, input.attachableId));
  // A note made offline keeps the id the phone gave it (access/client-ids.ts insertWithClientId).
  const id = await insertWithClientId(
    db,
    input.id,
    async (id) => {
      const [row] = await db
        .insert(notes)
        .values({
          ...(id ? { id } : {}),
          workspaceId,
          content: input.content,
          shareWithClient: input.shareWithClient ?? false,
          attachableType: input.attachableType,
          attachableId: input.attachableId,
          createdBy: member.id,
          createdAt: madeAt,
          updatedAt: madeAt,
        })
        .onConflictDoNothing({ target: notes.id })
        .returning({ id: notes.id });
      return row?.id;
    },
    { kind: 'note', member },
    NOTE_MESSAGES.alreadyExists,
  );
  return getNote(db, member, id);
}

const ATTACHED_TABLES = {
  property: properties,
  task: tasks,
  visit: visits,
  invoice: invoices,
  client: clients,
  profile: profiles,
  secondary_profile: secondaryProfiles,
  photo: photos,
} as const satisfies Record<NoteAttachableType, unknown>;

/** SQL: the earliest plausible time of a new note: 30 days ago, and not before the record it is on was made. */
function noteFloor(type: NoteAttachableType, id: string | null): SQL {
  const oldest = sql`now() - interval '30 days'`;
  if (id === null) return oldest;
  const table = ATTACHED_TABLES[type];
  return sql`greatest(${oldest}, (select ${table.createdAt} from ${table} where ${table.id} = ${id}))`;
}

/** Visible → 403 for anyone but the author; invisible → 404. */
const requireAuthor = (db: Executor, member: Member, id: string, message: string) =>
  requireRecord(db, member, 'note', id, {
    columns: { createdBy: notes.createdBy },
    need: { allows: (row) => policy.note.can(member, row.createdBy).edit, message },
  });

/** spec §4: the content (and sharing with the client) changes; the attachment is fixed. */
export async function updateNote(db: Executor, member: Member, id: string, input: z.output<typeof updateNoteInput>) {
  await requireAuthor(db, member, id, NOTE_MESSAGES.unauthorizedEdit);
  await db
    .update(notes)
    // clock_timestamp(), not now(): a note edited in the transaction that made it still moves.
    .set({
      content: input.content,
      ...(input.shareWithClient === undefined ? {} : { shareWithClient: input.shareWithClient }),
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(notes.id, id), eq(notes.createdBy, member.id)));
  return getNote(db, member, id);
}

/** spec §4: notes are really deleted. */
export async function removeNote(db: Executor, member: Member, id: string): Promise<void> {
  await requireAuthor(db, member, id, NOTE_MESSAGES.unauthorizedDelete);
  await db.delete(notes).where(and(eq(notes.id, id), eq(notes.createdBy, member.id)));
}
