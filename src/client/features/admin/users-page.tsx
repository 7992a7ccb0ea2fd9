import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AccountRole } from '../../../shared/constants';
import type { AdminUserDto } from '../../../shared/schemas/admin';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useAdminUsers } from './api';
import { AccountRoleBadge } from '../../components/account-role-badge';

const PAGE_SIZE = 20;
const ROLE_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'customer', label: 'Customer' },
  { value: 'provider', label: 'Provider' },
  { value: 'admin', label: 'Admin' },
];

const toRole = (value: string | null): AccountRole | '' =>
  value === 'customer' || value === 'provider' || value === 'admin' ? value : '';

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

/** spec §2 Admin users: search and role filter done by the server, newest first, paginated. */
export function UsersPage() {
  // Search, role and page live in the URL, so Edit → Cancel (or Back) returns to the same list.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  const role = toRole(params.get('role'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setFilters = (changes: { q?: string; role?: AccountRole | ''; page?: number }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && !(key === 'page' && value === 1)) next.set(key, String(value));
      else next.delete(key);
    }
    // Typing and filtering replace the history entry; turning pages adds one.
    setParams(next, { replace: changes.page === undefined || changes.page === 1 });
  };
  const users = useAdminUsers({ q, role, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  // Phone-first: a card per user on narrow screens, the table from 48em up.
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });

  return (
    <PageShell title="Users" crumbs={[{ label: 'Users' }]}>
      <Stack gap="md">
        <Text c="dimmed">Manage user accounts and roles</Text>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            aria-label="Search users"
            placeholder="Search by email, name, or company..."
            type="search"
            value={search}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setSearch(value);
              setFilters({ q: value.trim(), page: 1 });
            }}
            miw={220}
          />
          <Select
            aria-label="Filter by role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(value) => setFilters({ role: toRole(value), page: 1 })}
            maw={{ base: '100%', xs: 180 }}
          />
        </Group>
        {users.isPending ? (
          <PageLoader label="Loading users" />
        ) : users.isError ? (
          <ErrorBox>Error: {errorMessage(users.error, 'Failed to load users')}</ErrorBox>
        ) : users.data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No users found
          </Text>
        ) : wide ? (
          <UsersTable users={users.data.items} />
        ) : (
          <UserCards users={users.data.items} />
        )}
        {users.data && users.data.total > PAGE_SIZE && (
          <Pagination
            total={Math.ceil(users.data.total / PAGE_SIZE)}
            value={page}
            onChange={(next) => setFilters({ page: next })}
          />
        )}
      </Stack>
    </PageShell>
  );
}

function UsersTable({ users }: { users: AdminUserDto[] }) {
  const [params] = useSearchParams();
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>User</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Contact</Table.Th>
          <Table.Th>Joined</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <Text fw={500} size="sm">
                {user.displayName || 'No name'}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <AccountRoleBadge role={user.role} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{user.phone}</Text>
              <Text size="xs" c="dimmed">
                {user.companyName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(user.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Anchor
                component={Link}
                to={paths.adminEditUser(user.id)}
                state={{ listSearch: params.toString() }}
                size="sm"
                aria-label={`Edit ${user.email}`}
              >
                Edit
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UserCards({ users }: { users: AdminUserDto[] }) {
  const [params] = useSearchParams();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" component="li" padding="sm" aria-label={user.email}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={500} size="sm">
                {user.displayName || 'No name'}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              {(user.phone || user.companyName) && (
                <Text size="xs">{[user.phone, user.companyName].filter(Boolean).join(' · ')}</Text>
              )}
              <Text size="xs" c="dimmed">
                Joined {formatDate(user.createdAt)}
              </Text>
            </Stack>
            {/* Never shrinks: a long company name wraps instead of cutting the role badge. */}
            <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
              <AccountRoleBadge role={user.role} />
              <Button
                component={Link}
                to={paths.adminEditUser(user.id)}
                state={{ listSearch: params.toString() }}
                size="compact-sm"
                variant="light"
                aria-label={`Edit ${user.email}`}
              >
                Edit
              </Button>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
