import { PAGE_TITLES } from '../../../shared/page-titles';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { prefetchWhenSignedIn, useMe } from '../../api/session';
import { upcomingVisitsQuery } from '../../api/visits';
import { DASHBOARD_UPCOMING_VISITS } from '../../../shared/constants';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { BeforeClaimCard } from './before-claim-card';
import { InvitationsCard } from './invitations-card';
import { NumbersCard } from './numbers-card';
import { SetUpCard } from './setup-card';
import { UpcomingVisitsCard } from './upcoming-visits-card';

// The upcoming visits are asked when this code loads, not when the card first renders.
prefetchWhenSignedIn(upcomingVisitsQuery(DASHBOARD_UPCOMING_VISITS));

const TILES: { label: string; description: string; to: string; needs?: 'seeInvoices' | 'manageClients' }[] = [
  { label: 'Properties', description: 'Addresses you look after', to: paths.properties() },
  { label: 'Clients', description: 'The people you work for', to: paths.clients(), needs: 'manageClients' },
  { label: 'Tasks', description: 'Reusable task templates', to: paths.tasks() },
  { label: 'Visits', description: 'Scheduled appointments', to: paths.visits() },
  { label: 'Calendar', description: 'Visits by month, week and day', to: paths.calendar() },
  { label: 'Invoices', description: 'Bills for completed visits', to: paths.invoices(), needs: 'seeInvoices' },
  { label: 'Notes', description: 'Notes on anything', to: paths.notes() },
  { label: 'Photos', description: 'Pictures from the field', to: paths.photos() },
  { label: 'My Profile', description: 'Your name and contact details', to: paths.profile() },
  { label: 'Profiles', description: 'Secondary contact profiles', to: paths.profiles() },
];

/**
 * spec §2 Dashboard: the user's next visits and a tile for every area (Users for admins; no
 * Invoices for technicians). Until the business is named, its owners and managers are
 * asked for the name first.
 */
export function DashboardPage() {
  const { data: me } = useMe();
  const allowed = TILES.filter((tile) => !tile.needs || me?.can?.[tile.needs]);
  const tiles = me?.isAdmin
    ? [...allowed, { label: 'Users', description: 'Accounts and roles', to: paths.adminUsers() }]
    : allowed;

  return (
    <PageShell title={PAGE_TITLES.dashboard} home>
      <Stack gap="lg">
        <BeforeClaimCard />
        {me?.workspace && !me.setUp && me.can?.manageSettings && <SetUpCard workspaceId={me.workspace.id} />}
        <InvitationsCard />
        {me?.workspace && <NumbersCard />}
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
    </PageShell>
  );
}
