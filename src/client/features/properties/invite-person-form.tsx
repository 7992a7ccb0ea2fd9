import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PROPERTY_ROLES, type PropertyRole } from '../../../shared/constants';
import { PEOPLE_MESSAGES } from '../../../shared/messages/properties';
import { errorMessage } from '../../api/http';
import { useCancelInvitation, useInvitePerson, usePropertyInvitations } from '../../api/properties';
import { ErrorBox } from '../../components/error-box';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../../lib/datetime';
import { validate, type FieldErrors } from '../../lib/form';

export const ROLE_OPTIONS = PROPERTY_ROLES.map((role) => ({
  value: role,
  label: role === 'owner' ? 'Owner' : 'Technician',
}));

/**
 * Invites someone by e-mail as owner or technician (issue 15: sharing only with consent),
 * and lists the invitations still waiting, which an owner can take back.
 */
export function InvitePersonForm({ propertyId }: { propertyId: string }) {
  const invite = useInvitePerson(propertyId);
  const invitations = usePropertyInvitations(propertyId, true);
  const cancel = useCancelInvitation(propertyId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PropertyRole>('technician');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSent(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { invitePersonInput } = await import('../../../shared/schemas/properties');
    const result = validate(invitePersonInput, { email, role });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      const answer = await invite.mutateAsync(result.data);
      setSent(PEOPLE_MESSAGES.invitationSent(answer.email));
      setEmail('');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to send the invitation'));
    }
  }

  const pending = invitations.data?.items ?? [];
  return (
    <Stack gap="sm">
      {pending.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Waiting for an answer
          </Text>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Invitations">
            {pending.map((invitation) => (
              <Group
                key={invitation.id}
                component="li"
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                aria-label={invitation.email}
              >
                <Stack gap={0} miw={0}>
                  <Text size="sm" truncate="end">
                    {invitation.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    until {formatDate(invitation.expiresAt)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <StatusBadge kind="propertyRole" value={invitation.role} />
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(invitation.id)}
                    aria-label={`Cancel the invitation to ${invitation.email}`}
                  >
                    Cancel
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Invite a person">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Invite a person
          </Text>
          {sent && (
            <Alert color="green" variant="light" role="status">
              {sent}
            </Alert>
          )}
          {failure && <ErrorBox>{failure}</ErrorBox>}
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              style={{ flex: '1 1 200px' }}
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              allowDeselect={false}
              onChange={(value) => value && setRole(value as PropertyRole)}
              w={140}
            />
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
