import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/http';
import { useAddVisitUser, useCandidates, useRemoveVisitUser, type VisitDetail } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { StatusBadge } from '../../components/status-badge';
import { EmailAddress, wholeText } from '../../components/whole-text';
import { personName } from './visit-format';

/** Who is on the visit; owners and managers add and remove assistants from the workspace's members. */
export function VisitPeopleSection({ visit }: { visit: VisitDetail }) {
  const headingId = useId();
  const canManage = visit.can.managePeople;
  const candidates = useCandidates(visit.id, canManage);
  const addUser = useAddVisitUser(visit.id);
  const removeUser = useRemoveVisitUser(visit.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(errorMessage(error, 'Failed to update the people on this visit'));
  const options = (candidates.data?.items ?? []).map((person) => ({ value: person.userId, label: personName(person) }));

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        People
      </Title>
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <Stack gap={6} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {visit.people.length === 0 && (
          <Text size="sm" c="dimmed" component="li">
            Nobody is assigned to this visit.
          </Text>
        )}
        {visit.people.map((person) => (
          <Group key={person.userId} component="li" justify="space-between" wrap="nowrap">
            <Group gap="xs" miw={0} wrap="nowrap">
              <Text size="sm" style={wholeText}>
                {person.displayName || <EmailAddress email={person.email} />}
              </Text>
              <StatusBadge kind="visitRole" value={person.role} />
            </Group>
            {canManage && person.role === 'assistant' && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${personName(person)}`}
                disabled={removeUser.isPending}
                onClick={() => {
                  setFailure(null);
                  removeUser.mutate(person.userId, { onError });
                }}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {canManage && (
        <Group gap="xs" mt="sm" align="flex-end">
          {/* A native select: Mantine's Select put the visit page over its 200 KB budget. */}
          <NativeSelect
            label="Add assistant"
            data={[{ value: '', label: options.length === 0 ? 'No one else to add' : 'Select a person' }, ...options]}
            value={chosen ?? ''}
            onChange={(event) => setChosen(event.currentTarget.value || null)}
            disabled={options.length === 0}
            style={{ flex: 1 }}
            miw={180}
          />
          <Button
            disabled={!chosen || addUser.isPending}
            onClick={() => {
              if (!chosen) return;
              setFailure(null);
              addUser.mutate(chosen, { onSuccess: () => setChosen(null), onError });
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </section>
  );
}
