import { Alert, Button, Card, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ACCOUNT_ROLES, ROLE_SAVE_REDIRECT_MS, type AccountRole } from '../../../shared/constants';
import { ADMIN_MESSAGES } from '../../../shared/messages/admin';
import { useAdminUser, useUpdateUserRole } from '../../api/admin';
import { ApiError } from '../../api/http';
import { refreshSession, useFormats, useMe } from '../../api/session';
import { ErrorBox } from '../../components/error-box';
import { Facts } from '../../components/facts';
import { EditFrame } from '../../components/page-frames';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

const crumbs = [{ label: 'Users', to: paths.adminUsers() }, { label: 'Edit User' }];

/** spec §2 /admin/users/{id}/edit and §4 Role change. */
export function EditUserPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  // spec §8: a user that cannot be loaded sends the admin back to the list.
  if (user.isError) return <Navigate to={paths.adminUsers()} replace />;
  return (
    <PageShell title="Edit User" crumbs={crumbs}>
      <EditFrame query={user} loading="Loading user" notFound={ADMIN_MESSAGES.userNotFound}>
        {(data) => data && <RoleForm key={data.id} id={id} user={data} />}
      </EditFrame>
    </PageShell>
  );
}

function RoleForm({ id, user }: { id: string; user: NonNullable<ReturnType<typeof useAdminUser>['data']> }) {
  const formats = useFormats();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ownAccount = useMe().data?.id === user.id;
  const update = useUpdateUserRole(id);
  const [role, setRole] = useState<AccountRole>(user.role);
  const [saved, setSaved] = useState(false);
  const backToList = useListLocation();

  // spec §4: back to the list after 1.5 s. An admin who changed their own role reloads it
  // first, so the admin guard sees it (a former admin lands on /dashboard).
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      if (!ownAccount) return navigate(backToList);
      void refreshSession(queryClient)
        .catch(() => null)
        .then(() => navigate(backToList));
    }, ROLE_SAVE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, ownAccount, queryClient, backToList]);

  const reason = update.error instanceof ApiError && update.error.status === 409 ? update.error.message : null;

  return (
    <Stack gap="md">
      {saved && (
        <Alert color="green" role="status" variant="light">
          {ADMIN_MESSAGES.roleUpdated}
        </Alert>
      )}
      {update.isError && (
        <ErrorBox>
          {ADMIN_MESSAGES.roleUpdateFailed}
          {reason && (
            <>
              <br />
              {reason}
            </>
          )}
        </ErrorBox>
      )}
      <Card withBorder radius="md">
        <Facts
          facts={[
            ['Name', user.displayName || 'No name'],
            ['Email', user.email],
            ['Phone', user.phone || 'Not provided'],
            ['Company', user.companyName || 'Not provided'],
            ['Joined', formats.date(user.createdAt)],
            ['Current Role', <StatusBadge key="role" kind="accountRole" value={user.role} />],
          ]}
        />
      </Card>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Select
            label="Change Role"
            description="Changing the user's role will immediately affect their access permissions."
            data={ACCOUNT_ROLES.map((value) => ({ value, label: value }))}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as AccountRole)}
          />
          <Group grow gap="xs">
            <Button component={Link} to={backToList} variant="default">
              Cancel
            </Button>
            <Button
              disabled={update.isPending || saved || role === user.role}
              onClick={() => update.mutate(role, { onSuccess: () => setSaved(true) })}
            >
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The users list as the admin left it (search, role, page), handed over by its Edit links. */
function useListLocation(): string {
  const state: unknown = useLocation().state;
  const listSearch =
    state && typeof state === 'object' && 'listSearch' in state && typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  return listSearch ? `${paths.adminUsers()}?${listSearch}` : paths.adminUsers();
}
