import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { BeforeClaimWorkspace } from '../../../shared/schemas/workspaces';
import { errorMessage } from '../../api/http';
import { useBeforeClaim, useDeleteWorkspace, useKeepWorkspace } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * After the user claimed their address from whoever signed up with it unproven: each workspace
 * the account owned then, with what is in it, to delete in one step or keep. Nothing otherwise.
 */
export function BeforeClaimCard() {
  const { data } = useBeforeClaim();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm">
      {items.map((workspace) => (
        <BeforeClaimItem key={workspace.id} workspace={workspace} />
      ))}
    </Stack>
  );
}

function BeforeClaimItem({ workspace }: { workspace: BeforeClaimWorkspace }) {
  const headingId = useId();
  const remove = useDeleteWorkspace();
  const keep = useKeepWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = remove.isPending || keep.isPending;
  const onError = (error: unknown) => setFailure(errorMessage(error, 'Something went wrong'));

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {WORKSPACE_MESSAGES.madeBeforeClaim}
        </Title>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {workspace.name}
        </Text>
        <Text size="sm">
          {[
            count(workspace.clients, 'client', 'clients'),
            count(workspace.properties, 'property', 'properties'),
            count(workspace.visits, 'visit', 'visits'),
          ].join(' · ')}
        </Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group gap="xs">
          <Button
            color="red"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              remove.mutate(workspace.id, { onError });
            }}
          >
            {remove.isPending ? 'Deleting...' : WORKSPACE_MESSAGES.deleteWorkspace}
          </Button>
          <Button
            variant="default"
            disabled={busy}
            onClick={() => {
              setFailure(null);
              keep.mutate(workspace.id, { onError });
            }}
          >
            {WORKSPACE_MESSAGES.keepWorkspace}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
