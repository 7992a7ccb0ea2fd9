import { NOTE_MESSAGES } from '../../shared/messages/notes';
import { errorMessage } from '../api/http';
import { useDeleteNote } from '../api/notes';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The one question before a note is deleted, wherever it is deleted from (its page, the notes
 * list, a record's notes panel): spec §8's 'Are you sure you want to delete this note?', and
 * 'Error deleting note: {message}' when the server refuses.
 */
export function DeleteNoteDialog({
  noteId,
  onClose,
  onDeleted,
}: {
  /** The note to delete; the dialog is open while it is set. */
  noteId: string | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteNote();
  return (
    <ConfirmDialog
      opened={noteId !== null}
      title="Delete Note"
      onClose={onClose}
      onConfirm={async () => {
        if (noteId === null) return;
        await remove.mutateAsync(noteId);
        onDeleted?.();
      }}
      describeError={(error) => NOTE_MESSAGES.errorDeleting(errorMessage(error, 'unknown error'))}
    >
      {NOTE_MESSAGES.confirmDelete}
    </ConfirmDialog>
  );
}
