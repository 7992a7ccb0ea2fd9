import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { useDeleteWorkspace } from '../../api/workspaces';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** Business settings' danger zone (owners): deletes the business after a confirmation that names it. */
export function DeleteWorkspaceSection({ workspace }: { workspace: { id: string; name: string } }) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteWorkspace();

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId} maw={720}>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id={headingId} c="red.8">
          {WORKSPACE_MESSAGES.dangerZone}
        </Title>
        <Text size="sm">{WORKSPACE_MESSAGES.deleteWorkspaceWarning(workspace.name)}</Text>
        <Button color="red" variant="outline" onClick={() => setAsking(true)}>
          {WORKSPACE_MESSAGES.deleteWorkspace}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={WORKSPACE_MESSAGES.deleteWorkspaceTitle(workspace.name)}
        confirmLabel={WORKSPACE_MESSAGES.deleteWorkspace}
        onConfirm={() => remove.mutateAsync(workspace.id)}
        onClose={() => setAsking(false)}
      >
        {WORKSPACE_MESSAGES.deleteWorkspaceWarning(workspace.name)}
      </ConfirmDialog>
    </Card>
  );
}
