import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PROPERTY_MESSAGES } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { ErrorBox } from '../../shell/error-box';
import { useDeleteProperty } from './api';

/** Confirmation before the soft delete (spec §4); 'Error deleting property: {message}' on failure. */
export function DeletePropertyModal({
  property,
  onClose,
  onDeleted,
}: {
  property: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteProperty();
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    remove.reset();
    onClose();
  }

  async function confirm() {
    if (!property) return;
    setFailure(null);
    try {
      await remove.mutateAsync(property.id);
      close();
      onDeleted?.();
    } catch (error) {
      setFailure(`${PROPERTY_MESSAGES.deleteError}: ${errorMessage(error, 'Unknown error')}`);
    }
  }

  return (
    <Modal opened={property !== null} onClose={close} title="Delete property" centered>
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete <strong>{property?.name}</strong>? It disappears for everyone linked to it.
        </Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
