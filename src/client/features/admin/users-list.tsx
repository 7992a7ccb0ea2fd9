import { Anchor, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';
import type { ItemOf } from '../../api/contract';

type AdminUser = ItemOf<'/admin/users'>;

/** An Edit link that carries the list as it is (search, role, page) so Cancel and Save come back to it. */
function useEditLink() {
  const [params] = useSearchParams();
  return (user: AdminUser) => ({ to: paths.adminEditUser(user.id), state: { listSearch: params.toString() } });
}

/** Wide screens: spec §2's table (User, Role, Contact, Joined, Edit). */
export function UsersTable({ users }: { users: AdminUser[] }) {
  const formats = useFormats();
  const editLink = useEditLink();
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
              <StatusBadge kind="accountRole" value={user.role} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{user.phone}</Text>
              <Text size="xs" c="dimmed">
                {user.companyName}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formats.date(user.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} {...editLink(user)} size="sm" aria-label={`Edit ${user.email}`}>
                Edit
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Phones: a card per user. */
export function UserCards({ users }: { users: AdminUser[] }) {
  const formats = useFormats();
  const editLink = useEditLink();
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
                Joined {formats.date(user.createdAt)}
              </Text>
            </Stack>
            {/* Never shrinks: a long company name wraps instead of cutting the role badge. */}
            <Stack gap="xs" align="flex-end" style={{ flexShrink: 0 }}>
              <StatusBadge kind="accountRole" value={user.role} />
              <Button
                component={Link}
                {...editLink(user)}
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
