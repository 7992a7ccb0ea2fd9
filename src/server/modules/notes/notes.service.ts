import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { NOTE_ATTACHABLE_TYPES } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import {
  NOTE_MESSAGES,
  type createNoteInput,
  type listNotesQuery,
  type NoteDto,
  type updateNoteInput,
} from '../../../shared/schemas/notes';
import { idAmong, visibleAttached, visibleAttachedIds } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { notes, profiles, users } from '../../db/schema';
import { containsPattern, toPage, windowTotal } from '../../db/sql';
import { conflict, forbidden, notFound } from '../../errors';
import { attachedName, requireAttachable } from '../attachables/attachables.service';

// Notes on all seven record types (spec §2 Notes, §4, §6, §7 notes service). Visible to
// whoever sees the record they are attached to (access.ts), a standalone one to its author;
// only the author edits or deletes.

/** SQL condition on `notes`: the actor may see the note. */
const visibleNote = (actor: Actor) =>
  visibleAttached(
    actor,
    { type: notes.attachableType, id: notes.attachableId, author: notes.createdBy },
    NOTE_ATTACHABLE_TYPES,
  );

const byVisibility = alias(notes, 'visible_notes');
/** The ids of every note the actor may see (access.ts `visibleAttachedIds`). */
const visibleNoteIds = (actor: Actor) =>
  visibleAttachedIds(
    actor,
    {
      table: sql`${notes} as ${sql.identifier('visible_notes')}`,
      id: byVisibility.id,
      type: byVisibility.attachableType,
      attachableId: byVisibility.attachableId,
      author: byVisibility.createdBy,
    },
    NOTE_ATTACHABLE_TYPES,
  );

const selectNotes = (db: Executor) =>
  db
    .select({
      id: notes.id,
      content: notes.content,
      attachableType: notes.attachableType,
      attachableId: notes.attachableId,
      attachedName: attachedName(notes.attachableType, notes.attachableId, NOTE_ATTACHABLE_TYPES),
      createdBy: notes.createdBy,
      authorName: profiles.displayName,
      authorEmail: users.email,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
      total: windowTotal(),
    })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.createdBy))
    .leftJoin(profiles, eq(profiles.userId, notes.createdBy));

type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

function toDto(actor: Actor, row: Omit<NoteRow, 'total'>): NoteDto {
  const mine = row.createdBy === actor.id;
  return {
    id: row.id,
    content: row.content,
    attachableType: row.attachableType,
    attachableId: row.attachableId,
    attachedName: row.attachedName,
    createdBy: row.createdBy,
    author: { displayName: row.authorName, email: row.authorEmail },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.updatedAt.getTime() !== row.createdAt.getTime(),
    can: { edit: mine, delete: mine },
  };
}

/** `GET /api/notes`: newest first, one query with each note's author and attached name. */
export async function listNotes(
  db: Executor,
  actor: Actor,
  query: z.output<typeof listNotesQuery>,
): Promise<Page<NoteDto>> {
  const where = and(
    // One record's notes (a panel) are few: checked per row. Any other list starts from the
    // ids the actor may see (index lookups), not from every note.
    query.attachableId ? visibleNote(actor) : idAmong(notes.id, visibleNoteIds(actor)),
    query.attachableType ? eq(notes.attachableType, query.attachableType) : undefined,
    query.attachableId ? eq(notes.attachableId, query.attachableId) : undefined,
    query.q ? ilike(notes.content, containsPattern(query.q)) : undefined,
  );
  const rows = await selectNotes(db)
    .where(where)
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => db.$count(notes, where),
    (row) => toDto(actor, row),
  );
}

/** `GET /api/notes/:id`: one query; 'Note not found' for whoever may not see it. */
export async function getNote(db: Executor, actor: Actor, id: string): Promise<NoteDto> {
  const [row] = await selectNotes(db).where(and(eq(notes.id, id), visibleNote(actor)));
  if (!row) throw notFound(NOTE_MESSAGES.notFound);
  return toDto(actor, row);
}

export async function createNote(
  db: Executor,
  actor: Actor,
  input: z.output<typeof createNoteInput>,
): Promise<NoteDto> {
  await requireAttachable(db, actor, input.attachableType, input.attachableId);
  // Issue 17: a note made offline keeps the id the phone gave it; an id in use is a conflict.
  const [row] = await db
    .insert(notes)
    .values({
      ...(input.id ? { id: input.id } : {}),
      content: input.content,
      attachableType: input.attachableType,
      attachableId: input.attachableId,
      createdBy: actor.id,
    })
    .onConflictDoNothing({ target: notes.id })
    .returning({ id: notes.id });
  if (!row) throw conflict(NOTE_MESSAGES.alreadyExists);
  return getNote(db, actor, row.id);
}

/** Visible → 403 for anyone but the author; invisible → 404. */
async function requireAuthor(db: Executor, actor: Actor, id: string, message: string) {
  const note = await getNote(db, actor, id);
  if (!note.can.edit) throw forbidden(message);
  return note;
}

/** spec §4: only the content changes; the attachment is fixed. */
export async function updateNote(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof updateNoteInput>,
): Promise<NoteDto> {
  await requireAuthor(db, actor, id, NOTE_MESSAGES.unauthorizedEdit);
  await db
    .update(notes)
    // clock_timestamp(), not now(): a note edited in the transaction that made it still moves.
    .set({ content: input.content, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(notes.id, id), eq(notes.createdBy, actor.id)));
  return getNote(db, actor, id);
}

/** spec §4: notes are really deleted. */
export async function removeNote(db: Executor, actor: Actor, id: string): Promise<void> {
  await requireAuthor(db, actor, id, NOTE_MESSAGES.unauthorizedDelete);
  await db.delete(notes).where(and(eq(notes.id, id), eq(notes.createdBy, actor.id)));
}
