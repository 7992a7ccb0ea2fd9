import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_COUNTRY } from '../../../shared/constants';
import type { PropertyDetail } from '../../../shared/schemas/properties';
import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { errorMessage } from '../../api/http';
import { useCreateProperty, useProperty, useUpdateProperty } from '../../api/properties';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
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
      {property.isPending ? (
        <DetailSkeleton label="Loading property" />
      ) : property.isError ? (
        <ErrorBox error={property.error} fallback={PROPERTY_MESSAGES.notFound} />
      ) : !property.data.can.edit ? (
        <ErrorBox>{WORKSPACE_MESSAGES.ownersAndManagersOnly}</ErrorBox>
      ) : (
        <PropertyForm property={property.data} />
      )}
    </PageShell>
  );
}

const FIELDS = [
  { name: 'name', label: 'Property name', required: true, autoComplete: 'off' },
  { name: 'address', label: 'Address', required: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zipCode', label: 'ZIP', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
] as const;

type Values = Record<(typeof FIELDS)[number]['name'], string>;

function PropertyForm({ property }: { property?: PropertyDetail }) {
  const navigate = useNavigate();
  const create = useCreateProperty();
  const update = useUpdateProperty(property?.id ?? '');
  const [values, set] = useFormValues<Values>({
    name: property?.name ?? '',
    address: property?.address ?? '',
    city: property?.city ?? '',
    state: property?.state ?? '',
    zipCode: property?.zipCode ?? '',
    country: property?.country ?? DEFAULT_COUNTRY,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { propertyInput } = await import('../../../shared/schemas/properties');
    const result = validate(propertyInput, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      const saved = property ? await update.mutateAsync(result.data) : await create.mutateAsync(result.data);
      navigate(paths.property(saved.id));
    } catch (error) {
      setFailure(errorMessage(error, PROPERTY_MESSAGES.saveFailed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            required={'required' in field && field.required}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={set(field.name)}
            error={errors[field.name]}
          />
        ))}
        <Group gap="xs" mt="xs">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : property ? 'Update Property' : 'Create Property'}
          </Button>
          <Button component={Link} to={property ? paths.property(property.id) : paths.properties()} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
