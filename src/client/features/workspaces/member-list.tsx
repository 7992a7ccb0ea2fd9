import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { WorkspaceRole } from '../../../shared/constants';
import { errorMessage } from '../../api/http';
import { useChangeMemberRole, useLeaveWorkspace, useMembers, useRemoveMember } from '../../api/workspaces';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { roleOptions } from './role-options';
import { QueryView } from '../../components/query-view';
import { EmailAddress, wholeText } from '../../components/whole-text';
import type { ItemOf } from '../../api/contract';

type Member = ItemOf<'/workspaces/:id/members'>;

/**
 * The workspace's members with their role. Whoever may (`can` of each row) changes a role with a
 * native select or removes the member after confirming; one's own row offers 'Leave workspace'.
 */
export function MemberList({
  workspaceId,
  workspaceName,
  myId,
  appointOwners,
}: {
  workspaceId: string;
  workspaceName: string;
  myId: string;
  appointOwners: boolean;
}) {
  const members = useMembers(workspaceId);
  const changeRole = useChangeMemberRole(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const leave = useLeaveWorkspace(workspaceId);
  const [failure, setFailure] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const leaving = toRemove?.userId === myId;

  function onRoleChange(member: Member, role: WorkspaceRole) {
    setFailure(null);
    changeRole.mutate(
      { userId: member.userId, role },
      { onError: (error) => setFailure(errorMessage(error, 'Failed to change the role')) },
    );
  }

  return (
    <Section title="Members">
      <Stack gap="sm">
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <QueryView query={members} loading="Loading members" size="sm" fallback="Failed to load members">
          {({ items }) => (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Members">
              {items.map((member) => (
                <Group
                  key={member.userId}
                  component="li"
                  justify="space-between"
                  gap="xs"
                  aria-label={member.email}
                  wrap="wrap"
                  py={4}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Stack gap={0} miw={0} style={{ flex: '1 1 160px' }}>
                    <Text size="sm" fw={600} style={wholeText}>
                      {member.name || <EmailAddress email={member.email} />}
                      {member.userId === myId ? ' (you)' : ''}
                    </Text>
                    {member.name && (
                      <Text size="xs" c="dimmed" style={wholeText}>
                        <EmailAddress email={member.email} />
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {member.can.changeRole ? (
                      <NativeSelect
                        aria-label={`Role of ${member.email}`}
                        data={roleOptions(appointOwners, member.role)}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => {
                          const role = event.currentTarget.value as WorkspaceRole;
                          if (role !== member.role) onRoleChange(member, role);
                        }}
                        w={140}
                      />
                    ) : (
                      <StatusBadge kind="workspaceRole" value={member.role} label={`Role: ${member.role}`} />
                    )}
                    {member.can.remove && (
                      <Button
                        variant="subtle"
                        color="red"
                        onClick={() => setToRemove(member)}
                        aria-label={member.userId === myId ? undefined : `Remove ${member.email}`}
                      >
                        {member.userId === myId ? 'Leave workspace' : 'Remove'}
                      </Button>
                    )}
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        opened={toRemove !== null}
        title={leaving ? 'Leave workspace' : 'Remove member'}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        busyLabel={leaving ? 'Leaving...' : 'Removing...'}
        onClose={() => setToRemove(null)}
        onConfirm={async () => {
          if (!toRemove) return;
          if (leaving) await leave.mutateAsync(toRemove.userId);
          else await remove.mutateAsync(toRemove.userId);
        }}
        describeError={(error) => errorMessage(error, 'Failed to remove the member')}
      >
        {leaving
          ? `Leave ${workspaceName}? You will no longer see its properties, visits and invoices, and you are taken off its coming visits.`
          : `Remove ${toRemove?.email} from ${workspaceName}? They will no longer see its work, and they are taken off its coming visits.`}
      </ConfirmDialog>
    </Section>
  );
}
