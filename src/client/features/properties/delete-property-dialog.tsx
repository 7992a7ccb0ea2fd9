import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { errorMessage } from '../../api/http';
import { useDeleteProperty } from '../../api/properties';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** Confirmation before the soft delete (spec §4); 'Error deleting property: {message}' on failure. */
export function DeletePropertyDialog({
  property,
  onClose,
  onDeleted,
}: {
  property: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteProperty();
  return (
    <ConfirmDialog
      opened={property !== null}
      title="Delete property"
      onClose={onClose}
      onConfirm={async () => {
        if (!property) return;
        await remove.mutateAsync(property.id);
        onDeleted?.();
      }}
      describeError={(error) => `${PROPERTY_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`}
    >
      {`Are you sure you want to delete ${property?.name ?? 'this property'}? It disappears for everyone linked to it.`}
    </ConfirmDialog>
  );
}
