import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/http';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from '../../api/invitations';
import { ErrorBox } from '../../components/error-box';
import { StatusBadge } from '../../components/status-badge';
import { wholeText } from '../../components/whole-text';

/**
 * Invitations to join a workspace (a business), waiting for the user's answer;
 * nothing when there are none. Accepting opens that workspace's dashboard in this tab.
 */
export function InvitationsCard() {
  const headingId = useId();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const items = invitations.data?.items ?? [];
  if (items.length === 0) return null;
  const busy = accept.isPending || decline.isPending;
  const onError = (error: unknown) => setFailure(errorMessage(error, 'Failed to answer the invitation'));

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        Invitations
      </Title>
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((invitation) => (
          <li key={invitation.id} aria-label={`Invitation to ${invitation.workspaceName}`}>
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm" style={wholeText} miw={0}>
                  {invitation.workspaceName}
                </Text>
                <StatusBadge kind="workspaceRole" value={invitation.role} label={`Role: ${invitation.role}`} />
              </Group>
              <Text size="xs" c="dimmed">
                From{' '}
                {invitation.invitedBy ? invitation.invitedBy.displayName || invitation.invitedBy.email : 'an owner'}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  disabled={busy}
                  onClick={() => {
                    setFailure(null);
                    accept.mutate(invitation.id, { onError });
                  }}
                >
                  {accept.isPending ? 'Joining...' : 'Accept'}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy}
                  onClick={() => {
                    setFailure(null);
                    decline.mutate(invitation.id, { onError });
                  }}
                >
                  Decline
                </Button>
              </Group>
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
