import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { errorMessage } from '../../api/http';
import { useDeleteClient } from '../../api/clients';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** Confirmation before deleting a client: its properties stay, without a client. */
export function DeleteClientDialog({
  client,
  onClose,
  onDeleted,
}: {
  client: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteClient();
  return (
    <ConfirmDialog
      opened={client !== null}
      title="Delete client"
      onClose={onClose}
      onConfirm={async () => {
        if (!client) return;
        await remove.mutateAsync(client.id);
        onDeleted?.();
      }}
      describeError={(error) => `${CLIENT_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`}
    >
      {`Are you sure you want to delete ${client?.name ?? 'this client'}? Their properties stay, without a client.`}
    </ConfirmDialog>
  );
}
