import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/constants';
import { centsToDollarsInput, dollarsToCents } from '../../../shared/money';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { useRecordPayment, useVoidInvoice, type InvoiceDetail } from '../../api/invoices';
import { FormActions, useSchemaForm } from '../../components/form';
import { Dialog } from '../../components/overlays';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';

// An invoice's payments, 'Record payment' and 'Void invoice'.

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** The payments recorded, the balance due, and the 'Record payment' and 'Void invoice' buttons. */
export function PaymentsSection({ invoice }: { invoice: InvoiceDetail }) {
  const formats = useFormats();
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState(false);
  return (
    <Section title="Payments">
      <Stack gap="sm">
        {invoice.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments recorded.
          </Text>
        ) : (
          <Stack gap={6} component="ul" aria-label="Payments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invoice.payments.map((payment) => (
              <Group key={payment.id} component="li" justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Text size="sm">
                    {formats.day(payment.paidAt)} · {PAYMENT_METHOD_LABELS[payment.method]}
                  </Text>
                  {payment.reference && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {payment.reference}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" fw={600}>
                  {formats.money(payment.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="space-between">
          <Text size="sm">Amount paid: {formats.money(invoice.amountPaid)}</Text>
          <Text size="sm" fw={700}>
            Balance due: {formats.money(invoice.balanceDue)}
          </Text>
        </Group>
        {(invoice.can.recordPayment || invoice.can.void) && (
          <Group gap="xs">
            {invoice.can.recordPayment && <Button onClick={() => setRecording(true)}>Record payment</Button>}
            {invoice.can.void && (
              <Button color="red" variant="light" onClick={() => setVoiding(true)}>
                Void invoice
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {recording && <RecordPaymentDialog invoice={invoice} onClose={() => setRecording(false)} />}
      {voiding && <VoidInvoiceDialog invoice={invoice} onClose={() => setVoiding(false)} />}
    </Section>
  );
}

/** Why Edit and Delete are gone from a paid or void invoice. */
export function LockedNotice({ invoice }: { invoice: InvoiceDetail }) {
  const formats = useFormats();
  if (invoice.storedStatus === 'void') {
    return (
      <Alert color="gray" variant="light" title="Void">
        <Stack gap={4}>
          <Text size="sm">{INVOICE_MESSAGES.voidNoEdit}</Text>
          {invoice.voidReason && <Text size="sm">Reason: {invoice.voidReason}</Text>}
          {invoice.voidedAt && <Text size="sm">Voided {formats.dateTime(invoice.voidedAt)}</Text>}
        </Stack>
      </Alert>
    );
  }
  if (invoice.storedStatus === 'paid') {
    return (
      <Alert color="green" variant="light">
        {INVOICE_MESSAGES.paidNoEdit}
      </Alert>
    );
  }
  return null;
}

type PaymentValues = { amount: string; paidAt: string; method: PaymentMethod; reference: string };

/** The typed dollars as cents (NaN when not an amount: the schema says so). */
function paymentBody(values: PaymentValues) {
  let amount: number;
  try {
    amount = dollarsToCents(values.amount) ?? Number.NaN;
  } catch {
    amount = Number.NaN;
  }
  return { amount, paidAt: values.paidAt || null, method: values.method, reference: values.reference || null };
}

function RecordPaymentDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const formats = useFormats();
  const record = useRecordPayment(invoice.id);
  const form = useSchemaForm({
    initial: {
      amount: centsToDollarsInput(invoice.balanceDue),
      paidAt: formats.today(),
      method: 'cash' as PaymentMethod,
      reference: '',
    },
    schema: () => import('../../../shared/schemas/invoices').then((m) => m.recordPaymentInput),
    prepare: paymentBody,
    failed: INVOICE_MESSAGES.recordPaymentFailed,
    async submit(data) {
      await record.mutateAsync(data);
      onClose();
    },
  });
  return (
    <Dialog opened onClose={onClose} title="Record payment" centered>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Balance due: {formats.money(invoice.balanceDue)}</Text>
          <TextInput
            label={`Amount (${formats.currencySymbol})`}
            inputMode="decimal"
            required
            {...form.field('amount')}
            data-autofocus
          />
          <TextInput label="Date" type="date" required {...form.field('paidAt')} />
          <NativeSelect
            label="Method"
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            {...form.field('method')}
          />
          <TextInput label="Reference" {...form.field('reference')} />
          <FormActions submit="Record payment" busy={form.busy} failure={form.failure} cancel={onClose} grow />
        </Stack>
      </form>
    </Dialog>
  );
}

function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const formats = useFormats();
  const voidInvoice = useVoidInvoice(invoice.id);
  const form = useSchemaForm({
    initial: { reason: '' },
    schema: () => import('../../../shared/schemas/invoices').then((m) => m.voidInvoiceInput),
    failed: INVOICE_MESSAGES.voidFailed,
    async submit(data) {
      await voidInvoice.mutateAsync(data);
      onClose();
    },
  });
  return (
    <Dialog opened onClose={onClose} title="Void invoice" centered>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{INVOICE_MESSAGES.voidConfirm}</Text>
          {invoice.amountPaid > 0 && (
            <Text size="sm">Its payments ({formats.money(invoice.amountPaid)}) stay on record.</Text>
          )}
          <Textarea label="Reason" required autosize minRows={2} {...form.field('reason')} data-autofocus />
          <FormActions
            submit="Void invoice"
            busyLabel="Voiding..."
            busy={form.busy}
            failure={form.failure}
            cancel={onClose}
            grow
          />
        </Stack>
      </form>
    </Dialog>
  );
}
