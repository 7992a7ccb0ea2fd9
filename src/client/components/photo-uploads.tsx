import { isPhotoTooLarge } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';

/** spec §5: an image under 10 MB; the server decides again by the file's bytes. */
export function checkPhotoFile(file: Blob): string | null {
  if (!file.type.startsWith('image/')) return PHOTO_MESSAGES.notAnImage;
  if (isPhotoTooLarge(file.size)) return PHOTO_MESSAGES.tooLarge;
  return null;
}
