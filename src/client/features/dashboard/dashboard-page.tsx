import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMe } from '../../api/session';
import { AccountRoleBadge } from '../../components/account-role-badge';
import { paths } from '../../paths';
import { UpcomingVisitsCard } from './upcoming-visits-card';

const TILES = [
  { label: 'Properties', description: 'Addresses you look after', to: paths.properties() },
  { label: 'Tasks', description: 'Reusable task templates', to: paths.tasks() },
  { label: 'Visits', description: 'Scheduled appointments', to: paths.visits() },
  { label: 'Invoices', description: 'Bills for completed visits', to: paths.invoices() },
  { label: 'Notes', description: 'Notes on anything', to: paths.notes() },
  { label: 'Photos', description: 'Pictures from the field', to: paths.photos() },
  { label: 'My Profile', description: 'Your name and contact details', to: paths.profile() },
  { label: 'Profiles', description: 'Secondary contact profiles', to: paths.profiles() },
];

export function DashboardPage() {
  const { data: me } = useMe();
  const tiles = me?.isAdmin
    ? [...TILES, { label: 'Users', description: 'Accounts and roles', to: paths.adminUsers() }]
    : TILES;

  return (
    <Box>
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Box miw={0}>
            <Text size="xs" c="dimmed">
              Signed in as
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} truncate="end" data-testid="dashboard-user">
                {me?.profile.displayName || me?.email}
              </Text>
              {me && <AccountRoleBadge role={me.role} />}
            </Group>
          </Box>
          <Button component={Link} to={paths.signout()} variant="light" size="sm">
            Sign out
          </Button>
        </Group>
      </Box>
      <Container size="lg" py="md">
        <Stack gap="lg">
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <UpcomingVisitsCard />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" component="nav" aria-label="Areas">
            {tiles.map((tile) => (
              <Card key={tile.to} component={Link} to={tile.to} withBorder padding="md" radius="md">
                <Text fw={600}>{tile.label}</Text>
                <Text size="xs" c="dimmed">
                  {tile.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
