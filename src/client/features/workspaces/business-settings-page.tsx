import { Alert, Card, Select, SimpleGrid, Stack, TextInput, type ComboboxData } from '@mantine/core';
import { useMemo, useState } from 'react';
import { currencyOptions, LOCALE_OPTIONS } from '../../../shared/locale';
import { centsToDecimal } from '../../../shared/money';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { ApiError } from '../../api/http';
import { useMe } from '../../api/session';
import { useUpdateWorkspace, useWorkspace } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { timeZoneOptions } from '../../lib/zoned-time';
import { PageShell } from '../../shell/page-shell';
import { ClientNotificationSettings } from './client-notification-settings';
import { DeleteWorkspaceSection } from './delete-workspace-section';
import { countryOptions } from './country-options';
import type { Get } from '../../api/contract';

type Workspace = Get<'/workspaces/:id'>;

const TITLE = 'Business settings';

/**
 * /settings: the business identity printed on invoices (name, address, phone, e-mail),
 * its tax rate, payment terms, invoice prefix, time zone, country, locale and currency. Owners and managers only.
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
      ) : (
        <EditFrame query={workspace} loading="Loading business settings" notFound={WORKSPACE_MESSAGES.notFound}>
          {(data) =>
            data && (
              <Stack gap="md">
                <SettingsForm key={data.id} workspace={data} />
                <ClientNotificationSettings key={`${data.id}-notifications`} workspace={data} />
                {data.can.deleteWorkspace && <DeleteWorkspaceSection workspace={data} />}
              </Stack>
            )
          }
        </EditFrame>
      )}
    </PageShell>
  );
}

/** The form's text, as typed: the tax rate in percent ('8.25'), the terms in days. */
function initialValues(workspace: Workspace) {
  return {
    name: workspace.name,
    address: workspace.address ?? '',
    phone: workspace.phone ?? '',
    email: workspace.email ?? '',
    taxRatePercent: centsToDecimal(workspace.taxRateBps).replace(/\.00$/, ''),
    paymentTermsDays: String(workspace.paymentTermsDays),
    invoicePrefix: workspace.invoicePrefix,
    timeZone: workspace.timeZone,
    country: workspace.country,
    locale: workspace.locale,
    currency: workspace.currency,
  };
}

function SettingsForm({ workspace }: { workspace: Workspace }) {
  const update = useUpdateWorkspace(workspace.id);
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => timeZoneOptions(workspace.timeZone), [workspace.timeZone]);
  const countries = useMemo(() => countryOptions(), []);
  // The offered locales, and the business's own when it chose another the runtime knows.
  const locales = useMemo(() => [...new Set([...LOCALE_OPTIONS, workspace.locale])], [workspace.locale]);
  const currencies = useMemo(() => [...new Set([...currencyOptions(), workspace.currency])], [workspace.currency]);
  const form = useSchemaForm({
    initial: () => initialValues(workspace),
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/workspaces').then((m) => m.businessSettingsForm),
    failed: 'Failed to save business settings',
    async submit({ taxRatePercent, ...rest }) {
      setSaved(false);
      try {
        await update.mutateAsync({ ...rest, taxRateBps: taxRatePercent });
      } catch (error) {
        // The server checks the same fields with the same messages; its tax rate is the form's percent.
        if (error instanceof ApiError && error.fields?.taxRateBps) {
          throw new ApiError(error.status, error.code, error.message, {
            ...error.fields,
            taxRatePercent: error.fields.taxRateBps,
          });
        }
        throw error;
      }
      setSaved(true);
    },
  });

  const choice = (name: 'timeZone' | 'country' | 'locale' | 'currency') => ({
    value: form.values[name],
    onChange: (value: string) => form.setValue(name, value),
    error: form.errors[name],
  });

  return (
    <Card withBorder radius="md" component="section" aria-label={TITLE} maw={720}>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {WORKSPACE_MESSAGES.settingsSaved}
            </Alert>
          )}
          <TextInput
            label="Business name"
            description="Printed on your invoices"
            required
            autoComplete="organization"
            {...form.field('name')}
          />
          <TextInput label="Address" autoComplete="street-address" {...form.field('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
            <TextInput label="Email" type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
            <TextInput
              label="Tax rate (%)"
              description="Added to every new invoice's subtotal"
              inputMode="decimal"
              {...form.field('taxRatePercent')}
            />
            <TextInput
              label="Payment terms (days)"
              description="Days from the invoice to its due date"
              inputMode="numeric"
              {...form.field('paymentTermsDays')}
            />
            <TextInput
              label="Invoice prefix"
              description="Starts every invoice number, e.g. INV-"
              {...form.field('invoicePrefix')}
            />
            <ChoiceSelect
              label="Time zone"
              description="Where the business works"
              data={zones}
              what="time zone"
              {...choice('timeZone')}
            />
            <ChoiceSelect
              label="Country"
              description="Names the address fields of properties and clients"
              data={countries}
              what="country"
              {...choice('country')}
            />
            <ChoiceSelect
              label="Locale"
              description="How dates, times and amounts are written"
              data={locales}
              what="locale"
              {...choice('locale')}
            />
            <ChoiceSelect
              label="Currency"
              description="Of every price and invoice"
              data={currencies}
              what="currency"
              {...choice('currency')}
            />
          </SimpleGrid>
          <FormActions submit="Save Settings" busy={form.busy} failure={form.failure} />
        </Stack>
      </form>
    </Card>
  );
}

/** A searchable choice of one of many (zones, countries, locales, currencies), the first 50 shown until searched. */
function ChoiceSelect({
  label,
  description,
  data,
  what,
  value,
  onChange,
  error,
}: {
  label: string;
  description: string;
  data: ComboboxData;
  /** What is chosen, for 'No … found'. */
  what: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Select
      label={label}
      description={description}
      searchable
      data={data}
      limit={50}
      value={value}
      onChange={(next) => next && onChange(next)}
      nothingFoundMessage={`No ${what} found`}
      error={error}
    />
  );
}
