import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PROPERTY_ROLES, type PropertyRole } from '../../../shared/constants';
import { linkPersonInput, type PropertyPersonDto } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { useMe } from '../../api/session';
import { validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { useLinkPerson, usePropertyPeople, useUnlinkPerson, useUpdatePerson } from './api';
import { RoleBadge } from './role-badge';
import { Section } from './section';

const ROLE_OPTIONS = PROPERTY_ROLES.map((role) => ({ value: role, label: role === 'owner' ? 'Owner' : 'Technician' }));

/** Who is linked to the property. Owners (and admins) link, change roles and unlink; others read. */
export function PropertyPeopleSection({ propertyId, canManage }: { propertyId: string; canManage: boolean }) {
  const people = usePropertyPeople(propertyId);
  const me = useMe();
  const updatePerson = useUpdatePerson(propertyId);
  const [failure, setFailure] = useState<string | null>(null);
  const [toUnlink, setToUnlink] = useState<PropertyPersonDto | null>(null);

  async function changeRole(person: PropertyPersonDto, role: PropertyRole) {
    setFailure(null);
    try {
      await updatePerson.mutateAsync({ userId: person.userId, role });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to change the role'));
    }
  }

  return (
    <Section title="People">
      <Stack gap="sm">
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {people.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            Loading people...
          </Text>
        ) : people.isError ? (
          <ErrorBox>Error: {errorMessage(people.error, 'Failed to load people')}</ErrorBox>
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
                {canManage ? (
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
                ) : person.userId === me.data?.id ? (
                  // anyone linked may leave (the last-owner rule still holds)
                  <Group gap="xs" wrap="nowrap">
                    <RoleBadge role={person.role} />
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToUnlink(person)}>
                      Leave
                    </Button>
                  </Group>
                ) : (
                  <RoleBadge role={person.role} />
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canManage && <LinkPersonForm propertyId={propertyId} />}
      </Stack>
      <UnlinkModal propertyId={propertyId} person={toUnlink} onClose={() => setToUnlink(null)} />
    </Section>
  );
}

function LinkPersonForm({ propertyId }: { propertyId: string }) {
  const link = useLinkPerson(propertyId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PropertyRole>('technician');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = validate(linkPersonInput, { email, role });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    try {
      await link.mutateAsync(result.data);
      setEmail('');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to link the user'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Link a person">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Link a person
        </Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Email of an existing user"
            type="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            style={{ flex: '1 1 200px' }}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as PropertyRole)}
            w={140}
          />
          <Button type="submit" disabled={link.isPending}>
            {link.isPending ? 'Saving...' : 'Link'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UnlinkModal({
  propertyId,
  person,
  onClose,
}: {
  propertyId: string;
  person: PropertyPersonDto | null;
  onClose: () => void;
}) {
  const unlink = useUnlinkPerson(propertyId);
  const me = useMe();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const self = person?.userId === me.data?.id;

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    if (!person) return;
    try {
      await unlink.mutateAsync(person.userId);
      close();
      if (self) navigate(paths.properties(), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to unlink the user'));
    }
  }

  return (
    <Modal opened={person !== null} onClose={close} title="Unlink person" centered>
      <Stack gap="md">
        <Text size="sm">
          {self
            ? 'Remove yourself from this property? You will no longer see it.'
            : `Remove ${person?.email} from this property? They will no longer see it.`}
        </Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={unlink.isPending}>
            Unlink
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
