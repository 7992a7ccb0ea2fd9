import { z } from 'zod';
import { NIL_ATTACHABLE_ID, NOTE_ATTACHABLE_TYPES, type NoteAttachableType } from '../constants';

// What photos and notes hang on (spec §3 Attachable types).

export const attachableType = z.enum(NOTE_ATTACHABLE_TYPES, {
  error: `Type must be one of ${NOTE_ATTACHABLE_TYPES.join(', ')}`,
});

/**
 * The attached record's id: blank or the all-zero id of the original app (spec §5) means
 * standalone and becomes null; anything else must be a uuid.
 */
export const attachableId = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
  z
    .string()
    .trim()
    .pipe(z.uuid('Please select an item to attach to'))
    .nullable()
    .transform((value) => (value === NIL_ATTACHABLE_ID ? null : value)),
);

/** The not-found message of each attachable type's own records, for a 404 on attaching. */
export const ATTACHABLE_NOT_FOUND: Record<NoteAttachableType, string> = {
  property: 'Property not found or access denied',
  task: 'Task not found',
  visit: 'Visit not found',
  invoice: 'Invoice not found',
  client: 'Client not found',
  profile: 'Profile not found',
  secondary_profile: 'Profile not found',
  photo: 'Photo not found',
};

/** `GET /api/attachables/:type/:id`. */
export interface AttachableDto {
  type: NoteAttachableType;
  id: string;
  name: string;
}
