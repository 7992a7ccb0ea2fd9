import { Box, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { useUpdateWorkspace } from '../../api/workspaces';
import { FormActions, useSchemaForm } from '../../components/form';
import { browserZone } from '../../lib/locality';

/**
 * Onboarding: until the business has a name, its owners and managers are asked for it
 * here; the browser's time zone goes with it. Saving finishes setting up, and the card goes.
 */
export function SetUpCard({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const update = useUpdateWorkspace(workspaceId);
  const form = useSchemaForm({
    initial: () => ({ name: '', timeZone: browserZone() }),
    // The schema (and zod) loads with the first form sent, not with the dashboard.
    schema: () => import('../../../shared/schemas/workspaces').then((m) => m.setUpWorkspaceInput),
    failed: 'Failed to save the business name',
    submit: (data) => update.mutateAsync(data),
  });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb={4}>
        {WORKSPACE_MESSAGES.finishSettingUp}
      </Title>
      <form onSubmit={form.onSubmit} noValidate>
        <Text size="sm" mb="xs">
          What is your business called? It goes on your invoices, and the people you invite see it.
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label="Business name"
            autoComplete="organization"
            {...form.field('name')}
            style={{ flex: '1 1 220px' }}
          />
          <Box mt={{ base: 0, xs: 25 }}>
            <FormActions submit="Save" busy={form.busy} failure={form.failure} />
          </Box>
        </Group>
      </form>
    </Card>
  );
}
