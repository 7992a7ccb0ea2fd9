import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PropertyRole } from '../../../shared/constants';
import type { PropertyCan, PropertyPersonDto } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { usePropertyPeople, useUnlinkPerson, useUpdatePerson } from '../../api/properties';
import { useMe } from '../../api/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { Section } from '../../components/section';
import { PropertyRoleBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { InvitePersonForm, ROLE_OPTIONS } from './invite-person-form';

/** Who is linked to the property. Whoever manages it links, changes roles and unlinks; anyone linked may leave. */
export function PropertyPeopleSection({ propertyId, can }: { propertyId: string; can: PropertyCan }) {
  const people = usePropertyPeople(propertyId);
  const me = useMe();
  const updatePerson = useUpdatePerson(propertyId);
  const unlink = useUnlinkPerson(propertyId);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [toUnlink, setToUnlink] = useState<PropertyPersonDto | null>(null);
  const self = toUnlink?.userId === me.data?.id;

  function changeRole(person: PropertyPersonDto, role: PropertyRole) {
    setFailure(null);
    updatePerson.mutate(
      { userId: person.userId, role },
      { onError: (error) => setFailure(errorMessage(error, 'Failed to change the role')) },
    );
  }

  return (
    <Section title="People">
      <Stack gap="sm">
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {people.isPending ? (
          <Loading label="Loading people" size="sm" />
        ) : people.isError ? (
          <ErrorBox error={people.error} fallback="Failed to load people" onRetry={people.refetch} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="People">
            {people.data.items.map((person) => (
              <Group
                key={person.userId}
                component="li"
                justify="space-between"
                gap="xs"
                aria-label={person.email}
                wrap="wrap"
              >
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {person.displayName || person.email}
                  </Text>
                  {person.displayName && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {person.email}
                    </Text>
                  )}
                </Stack>
                {can.managePeople ? (
                  <Group gap="xs" wrap="nowrap">
                    <Select
                      aria-label={`Role of ${person.email}`}
                      data={ROLE_OPTIONS}
                      value={person.role}
                      allowDeselect={false}
                      onChange={(value) => value && value !== person.role && changeRole(person, value as PropertyRole)}
                      w={130}
                      size="xs"
                    />
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setToUnlink(person)}
                      aria-label={`Unlink ${person.email}`}
                    >
                      Unlink
                    </Button>
                  </Group>
                ) : person.userId === me.data?.id && can.leave ? (
                  <Group gap="xs" wrap="nowrap">
                    <PropertyRoleBadge role={person.role} />
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToUnlink(person)}>
                      Leave
                    </Button>
                  </Group>
                ) : (
                  <PropertyRoleBadge role={person.role} />
                )}
              </Group>
            ))}
          </Stack>
        )}
        {can.managePeople && <InvitePersonForm propertyId={propertyId} />}
      </Stack>
      <ConfirmDialog
        opened={toUnlink !== null}
        title="Unlink person"
        confirmLabel="Unlink"
        busyLabel="Unlinking..."
        onClose={() => setToUnlink(null)}
        onConfirm={async () => {
          if (!toUnlink) return;
          await unlink.mutateAsync(toUnlink.userId);
          if (self) navigate(paths.properties(), { replace: true });
        }}
        describeError={(error) => errorMessage(error, 'Failed to unlink the user')}
      >
        {self
          ? 'Remove yourself from this property and its visits? You will no longer see them.'
          : `Remove ${toUnlink?.email} from this property and its visits? They will no longer see them.`}
      </ConfirmDialog>
    </Section>
  );
}
