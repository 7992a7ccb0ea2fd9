import { Anchor, Box, Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { PropertyListItem } from '../../api/properties';
import { useProperties } from '../../api/properties';
import { useWorkspaceCan } from '../../api/session';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { PropertyRoleBadge } from '../../components/status-badge';
import { wholeText } from '../../components/whole-text';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DeletePropertyDialog } from './delete-property-dialog';
import { placeLine } from '../../../shared/place';

export function PropertiesListPage() {
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const properties = useProperties({ q: list.q, offset: list.offset });
  const moving = useStayInRange(list, properties, DEFAULT_PAGE_SIZE);
  const [toDelete, setToDelete] = useState<PropertyListItem | null>(null);
  const can = useWorkspaceCan();

  return (
    <PageShell
      title="Properties"
      crumbs={[{ label: 'Properties' }]}
      actions={
        can?.manageProperties && (
          <Button component={Link} to={paths.newProperty()}>
            New Property
          </Button>
        )
      }
    >
      <Stack gap="md">
        <ListFilters list={list} search={{ label: 'Search properties', placeholder: 'Search by name or address...' }} />
        <ListFrame
          query={properties}
          moving={moving}
          loading="Loading properties"
          failed="Failed to load properties"
          empty={
            list.q ? (
              <Text c="dimmed">No properties match “{list.q}”.</Text>
            ) : (
              <EmptyState
                title="No properties yet"
                description={
                  can?.manageProperties
                    ? 'Add the first address you look after.'
                    : 'The properties of the visits you are assigned to show here.'
                }
                action={
                  can?.manageProperties ? { label: 'Add your first property', to: paths.newProperty() } : undefined
                }
              />
            )
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'properties' }}
        >
          {(items) => (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Properties">
              {items.map((property) => (
                <PropertyRow key={property.id} property={property} onDelete={() => setToDelete(property)} />
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>
      <DeletePropertyDialog property={toDelete} onClose={() => setToDelete(null)} />
    </PageShell>
  );
}

function PropertyRow({ property, onDelete }: { property: PropertyListItem; onDelete: () => void }) {
  const place = placeLine(property);
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
            <Anchor component={Link} to={paths.property(property.id)} fw={600} style={wholeText}>
              {property.name}
            </Anchor>
            <PropertyRoleBadge role={property.role} />
          </Group>
          <Text size="sm">{property.address}</Text>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {(property.can.edit || property.can.delete) && (
            <Group gap="xs" mt={4}>
              {property.can.edit && (
                <Button
                  component={Link}
                  to={paths.editProperty(property.id)}
                  size="compact-sm"
                  variant="light"
                  aria-label={`Edit ${property.name}`}
                >
                  Edit
                </Button>
              )}
              {property.can.delete && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={onDelete}
                  aria-label={`Delete ${property.name}`}
                >
                  Delete
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
