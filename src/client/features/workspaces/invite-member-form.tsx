import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { WorkspaceRole } from '../../../shared/constants';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { errorMessage } from '../../api/http';
import { useCancelWorkspaceInvitation, useInviteMember, useWorkspaceInvitations } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';
import { FormActions, useSchemaForm } from '../../components/form';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { EmailAddress, wholeText } from '../../components/whole-text';
import { roleOptions } from './role-options';
import { useFormats } from '../../api/session';

/**
 * 'Invite a member': an e-mail address and a role; Rounds e-mails the link,
 * and only an account that has verified that address can accept. Managers cannot invite owners.
 */
export function InviteMemberForm({ workspaceId, appointOwners }: { workspaceId: string; appointOwners: boolean }) {
  const invite = useInviteMember(workspaceId);
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { email: '', role: 'technician' as WorkspaceRole },
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/workspaces').then((m) => m.inviteMemberInput),
    failed: 'Failed to send the invitation',
    async submit(data) {
      setSent(null);
      const answer = await invite.mutateAsync(data);
      setSent(WORKSPACE_MESSAGES.invitationSent(answer.email));
      form.reset({ email: '', role: data.role });
    },
  });

  return (
    <Section title="Invite a member">
      <form onSubmit={form.onSubmit} noValidate aria-label="Invite a member">
        <Stack gap="xs">
          {sent && (
            <Alert color="green" variant="light" role="status">
              {sent}
            </Alert>
          )}
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              {...form.field('email')}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect label="Role" data={roleOptions(appointOwners)} {...form.field('role')} w={150} />
          </Group>
          <FormActions submit="Send Invitation" busyLabel="Sending..." busy={form.busy} failure={form.failure} />
        </Stack>
      </form>
    </Section>
  );
}

/** The invitations nobody has answered yet; an owner or manager can take one back. */
export function StandingInvitations({ workspaceId }: { workspaceId: string }) {
  const formats = useFormats();
  const invitations = useWorkspaceInvitations(workspaceId);
  const cancel = useCancelWorkspaceInvitation(workspaceId);
  const [failure, setFailure] = useState<string | null>(null);
  const items = invitations.data?.items ?? [];
  if (invitations.isError) {
    return <ErrorBox error={invitations.error} fallback="Failed to load invitations" onRetry={invitations.refetch} />;
  }
  if (items.length === 0) return null;
  return (
    <Section title="Invitations">
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Invitations">
        {items.map((invitation) => (
          <Group key={invitation.id} component="li" justify="space-between" gap="xs" aria-label={invitation.email}>
            <Stack gap={0} miw={0} style={{ flex: '1 1 160px' }}>
              <Text size="sm" style={wholeText}>
                <EmailAddress email={invitation.email} />
              </Text>
              <Text size="xs" c="dimmed">
                until {formats.date(invitation.expiresAt)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge kind="workspaceRole" value={invitation.role} />
              <Button
                variant="subtle"
                color="red"
                disabled={cancel.isPending}
                onClick={() => {
                  setFailure(null);
                  cancel.mutate(invitation.id, {
                    onError: (error) => setFailure(errorMessage(error, 'Failed to cancel the invitation')),
                  });
                }}
                aria-label={`Cancel the invitation to ${invitation.email}`}
              >
                Cancel
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}
