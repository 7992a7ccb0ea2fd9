import type { NoteAttachableType } from '../../../shared/constants';
import { NOTE_PREVIEW_LENGTH } from '../../../shared/constants';

/** 'secondary_profile' → 'Secondary Profile', for 'View {type}' (spec §2). */
export const typeTitle = (type: NoteAttachableType) =>
  type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** spec §9: the list shows the first 150 characters. */
export const preview = (content: string) =>
  content.length > NOTE_PREVIEW_LENGTH ? `${content.slice(0, NOTE_PREVIEW_LENGTH)}…` : content;
