// spec §8: the notes messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/notes.ts uses and re-exports them.

export const NOTE_MAX_LENGTH = 10_000;

export const NOTE_MESSAGES = {
  contentRequired: 'Note content is required',
  contentEmpty: 'Note content cannot be empty',
  contentTooLong: `Note content must be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  notFound: 'Note not found',
  alreadyExists: 'A note with this id already exists',
  unauthorizedEdit: 'Unauthorized to edit this note',
  unauthorizedDelete: 'Unauthorized to delete this note',
  confirmDelete: 'Are you sure you want to delete this note?',
  loadFailed: 'Failed to load notes',
  addFailed: (message: string) => `Failed to add note: ${message}`,
  updateFailed: (message: string) => `Failed to update note: ${message}`,
  errorDeleting: (message: string) => `Error deleting note: ${message}`,
  standaloneHint: 'leave blank for standalone note',
} as const;
