// spec §8: the photos messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/photos.ts uses and re-exports them.

export const PHOTO_MESSAGES = {
  notFound: 'Photo not found',
  alreadyExists: 'A photo with this id already exists',
  notAnImage: 'Please select an image file',
  tooLarge: 'File size must be less than 10MB',
  tooManyPixels: 'The image is too large: at most 100 megapixels',
  heic: 'HEIC and HEIF photos cannot be read here; please choose a JPEG, PNG, WebP or GIF (on an iPhone: Settings → Camera → Formats → Most Compatible)',
  selectItem: 'Please select an item to attach to',
  selectImage: 'Please select an image file',
  notMultipart: 'Send the photo as multipart/form-data with a file field',
  unauthorizedEdit: 'Unauthorized to edit this photo',
  unauthorizedDelete: 'Unauthorized to delete this photo',
  loadFailed: 'Failed to load photos',
  loadEntitiesFailed: 'Failed to load entities',
  uploadFailed: 'Failed to upload photo',
  uploadFailedAlert: (message: string) => `Failed to upload photo: ${message}`,
  deleteFailed: (message: string) => `Failed to delete photo: ${message}`,
  // Evidence photos.
  visitTaskInvalid: 'Visit task must be an id',
  tagInvalid: 'Tag must be before, after or other',
  evidenceOnVisit: 'A photo of a visit task must be attached to that visit',
  cameraDenied: 'Camera permission denied. Please allow camera access.',
  cameraNotFound: 'No camera found on this device.',
  cameraFailed: (message: string) => `Unable to access camera: ${message}`,
} as const;
