import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { addressLabels, DEFAULT_COUNTRY_CODE, defaultPropertyCountry } from '../../../shared/locale';
import type { PropertyDetail } from '../../api/properties';
import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { useCreateProperty, useProperty, useUpdateProperty } from '../../api/properties';
import { useMe, useWorkspaceCan } from '../../api/session';
import { ClientSelect } from '../../components/client-select';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

export function NewPropertyPage() {
  return (
    <PageShell title="New Property" crumbs={[{ label: 'Properties', to: paths.properties() }, { label: 'New' }]}>
      <PropertyForm />
    </PageShell>
  );
}

export function EditPropertyPage() {
  const { id = '' } = useParams();
  const property = useProperty(id);
  return (
    <PageShell
      title="Edit Property"
      crumbs={[
        { label: 'Properties', to: paths.properties() },
        { label: property.data?.name ?? 'Property', to: paths.property(id) },
        { label: 'Edit' },
      ]}
    >
      <EditFrame
        query={property}
        loading="Loading property"
        notFound={PROPERTY_MESSAGES.notFound}
        allowed={(data) => data.can.edit}
        forbidden={WORKSPACE_MESSAGES.ownersAndManagersOnly}
      >
        {(data) => <PropertyForm property={data} />}
      </EditFrame>
    </PageShell>
  );
}

const FIELDS = [
  { name: 'name', label: 'Property name', required: true, autoComplete: 'off' },
  { name: 'address', label: 'Address', required: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  // Named as the business's country names them (State / ZIP in the US, County / Postcode in the UK…).
  { name: 'state', label: 'State', named: 'region', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'ZIP', named: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
] as const;

type Values = Record<(typeof FIELDS)[number]['name'] | 'clientId', string> & {
  /** Proof of visit, per property. */
  requireSignature: boolean;
  sendReportOnComplete: boolean;
};

function PropertyForm({ property }: { property?: PropertyDetail }) {
  const navigate = useNavigate();
  const create = useCreateProperty();
  const update = useUpdateProperty(property?.id ?? '');
  const can = useWorkspaceCan();
  const country = useMe().data?.workspace?.country ?? DEFAULT_COUNTRY_CODE;
  const labels = addressLabels(country);
  const form = useSchemaForm({
    initial: {
      name: property?.name ?? '',
      address: property?.address ?? '',
      city: property?.city ?? '',
      state: property?.state ?? '',
      zipCode: property?.zipCode ?? '',
      country: property?.country ?? defaultPropertyCountry(country),
      clientId: property?.clientId ?? '',
      requireSignature: property?.requireSignature ?? false,
      sendReportOnComplete: property?.sendReportOnComplete ?? false,
    } satisfies Values,
    // No client is null (the property loses its client), never ''.
    prepare: (values) => ({ ...values, clientId: values.clientId || null }),
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/properties').then((m) => m.propertyInput),
    failed: PROPERTY_MESSAGES.saveFailed,
    async submit(data) {
      const saved = property ? await update.mutateAsync(data) : await create.mutateAsync(data);
      navigate(paths.property(saved.id));
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={'named' in field ? labels[field.named] : field.label}
            required={'required' in field && field.required}
            autoComplete={field.autoComplete}
            {...form.field(field.name)}
          />
        ))}
        {can?.manageClients && (
          <ClientSelect
            value={form.values.clientId || null}
            onChange={(value) => form.setValue('clientId', value ?? '')}
            initial={
              property?.clientId && property.clientName ? { id: property.clientId, name: property.clientName } : null
            }
            error={form.errors.clientId}
          />
        )}
        <Checkbox
          label="Require customer signature"
          description="Every visit here needs the customer's signature before it is completed"
          checked={form.values.requireSignature}
          onChange={(event) => form.setValue('requireSignature', event.currentTarget.checked)}
        />
        <Checkbox
          label="Send report on completion"
          description="Completing a visit here e-mails its report to the client"
          checked={form.values.sendReportOnComplete}
          onChange={(event) => form.setValue('sendReportOnComplete', event.currentTarget.checked)}
        />
        <FormActions
          submit={property ? 'Update Property' : 'Create Property'}
          busy={form.busy}
          failure={form.failure}
          cancel={property ? paths.property(property.id) : paths.properties()}
        />
      </Stack>
    </form>
  );
}
