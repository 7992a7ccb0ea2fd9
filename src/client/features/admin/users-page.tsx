import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type AccountRole } from '../../../shared/constants';
import { useAdminUsers } from '../../api/admin';
import { ListFrame } from '../../components/page-frames';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { PageShell } from '../../shell/page-shell';
import { UserCards, UsersTable } from './users-list';

const ROLE_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'customer', label: 'Customer' },
  { value: 'provider', label: 'Provider' },
  { value: 'admin', label: 'Admin' },
];

const toRole = (value: string | null): AccountRole | '' =>
  value === 'customer' || value === 'provider' || value === 'admin' ? value : '';

/** spec §2 Admin users: search and role filter done by the server, newest first, paginated. */
export function UsersPage() {
  // Search, role and page live in the URL, so Edit → Cancel (or Back) returns to the same list.
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const role = toRole(list.params.get('role'));
  const users = useAdminUsers({ q: list.q ?? '', role, limit: DEFAULT_PAGE_SIZE, offset: list.offset });
  const moving = useStayInRange(list, users, DEFAULT_PAGE_SIZE);
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
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
            miw={220}
          />
          <Select
            aria-label="Filter by role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(value) => list.setFilter('role', toRole(value))}
            maw={{ base: '100%', xs: 180 }}
          />
        </Group>
        <ListFrame
          query={users}
          moving={moving}
          loading="Loading users"
          failed="Failed to load users"
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No users found
            </Text>
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'users' }}
        >
          {(items) => (wide ? <UsersTable users={items} /> : <UserCards users={items} />)}
        </ListFrame>
      </Stack>
    </PageShell>
  );
}
