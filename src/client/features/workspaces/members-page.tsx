import { Button, Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { errorMessage } from '../../api/http';
import { useMe, type Me } from '../../api/session';
import { useLeaveWorkspace } from '../../api/workspaces';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { PageShell } from '../../shell/page-shell';
import { InviteMemberForm, StandingInvitations } from './invite-member-form';
import { MemberList } from './member-list';

const TITLE = 'Members';

/**
 * /settings/members: who works in the business and as what, the invitations waiting
 * for an answer, and 'Invite a member'. Owners and managers run it; anyone may leave.
 */
export function MembersPage() {
  const me = useMe().data;
  const workspace = me?.workspace;
  return (
    <PageShell title={TITLE} crumbs={[{ label: TITLE }]}>
      {!me || !workspace ? (
        <ErrorBox>{WORKSPACE_MESSAGES.noWorkspace}</ErrorBox>
      ) : me.can?.manageMembers ? (
        <Stack gap="lg">
          <MemberList
            workspaceId={workspace.id}
            workspaceName={workspace.name}
            myId={me.id}
            appointOwners={me.can.appointOwners}
          />
          <InviteMemberForm workspaceId={workspace.id} appointOwners={me.can.appointOwners} />
          <StandingInvitations workspaceId={workspace.id} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <ErrorBox>{WORKSPACE_MESSAGES.ownersAndManagersOnly}</ErrorBox>
          <LeaveCard me={me} workspace={workspace} />
        </Stack>
      )}
    </PageShell>
  );
}

/** A member who does not run the team (a technician) can still leave the workspace. */
function LeaveCard({ me, workspace }: { me: Me; workspace: NonNullable<Me['workspace']> }) {
  const leave = useLeaveWorkspace(workspace.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder component="section" aria-label="Your membership">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          You are a {workspace.role} in {workspace.name}.
        </Text>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Leave workspace
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Leave workspace"
        confirmLabel="Leave"
        busyLabel="Leaving..."
        onClose={() => setConfirming(false)}
        onConfirm={() => leave.mutateAsync(me.id)}
        describeError={(error) => errorMessage(error, 'Failed to leave the workspace')}
      >
        {`Leave ${workspace.name}? You will no longer see its properties and visits, and you are taken off its coming visits.`}
      </ConfirmDialog>
    </Card>
  );
}
