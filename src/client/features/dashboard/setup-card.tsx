import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { errorMessage } from '../../api/http';
import { useUpdateWorkspace } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';
import { timeZoneName } from '../../lib/datetime';
import { validate, type FieldErrors } from '../../lib/form';

/**
 * Issue 24's onboarding: until the business has a name, its owners and managers are asked for it
 * here; the browser's time zone goes with it. Saving finishes setting up, and the card goes.
 */
export function SetUpCard({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const update = useUpdateWorkspace(workspaceId);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The schema (and zod) loads with the first form sent, not with the dashboard.
    const { setUpWorkspaceInput } = await import('../../../shared/schemas/workspaces');
    const result = validate(setUpWorkspaceInput, { name, timeZone: timeZoneName() });
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) update.mutate(result.data);
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb={4}>
        {WORKSPACE_MESSAGES.finishSettingUp}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Text size="sm" mb="xs">
          What is your business called? It goes on your invoices, and the people you invite see it.
        </Text>
        {update.isError && <ErrorBox>{errorMessage(update.error, 'Failed to save the business name')}</ErrorBox>}
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label="Business name"
            autoComplete="organization"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
