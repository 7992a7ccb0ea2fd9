import { z } from 'zod';
import { PHOTO_ATTACHABLE_TYPES, TEXT_LIMITS } from '../constants';
import { attachableId } from './attachables';
import { clientId, isoInstant, optionalText, pageQuery } from './common';
import { PHOTO_MESSAGES } from '../messages/photos';
import { PHOTO_TAGS } from '../evidence';

// spec §2 Photos, §3 photo, §5 (photo rules), §6 (uploader only), §8 (messages), §9 (limits).

export const photoAttachableType = z.enum(PHOTO_ATTACHABLE_TYPES, {
  error: `Type must be one of ${PHOTO_ATTACHABLE_TYPES.join(', ')}`,
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const caption = optionalText(TEXT_LIMITS.caption, 'Caption');

/** The text fields of `POST /api/photos` (multipart); spec §5: no attachment means type property, standalone. */
export const photoFields = z.object({
  id: clientId,
  caption,
  attachableType: z.preprocess((value) => value || undefined, photoAttachableType.default('property')),
  attachableId,
  /** The visit task (of the visit `attachableId`) the photo is evidence for, and its tag. */
  visitTaskId: z.preprocess(blankToUndefined, z.uuid(PHOTO_MESSAGES.visitTaskInvalid).optional()),
  tag: z.preprocess(blankToUndefined, z.enum(PHOTO_TAGS, PHOTO_MESSAGES.tagInvalid).optional()),
  /** When the phone took it (an instant with its offset); kept when plausible. */
  capturedAt: z.preprocess(
    blankToUndefined,
    isoInstant('Captured at must be a date and time with its offset').optional(),
  ),
});
export type PhotoFields = z.output<typeof photoFields>;

/** `PATCH /api/photos/:id`: only the caption changes. */
export const updatePhotoInput = z.object({ caption });
export type UpdatePhotoInput = z.input<typeof updatePhotoInput>;

/** `GET /api/photos?q=&attachableType=&attachableId=&limit=&offset=`. */
export const listPhotosQuery = pageQuery.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  attachableType: z.preprocess(blankToUndefined, photoAttachableType.optional()),
  attachableId: z.preprocess(blankToUndefined, z.uuid().optional()),
  visitTaskId: z.preprocess(blankToUndefined, z.uuid().optional()),
});
export type ListPhotosQuery = z.input<typeof listPhotosQuery>;

export { PHOTO_MESSAGES };
