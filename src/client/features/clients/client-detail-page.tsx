import { Card, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { useClient } from '../../api/clients';
import { ContactActions } from '../../components/contact-actions';
import { Facts } from '../../components/facts';
import { NotesPanel } from '../../components/notes-panel';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { PhotoPanel } from '../../components/photo-panel';
import { EmailAddress } from '../../components/whole-text';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { ClientInvoicesSection, ClientPropertiesSection, ClientVisitsSection } from './client-sections';
import { ClientNotificationsSection } from './client-notifications-section';
import { ClientPortalSection } from './client-portal-section';
import { DeleteClientDialog } from './delete-client-dialog';
import { useFormats } from '../../api/session';
import type { Get } from '../../api/contract';

type Client = Get<'/clients/:id'>;

/** A client with one-tap contact, their properties, visits and invoices, notes and photos. */
export function ClientDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useClient(id);
  const data = client.data;

  return (
    <PageShell
      title={data?.name ?? 'Client'}
      crumbs={[{ label: 'Clients', to: paths.clients() }, { label: data?.name ?? 'Client' }]}
      actions={
        <DetailActions
          edit={data?.can.edit ? paths.editClient(id) : undefined}
          remove={
            data?.can.delete
              ? {
                  dialog: ({ opened, onClose }) => (
                    <DeleteClientDialog
                      client={opened && data ? data : null}
                      onClose={onClose}
                      onDeleted={() => navigate(paths.clients(), { replace: true })}
                    />
                  ),
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={client} loading="Loading client" notFound={CLIENT_MESSAGES.notFound}>
        {(client) => (
          <Stack gap="lg">
            <ClientFacts client={client} />
            <ClientPropertiesSection clientId={id} />
            <ClientVisitsSection clientId={id} when="upcoming" />
            <ClientVisitsSection clientId={id} when="past" />
            <ClientInvoicesSection clientId={id} />
            <ClientNotificationsSection clientId={id} />
            {client.can.edit && <ClientPortalSection clientId={id} />}
            <PhotoPanel attachableType="client" attachableId={id} />
            <NotesPanel attachableType="client" attachableId={id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}

function ClientFacts({ client }: { client: Client }) {
  const formats = useFormats();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <ContactActions name={client.name} phone={client.phone} email={client.email} />
        <Facts
          facts={[
            ['Company', client.company ?? '—'],
            ['E-mail', client.email ? <EmailAddress email={client.email} /> : '—', { wide: Boolean(client.email) }],
            ['Phone', client.phone ?? '—'],
            ['Billing address', client.billingAddress ?? '—'],
            ['Created', formats.date(client.createdAt)],
          ]}
        />
        {client.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {client.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
