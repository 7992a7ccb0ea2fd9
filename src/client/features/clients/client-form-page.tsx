import { Stack, TextInput, Textarea } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { useClient, useCreateClient, useUpdateClient } from '../../api/clients';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import type { Get } from '../../api/contract';

type Client = Get<'/clients/:id'>;

export function NewClientPage() {
  return (
    <PageShell title="New Client" crumbs={[{ label: 'Clients', to: paths.clients() }, { label: 'New' }]}>
      <ClientForm />
    </PageShell>
  );
}

export function EditClientPage() {
  const { id = '' } = useParams();
  const client = useClient(id);
  return (
    <PageShell
      title="Edit Client"
      crumbs={[
        { label: 'Clients', to: paths.clients() },
        { label: client.data?.name ?? 'Client', to: paths.client(id) },
        { label: 'Edit' },
      ]}
    >
      <EditFrame
        query={client}
        loading="Loading client"
        notFound={CLIENT_MESSAGES.notFound}
        allowed={(data) => data.can.edit}
        forbidden={WORKSPACE_MESSAGES.ownersAndManagersOnly}
      >
        {(data) => <ClientForm client={data} />}
      </EditFrame>
    </PageShell>
  );
}

const FIELDS = [
  { name: 'name', label: 'Client name', required: true, autoComplete: 'off', type: 'text' },
  { name: 'company', label: 'Company', autoComplete: 'organization', type: 'text' },
  { name: 'email', label: 'E-mail', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
] as const;

type Values = Record<(typeof FIELDS)[number]['name'] | 'billingAddress' | 'notes', string>;

function ClientForm({ client }: { client?: Client }) {
  const navigate = useNavigate();
  const create = useCreateClient();
  const update = useUpdateClient(client?.id ?? '');
  const form = useSchemaForm({
    initial: {
      name: client?.name ?? '',
      company: client?.company ?? '',
      email: client?.email ?? '',
      phone: client?.phone ?? '',
      billingAddress: client?.billingAddress ?? '',
      notes: client?.notes ?? '',
    } satisfies Values,
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/clients').then((m) => m.clientInput),
    failed: CLIENT_MESSAGES.saveFailed,
    async submit(data) {
      const saved = client ? await update.mutateAsync(data) : await create.mutateAsync(data);
      navigate(paths.client(saved.id));
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            type={field.type}
            required={'required' in field && field.required}
            autoComplete={field.autoComplete}
            {...form.field(field.name)}
          />
        ))}
        <Textarea
          label="Billing address"
          autoComplete="street-address"
          autosize
          minRows={2}
          {...form.field('billingAddress')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.field('notes')} />
        <FormActions
          submit={client ? 'Update Client' : 'Create Client'}
          busy={form.busy}
          failure={form.failure}
          cancel={client ? paths.client(client.id) : paths.clients()}
        />
      </Stack>
    </form>
  );
}
