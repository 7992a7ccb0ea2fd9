import { Card, Stack, Text, TextInput } from '@mantine/core';
import { createWorkspace } from '../../api/workspaces';
import { FormActions, useSchemaForm } from '../../components/form';
import { browserZone } from '../../lib/locality';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

/**
 * 'New business', from the switcher: a business of one's own, with its name, the signer its
 * owner. Someone who joined another business by invitation starts their own here.
 */
export function NewBusinessPage() {
  const form = useSchemaForm({
    initial: () => ({ name: '', timeZone: browserZone() }),
    schema: () => import('../../../shared/schemas/workspaces').then((m) => m.setUpWorkspaceInput),
    failed: 'Failed to create the business',
    submit: (data) => createWorkspace(data),
  });
  return (
    <PageShell title="New business" crumbs={[{ label: 'New business' }]}>
      <Card withBorder radius="md" maw={520}>
        <form onSubmit={form.onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              What is your business called? You will be its owner; the businesses you work for stay in your switcher.
            </Text>
            <TextInput label="Business name" autoComplete="organization" required {...form.field('name')} />
            <FormActions
              submit="Create business"
              busyLabel="Creating..."
              busy={form.busy}
              failure={form.failure}
              cancel={paths.home()}
            />
          </Stack>
        </form>
      </Card>
    </PageShell>
  );
}
