import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DUE_DATE_SHORTCUT_DAYS, INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/constants';
import { invoiceAmounts } from '../../../shared/money';
import type { InvoiceDetailDto } from '../../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { errorMessage } from '../../api/http';
import {
  useBillableVisits,
  useCreateInvoice,
  useInvoice,
  useMarkInvoicePaid,
  useUpdateInvoice,
} from '../../api/invoices';
import { useMe } from '../../api/session';
import { useVisit } from '../../api/visits';
import { useWorkspace } from '../../api/workspaces';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { PropertySelect } from '../../components/property-select';
import { statusLabel } from '../../components/status-badge';
import { dayFromToday } from '../../lib/datetime';
import { validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { Amounts } from './invoice-lines';
import { BillableVisitPicker } from './billable-visit-picker';

/** /resources/invoices/new; ?visit={id} preselects that visit and its property. */
export function NewInvoicePage() {
  const [params] = useSearchParams();
  const visitId = params.get('visit') ?? '';
  const visit = useVisit(visitId);
  return (
    <PageShell title="New Invoice" crumbs={[{ label: 'Invoices', to: paths.invoices() }, { label: 'New Invoice' }]}>
      {visitId && visit.isPending ? (
        <DetailSkeleton label="Loading visit" />
      ) : (
        <InvoiceForm
          initial={{
            propertyId: visit.data?.propertyId ?? params.get('property') ?? '',
            visitIds: visit.data ? [visit.data.id] : [],
            dueDate: '',
            status: 'draft',
          }}
        />
      )}
    </PageShell>
  );
}

export function EditInvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  return (
    <PageShell
      title="Edit Invoice"
      crumbs={[
        { label: 'Invoices', to: paths.invoices() },
        { label: invoice.data?.invoiceNumber ?? 'Invoice', to: paths.invoice(id) },
        { label: 'Edit' },
      ]}
    >
      {invoice.isPending ? (
        <DetailSkeleton label="Loading invoice" />
      ) : invoice.isError ? (
        <ErrorBox error={invoice.error} fallback={INVOICE_MESSAGES.notFound} />
      ) : (
        <InvoiceForm
          invoice={invoice.data}
          initial={{
            propertyId: invoice.data.propertyId,
            visitIds: invoice.data.visits.map((visit) => visit.id),
            dueDate: invoice.data.dueDate ?? '',
            status: invoice.data.storedStatus,
          }}
        />
      )}
    </PageShell>
  );
}

interface Values {
  propertyId: string;
  visitIds: string[];
  dueDate: string;
  status: InvoiceStatus;
}

function InvoiceForm({ invoice, initial }: { invoice?: InvoiceDetailDto; initial: Values }) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const update = useUpdateInvoice(invoice?.id ?? '');
  const markPaid = useMarkInvoicePaid(invoice?.id ?? '');
  const [values, setValues] = useState(initial);
  const billable = useBillableVisits(values.propertyId, invoice?.id);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const visitsFixed = Boolean(invoice?.frozen);
  // The totals as the server will compute them: the chosen visits' completed tasks, taxed at the
  // invoice's own rate, or for a new one the workspace's (issue 24).
  const workspaceId = useMe().data?.workspace?.id ?? '';
  const workspace = useWorkspace(workspaceId, !invoice);
  const taxRateBps = invoice?.taxRateBps ?? workspace.data?.taxRateBps;
  // A new invoice is due after the workspace's payment terms, until the user picks another date.
  const termsApplied = useRef(Boolean(invoice));
  const paymentTermsDays = workspace.data?.paymentTermsDays;
  useEffect(() => {
    if (termsApplied.current || paymentTermsDays === undefined) return;
    termsApplied.current = true;
    setValues((current) => (current.dueDate ? current : { ...current, dueDate: dayFromToday(paymentTermsDays) }));
  }, [paymentTermsDays]);
  const totals = new Map((billable.data?.items ?? []).map((visit) => [visit.id, visit.total]));
  const subtotal = values.visitIds.reduce((sum, id) => sum + (totals.get(id) ?? 0), 0);
  const live = taxRateBps === undefined ? null : { ...invoiceAmounts(subtotal, taxRateBps), taxRateBps };
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { createInvoiceInput } = await import('../../../shared/schemas/invoices');
    // An empty date field means no due date (the schema takes null, not '').
    const checked = validate(createInvoiceInput, { ...values, dueDate: values.dueDate || null });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    try {
      const saved = invoice
        ? await update.mutateAsync({
            dueDate: checked.data.dueDate,
            status: checked.data.status,
            ...(visitsFixed ? {} : { visitIds: checked.data.visitIds }),
          })
        : await create.mutateAsync(checked.data);
      navigate(paths.invoice(saved.id));
    } catch (error) {
      setFailure(errorMessage(error, INVOICE_MESSAGES.saveFailed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {invoice ? (
          <Text>
            {invoice.invoiceNumber} · {invoice.property.name}
          </Text>
        ) : (
          <PropertySelect
            required
            value={values.propertyId || null}
            onChange={(value) => setValues((current) => ({ ...current, propertyId: value ?? '', visitIds: [] }))}
            error={errors.propertyId}
          />
        )}
        {visitsFixed ? (
          <Text size="sm" c="dimmed">
            {INVOICE_MESSAGES.frozen}.
          </Text>
        ) : (
          <BillableVisitPicker
            propertyId={values.propertyId}
            visits={billable}
            chosen={new Set(values.visitIds)}
            onChange={(chosen) => set('visitIds', [...chosen])}
            error={errors.visitIds}
          />
        )}
        {!visitsFixed && live && <Amounts {...live} />}
        <Stack gap={6}>
          <TextInput
            label="Due date"
            type="date"
            value={values.dueDate}
            onChange={(event) => set('dueDate', event.currentTarget.value)}
            error={errors.dueDate}
            maw={220}
          />
          <Group gap="xs">
            {[30, DUE_DATE_SHORTCUT_DAYS].map((days) => (
              <Button key={days} size="compact-sm" variant="light" onClick={() => set('dueDate', dayFromToday(days))}>
                {days} Days
              </Button>
            ))}
            <Button size="compact-sm" variant="subtle" onClick={() => set('dueDate', '')}>
              No due date
            </Button>
          </Group>
        </Stack>
        <NativeSelect
          label="Status"
          data={INVOICE_STATUSES.map((value) => ({ value, label: statusLabel('invoice', value) }))}
          value={values.status}
          onChange={(event) => set('status', event.currentTarget.value as InvoiceStatus)}
          maw={220}
        />
        <Group gap="xs">
          <Button component={Link} to={invoice ? paths.invoice(invoice.id) : paths.invoices()} variant="default">
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : invoice ? 'Update Invoice' : 'Create Invoice'}
          </Button>
          {invoice && invoice.storedStatus !== 'paid' && invoice.storedStatus !== 'cancelled' && (
            <Button
              variant="light"
              disabled={markPaid.isPending}
              onClick={() =>
                markPaid.mutate(undefined, {
                  onSuccess: (paid) => navigate(paths.invoice(paid.id)),
                  onError: (error) =>
                    setFailure(INVOICE_MESSAGES.markPaidAlert(errorMessage(error, INVOICE_MESSAGES.markPaidFailed))),
                })
              }
            >
              Mark as Paid
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
