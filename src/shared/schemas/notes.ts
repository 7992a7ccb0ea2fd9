import { z } from 'zod';
import { attachableId, attachableType } from './attachables';
import { clientId, isoInstant, pageQuery } from './common';
import { NOTE_MAX_LENGTH, NOTE_MESSAGES } from '../messages/notes';

// spec §2 Notes, §3 note, §4 Notes, §5 Note, §6, §8 (note messages), §9 (150-character preview, 8 rows).

/** spec §5: required and trimmed; empty is 'required', only spaces is 'cannot be empty'. */
export const noteContent = z
  .string({ error: NOTE_MESSAGES.contentRequired })
  .min(1, NOTE_MESSAGES.contentRequired)
  .trim()
  .min(1, NOTE_MESSAGES.contentEmpty)
  .max(NOTE_MAX_LENGTH, NOTE_MESSAGES.contentTooLong);

/** `POST /api/notes`: spec §5, with no attachment it defaults to type property, standalone. */
export const createNoteInput = z.object({
  id: clientId,
  content: noteContent,
  attachableType: z.preprocess((value) => value || undefined, attachableType.default('property')),
  attachableId,
  /** The note appears on the visit report sent to the client. */
  shareWithClient: z.boolean('Share with client must be true or false').optional(),
  /**
   * When the device made the note; its `createdAt` when plausible (not in the future, not
   * before the record it is on was made, at most 30 days ago), else the server's time.
   */
  at: isoInstant('At must be a date and time with its offset').optional(),
});
export type CreateNoteInput = z.input<typeof createNoteInput>;

/** `PATCH /api/notes/:id`: spec §4, the content changes (and whether it is shared with the client). */
export const updateNoteInput = z.object({
  content: noteContent,
  shareWithClient: z.boolean('Share with client must be true or false').optional(),
});
export type UpdateNoteInput = z.input<typeof updateNoteInput>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `GET /api/notes?q=&attachableType=&attachableId=&limit=&offset=`. */
export const listNotesQuery = pageQuery.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  attachableType: z.preprocess(blankToUndefined, attachableType.optional()),
  attachableId: z.preprocess(blankToUndefined, z.uuid().optional()),
});
export type ListNotesQuery = z.input<typeof listNotesQuery>;

export { NOTE_MAX_LENGTH, NOTE_MESSAGES };
