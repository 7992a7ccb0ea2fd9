import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/http';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from '../../api/invitations';
import { ErrorBox } from '../../components/error-box';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';

/** Invitations to share a property, waiting for the user's answer (issue 15); nothing when there are none. */
export function InvitationsCard() {
  const headingId = useId();
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const navigate = useNavigate();
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
          <li key={invitation.id} aria-label={`Invitation to ${invitation.propertyName}`}>
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm" truncate="end" miw={0}>
                  {invitation.propertyName}
                </Text>
                <StatusBadge kind="propertyRole" value={invitation.role} />
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
                    accept.mutate(invitation.id, {
                      onSuccess: ({ propertyId }) => navigate(paths.property(propertyId)),
                      onError,
                    });
                  }}
                >
                  Accept
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
