import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DUE_DATE_SHORTCUT_DAYS, FORM_INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/constants';
import { centsToDollarsInput, invoiceAmounts } from '../../../shared/money';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { errorMessage } from '../../api/http';
import {
  useBillableVisits,
  useCreateInvoice,
  useInvoice,
  useMarkInvoicePaid,
  useUpdateInvoice,
  type InvoiceDetail,
} from '../../api/invoices';
import { useFormats, useMe } from '../../api/session';
import { useVisit } from '../../api/visits';
import { useWorkspace } from '../../api/workspaces';
import { FormActions, useSchemaForm } from '../../components/form';
import { DetailSkeleton, Loading } from '../../components/loading';
import { PropertySelect } from '../../components/property-select';
import { statusLabel } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { Amounts } from './invoice-lines';
// The visits to bill (and Mantine's Checkbox) load once a property is chosen, not with the page.
const BillableVisitPicker = lazy(() =>
  import('./billable-visit-picker').then((m) => ({ default: m.BillableVisitPicker })),
);
import {
  discountBody,
  DiscountField,
  ExtraLinesField,
  itemsBody,
  itemsSubtotal,
  type DiscountKindValue,
  type ItemValues,
} from './invoice-extras';
import { EditFrame } from '../../components/page-frames';

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
            items: [],
            discountKind: '',
            discountValue: '',
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
      <EditFrame query={invoice} loading="Loading invoice" notFound={INVOICE_MESSAGES.notFound}>
        {(data) =>
          data && (
            <InvoiceForm
              invoice={data}
              initial={{
                propertyId: data.propertyId,
                visitIds: data.visits.map((visit) => visit.id),
                dueDate: data.dueDate ?? '',
                status: data.storedStatus,
                items: data.items.map((item) => ({
                  description: item.description,
                  quantity: String(item.quantity),
                  unitPrice: centsToDollarsInput(item.unitPrice),
                })),
                discountKind: data.discount?.kind ?? '',
                discountValue: !data.discount
                  ? ''
                  : data.discount.kind === 'amount'
                    ? centsToDollarsInput(data.discount.value)
                    : String(data.discount.value / 100),
              }}
            />
          )
        }
      </EditFrame>
    </PageShell>
  );
}

type Values = {
  propertyId: string;
  visitIds: string[];
  dueDate: string;
  status: InvoiceStatus;
  /** The invoice's own lines and its discount, as typed. */
  items: ItemValues[];
  discountKind: DiscountKindValue;
  discountValue: string;
};

/** The values as the API's body: an empty date field is no due date; lines and discount in cents. */
const bodyOf = (values: Values) => ({
  propertyId: values.propertyId,
  visitIds: values.visitIds,
  dueDate: values.dueDate || null,
  status: values.status,
  items: itemsBody(values.items),
  discount: discountBody(values.discountKind, values.discountValue),
});

function InvoiceForm({ invoice, initial }: { invoice?: InvoiceDetail; initial: Values }) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const update = useUpdateInvoice(invoice?.id ?? '');
  const markPaid = useMarkInvoicePaid(invoice?.id ?? '');
  const visitsFixed = Boolean(invoice?.frozen);
  const formats = useFormats();
  const form = useSchemaForm({
    initial,
    // The schema (and zod) loads with the first form sent, not with the page; its messages name
    // the amount cap in the business's currency, as the server's do.
    schema: () => import('../../../shared/schemas/invoices').then((m) => m.invoiceInputsFor(formats).create),
    prepare: bodyOf,
    fields: { discount: 'discountValue', 'discount.value': 'discountValue' },
    failed: INVOICE_MESSAGES.saveFailed,
    async submit(data) {
      const saved = invoice
        ? await update.mutateAsync({
            dueDate: data.dueDate,
            status: data.status,
            ...(visitsFixed ? {} : { visitIds: data.visitIds, items: data.items, discount: data.discount }),
          })
        : await create.mutateAsync(data);
      navigate(paths.invoice(saved.id));
    },
  });
  const { values, errors, setValue } = form;
  const billable = useBillableVisits(values.propertyId, invoice?.id);
  // The totals as the server will compute them: the chosen visits' completed tasks, taxed at the
  // invoice's own rate, or for a new one the workspace's.
  const workspaceId = useMe().data?.workspace?.id ?? '';
  const workspace = useWorkspace(workspaceId, !invoice);
  const taxRateBps = invoice?.taxRateBps ?? workspace.data?.taxRateBps;
  // A new invoice is due after the workspace's payment terms, until the user picks another date.
  const termsApplied = useRef(Boolean(invoice));
  const paymentTermsDays = workspace.data?.paymentTermsDays;
  const dueDate = values.dueDate;
  useEffect(() => {
    if (termsApplied.current || paymentTermsDays === undefined) return;
    termsApplied.current = true;
    if (!dueDate) setValue('dueDate', formats.today(paymentTermsDays));
  }, [paymentTermsDays, dueDate, setValue, formats]);
  const totals = new Map((billable.data?.items ?? []).map((visit) => [visit.id, visit.total]));
  const subtotal = values.visitIds.reduce((sum, id) => sum + (totals.get(id) ?? 0), 0) + itemsSubtotal(values.items);
  const typedDiscount = discountBody(values.discountKind, values.discountValue);
  const discount = typedDiscount && Number.isSafeInteger(typedDiscount.value) ? typedDiscount : null;
  const live =
    taxRateBps === undefined ? null : { ...invoiceAmounts(subtotal, taxRateBps, discount), discount, taxRateBps };
  const set = setValue;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="md" maw={640}>
        {invoice ? (
          <Text>
            {invoice.invoiceNumber} · {invoice.property.name}
          </Text>
        ) : (
          <PropertySelect
            required
            value={values.propertyId || null}
            onChange={(value) => {
              setValue('propertyId', value ?? '');
              setValue('visitIds', []);
            }}
            error={errors.propertyId}
          />
        )}
        {visitsFixed ? (
          <Text size="sm" c="dimmed">
            {INVOICE_MESSAGES.frozen}.
          </Text>
        ) : !values.propertyId ? (
          <Text size="sm" c="dimmed">
            Choose a property to see its completed visits.
          </Text>
        ) : (
          <Suspense fallback={<Loading label="Loading visits" size="sm" />}>
            <BillableVisitPicker
              propertyId={values.propertyId}
              visits={billable}
              chosen={new Set(values.visitIds)}
              onChange={(chosen) => set('visitIds', [...chosen])}
              error={errors.visitIds}
            />
          </Suspense>
        )}
        {!visitsFixed && (
          <>
            <ExtraLinesField items={values.items} onChange={(items) => set('items', items)} errors={errors} />
            <DiscountField
              kind={values.discountKind}
              value={values.discountValue}
              onKindChange={(kind) => set('discountKind', kind)}
              onValueChange={(value) => set('discountValue', value)}
              error={errors.discountValue}
            />
          </>
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
              <Button key={days} size="compact-sm" variant="light" onClick={() => set('dueDate', formats.today(days))}>
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
          data={FORM_INVOICE_STATUSES.map((value) => ({ value, label: statusLabel('invoice', value) }))}
          value={values.status}
          onChange={(event) => set('status', event.currentTarget.value as InvoiceStatus)}
          maw={220}
        />
        <FormActions
          submit={invoice ? 'Update Invoice' : 'Create Invoice'}
          busy={form.busy}
          failure={form.failure}
          cancel={invoice ? paths.invoice(invoice.id) : paths.invoices()}
          extra={
            invoice &&
            invoice.storedStatus !== 'paid' &&
            invoice.storedStatus !== 'cancelled' && (
              <Button
                variant="light"
                disabled={markPaid.isPending}
                onClick={() =>
                  markPaid.mutate(undefined, {
                    onSuccess: (paid) => navigate(paths.invoice(paid.id)),
                    onError: (error) =>
                      form.setFailure(
                        INVOICE_MESSAGES.markPaidAlert(errorMessage(error, INVOICE_MESSAGES.markPaidFailed)),
                      ),
                  })
                }
              >
                Mark as Paid
              </Button>
            )
          }
        />
      </Stack>
    </form>
  );
}
