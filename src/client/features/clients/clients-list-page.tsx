import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { clientsCsvUrl, useClients } from '../../api/clients';
import { useWorkspaceCan } from '../../api/session';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { wholeText } from '../../components/whole-text';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DeleteClientDialog } from './delete-client-dialog';
import type { Get } from '../../api/contract';

type Client = Get<'/clients/:id'>;

/** `/resources/clients`, by name, searched by name, e-mail or phone. */
export function ClientsListPage() {
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const clients = useClients({ q: list.q, offset: list.offset });
  const moving = useStayInRange(list, clients, DEFAULT_PAGE_SIZE);
  const [toDelete, setToDelete] = useState<Client | null>(null);
  const can = useWorkspaceCan();

  return (
    <PageShell
      title="Clients"
      crumbs={[{ label: 'Clients' }]}
      actions={
        can?.manageClients && (
          <Group gap="xs">
            {/* Clients' requests for a visit (also in the office's bell), not one more area in the header. */}
            <Button component={Link} to={paths.visitRequests()} variant="light">
              Visit requests
            </Button>
            <Button component="a" href={clientsCsvUrl(list.q)} variant="light" download>
              Export CSV
            </Button>
            <Button component={Link} to={paths.newClient()}>
              New Client
            </Button>
          </Group>
        )
      }
    >
      <Stack gap="md">
        <ListFilters
          list={list}
          search={{ label: 'Search clients', placeholder: 'Search by name, e-mail or phone...' }}
        />
        <ListFrame
          query={clients}
          moving={moving}
          loading="Loading clients"
          failed="Failed to load clients"
          empty={
            list.q ? (
              <Text c="dimmed">No clients match “{list.q}”.</Text>
            ) : (
              <EmptyState
                title={CLIENT_MESSAGES.noClients}
                description="Add the people and businesses you work for, then give each property its client."
                action={can?.manageClients ? { label: 'Add your first client', to: paths.newClient() } : undefined}
              />
            )
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'clients' }}
        >
          {(items) => (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Clients">
              {items.map((client) => (
                <ClientRow key={client.id} client={client} onDelete={() => setToDelete(client)} />
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>
      <DeleteClientDialog client={toDelete} onClose={() => setToDelete(null)} />
    </PageShell>
  );
}

function ClientRow({ client, onDelete }: { client: Client; onDelete: () => void }) {
  const contact = [client.email, client.phone].filter(Boolean).join(' · ');
  return (
    <Card component="li" withBorder padding="sm" aria-label={client.name}>
      <Stack gap={4} miw={0}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.client(client.id)} fw={600} style={wholeText}>
            {client.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {client.propertyCount === 1 ? '1 property' : `${client.propertyCount} properties`}
          </Text>
        </Group>
        {client.company && <Text size="sm">{client.company}</Text>}
        {contact && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {contact}
          </Text>
        )}
        {(client.can.edit || client.can.delete) && (
          <Group gap="xs" mt={4}>
            {client.can.edit && (
              <Button
                component={Link}
                to={paths.editClient(client.id)}
                size="compact-sm"
                variant="light"
                aria-label={`Edit ${client.name}`}
              >
                Edit
              </Button>
            )}
            {client.can.delete && (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={onDelete}
                aria-label={`Delete ${client.name}`}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

// 'Visit requests' loads with the clients list (router.tsx: no chunk of its own).
export { VisitRequestsPage } from './visit-requests-page';
