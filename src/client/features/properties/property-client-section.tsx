import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { fullAddress } from '../../../shared/place';
import type { PropertyDetail } from '../../api/properties';
import { useCreateClientFromProperty } from '../../api/properties';
import { ContactActions } from '../../components/contact-actions';
import { ErrorBox } from '../../components/error-box';
import { Section } from '../../components/section';
import { paths } from '../../paths';

/**
 * Who the property is for, with one tap to reach them, and Directions to the property.
 * A property without a client offers 'Create client from this property' to the office.
 */
export function PropertyClientSection({ property }: { property: PropertyDetail }) {
  const create = useCreateClientFromProperty(property.id);
  const { client } = property;
  return (
    <Section title="Contact">
      <Stack gap="xs">
        {client ? (
          <Group gap="xs" justify="space-between">
            <Text size="sm">
              Client:{' '}
              <Anchor component={Link} to={paths.client(client.id)} fw={600}>
                {client.name}
              </Anchor>
            </Text>
            <ContactActions name={client.name} phone={client.phone} email={client.email} />
          </Group>
        ) : (
          property.can.manageClient && (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                No client yet.
              </Text>
              <Button variant="light" loading={create.isPending} onClick={() => create.mutate()}>
                Create client from this property
              </Button>
            </Group>
          )
        )}
        {create.isError && <ErrorBox error={create.error} fallback={CLIENT_MESSAGES.saveFailed} />}
        <ContactActions place={{ name: property.name, address: fullAddress(property) }} />
      </Stack>
    </Section>
  );
}
