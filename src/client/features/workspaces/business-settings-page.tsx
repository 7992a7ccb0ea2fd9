import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { centsToDecimal } from '../../../shared/money';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { WorkspaceDto } from '../../../shared/schemas/workspaces';
import { ApiError, errorMessage } from '../../api/http';
import { useMe } from '../../api/session';
import { useUpdateWorkspace, useWorkspace } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { timeZoneOptions } from '../../lib/zoned-time';
import { PageShell } from '../../shell/page-shell';

const TITLE = 'Business settings';

/**
 * /settings (issue 24): the business identity printed on invoices (name, address, phone, e-mail),
 * its tax rate, payment terms, invoice prefix and time zone. Owners and managers only.
 */
export function BusinessSettingsPage() {
  const me = useMe().data;
  const workspaceId = me?.workspace?.id ?? '';
  const allowed = Boolean(me?.can?.manageSettings);
  const workspace = useWorkspace(workspaceId, allowed);

  return (
    <PageShell title={TITLE} crumbs={[{ label: TITLE }]}>
      {!allowed ? (
        <ErrorBox>{WORKSPACE_MESSAGES.ownersAndManagersOnly}</ErrorBox>
      ) : workspace.isPending ? (
        <DetailSkeleton label="Loading business settings" />
      ) : workspace.isError ? (
        <ErrorBox error={workspace.error} fallback={WORKSPACE_MESSAGES.notFound} onRetry={workspace.refetch} />
      ) : (
        <SettingsForm key={workspace.data.id} workspace={workspace.data} />
      )}
    </PageShell>
  );
}

/** The form's text, as typed: the tax rate in percent ('8.25'), the terms in days. */
function initialValues(workspace: WorkspaceDto) {
  return {
    name: workspace.name,
    address: workspace.address ?? '',
    phone: workspace.phone ?? '',
    email: workspace.email ?? '',
    taxRatePercent: centsToDecimal(workspace.taxRateBps).replace(/\.00$/, ''),
    paymentTermsDays: String(workspace.paymentTermsDays),
    invoicePrefix: workspace.invoicePrefix,
    timeZone: workspace.timeZone,
  };
}

function SettingsForm({ workspace }: { workspace: WorkspaceDto }) {
  const update = useUpdateWorkspace(workspace.id);
  const [values, set] = useFormValues(() => initialValues(workspace));
  const [timeZone, setTimeZone] = useState(workspace.timeZone);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(workspace.timeZone), [workspace.timeZone]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { businessSettingsForm } = await import('../../../shared/schemas/workspaces');
    const result = validate(businessSettingsForm, { ...values, timeZone });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    const { taxRatePercent, ...rest } = result.data;
    try {
      await update.mutateAsync({ ...rest, taxRateBps: taxRatePercent });
      setSaved(true);
    } catch (error) {
      // The server checks the e-mail address and the rest with the same messages.
      if (error instanceof ApiError && error.fields) {
        setErrors({ ...error.fields, ...(error.fields.taxRateBps ? { taxRatePercent: error.fields.taxRateBps } : {}) });
      }
      setFailure(errorMessage(error, 'Failed to save business settings'));
    }
  }

  return (
    <Card withBorder radius="md" component="section" aria-label={TITLE} maw={720}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {WORKSPACE_MESSAGES.settingsSaved}
            </Alert>
          )}
          {failure && <ErrorBox>{failure}</ErrorBox>}
          <TextInput
            label="Business name"
            description="Printed on your invoices"
            required
            autoComplete="organization"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextInput
            label="Address"
            autoComplete="street-address"
            value={values.address}
            onChange={set('address')}
            error={errors.address}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={set('phone')}
              error={errors.phone}
            />
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
            />
            <TextInput
              label="Tax rate (%)"
              description="Added to every new invoice's subtotal"
              inputMode="decimal"
              value={values.taxRatePercent}
              onChange={set('taxRatePercent')}
              error={errors.taxRatePercent}
            />
            <TextInput
              label="Payment terms (days)"
              description="Days from the invoice to its due date"
              inputMode="numeric"
              value={values.paymentTermsDays}
              onChange={set('paymentTermsDays')}
              error={errors.paymentTermsDays}
            />
            <TextInput
              label="Invoice prefix"
              description="Starts every invoice number, e.g. INV-"
              value={values.invoicePrefix}
              onChange={set('invoicePrefix')}
              error={errors.invoicePrefix}
            />
            <Select
              label="Time zone"
              description="Where the business works"
              searchable
              data={zones}
              limit={50}
              value={timeZone}
              onChange={(value) => value && setTimeZone(value)}
              nothingFoundMessage="No time zone found"
              error={errors.timeZone}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
