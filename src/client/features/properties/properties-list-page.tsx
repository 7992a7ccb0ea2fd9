import {
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PropertyListItem } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageShell } from '../../shell/page-shell';
import { PAGE_SIZE, useProperties } from './api';
import { DeletePropertyModal } from './delete-property-modal';
import { RoleBadge } from './role-badge';

export function PropertiesListPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offset = (page - 1) * PAGE_SIZE;
  const properties = useProperties({ q: q || undefined, offset });
  // A page past the end (its last row deleted, an old link) shows the last page instead of 'no properties'.
  const lastPage = Math.max(1, Math.ceil((properties.data?.total ?? 0) / PAGE_SIZE));
  const pastTheEnd = !properties.isPlaceholderData && properties.data?.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (!pastTheEnd) return;
    const next = new URLSearchParams(params);
    if (lastPage > 1) next.set('page', String(lastPage));
    else next.delete('page');
    setParams(next, { replace: true });
  }, [pastTheEnd, lastPage, params, setParams]);
  const [toDelete, setToDelete] = useState<PropertyListItem | null>(null);

  function onSearch(value: string) {
    setSearch(value);
    const next = new URLSearchParams();
    if (value.trim()) next.set('q', value.trim());
    setParams(next, { replace: true });
  }

  function goTo(nextPage: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(nextPage));
    setParams(next);
  }

  const data = properties.data;
  return (
    <PageShell
      title="Properties"
      crumbs={[{ label: 'Properties' }]}
      actions={
        <Button component={Link} to={paths.newProperty()}>
          New Property
        </Button>
      }
    >
      <Stack gap="md">
        <TextInput
          label="Search properties"
          placeholder="Search by name or address..."
          type="search"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
        {properties.isPending || pastTheEnd ? (
          <Center py="xl" role="status" aria-label="Loading properties">
            <Loader />
          </Center>
        ) : properties.isError ? (
          <ErrorBox action={{ label: 'Try again', onClick: () => void properties.refetch() }}>
            Error: {errorMessage(properties.error, 'Failed to load properties')}
          </ErrorBox>
        ) : data && data.items.length === 0 ? (
          q ? (
            <Text c="dimmed">No properties match “{q}”.</Text>
          ) : (
            <Card withBorder padding="lg">
              <Stack gap="xs" align="flex-start">
                <Text fw={600}>No properties yet</Text>
                <Text size="sm" c="dimmed">
                  Add the first address you look after.
                </Text>
                <Anchor component={Link} to={paths.newProperty()}>
                  Add your first property
                </Anchor>
              </Stack>
            </Card>
          )
        ) : (
          <>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Properties">
              {data?.items.map((property) => (
                <PropertyRow key={property.id} property={property} onDelete={() => setToDelete(property)} />
              ))}
            </Stack>
            {data && data.total > PAGE_SIZE && (
              <Group justify="center">
                <Pagination
                  total={Math.ceil(data.total / PAGE_SIZE)}
                  value={offset / PAGE_SIZE + 1}
                  onChange={goTo}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
      <DeletePropertyModal property={toDelete} onClose={() => setToDelete(null)} />
    </PageShell>
  );
}

function PropertyRow({ property, onDelete }: { property: PropertyListItem; onDelete: () => void }) {
  const place = [property.city, [property.state, property.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const canManage = property.role === 'owner' || property.role === null;
  return (
    <Card component="li" withBorder padding="sm" aria-label={property.name}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Box w={72} h={72} style={{ flexShrink: 0 }}>
          {property.firstPhoto ? (
            <Image
              src={property.firstPhoto.thumbnailUrl}
              alt={`Photo of ${property.name}`}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
              loading="lazy"
            />
          ) : (
            <Center w={72} h={72} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
              <Text size="xs" c="dimmed">
                No photo
              </Text>
            </Center>
          )}
        </Box>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.property(property.id)} fw={600} truncate="end">
              {property.name}
            </Anchor>
            <RoleBadge role={property.role} />
          </Group>
          <Text size="sm">{property.address}</Text>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {canManage && (
            <Group gap="xs" mt={4}>
              <Button
                component={Link}
                to={paths.editProperty(property.id)}
                size="compact-sm"
                variant="light"
                aria-label={`Edit ${property.name}`}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={onDelete}
                aria-label={`Delete ${property.name}`}
              >
                Delete
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
