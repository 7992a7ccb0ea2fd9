import { Stack, Text, TextInput } from '@mantine/core';
import { useSendInvoice, type InvoiceDetail } from '../../api/invoices';
import { FormActions, useSchemaForm } from '../../components/form';
import { Dialog } from '../../components/overlays';

/** 'Send Invoice': asks for the recipient (the property's owner by default) and e-mails the PDF. */
export function SendInvoiceDialog({
  invoice,
  opened,
  onClose,
  onSent,
}: {
  invoice: InvoiceDetail;
  opened: boolean;
  onClose: () => void;
  onSent: (to: string) => void;
}) {
  const send = useSendInvoice(invoice.id);
  const form = useSchemaForm({
    initial: { to: invoice.sentTo ?? invoice.recipient ?? '' },
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/invoices').then((m) => m.sendInvoiceInput),
    failed: 'Failed to send the invoice',
    async submit({ to }) {
      await send.mutateAsync(to);
      onSent(to);
    },
  });

  return (
    <Dialog opened={opened} onClose={onClose} title="Send Invoice" centered>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {invoice.invoiceNumber} goes as a PDF attachment.
            {invoice.storedStatus === 'draft' ? ' Sending marks it sent and fixes its lines and amounts.' : ''}
          </Text>
          <TextInput label="Send to" type="email" inputMode="email" {...form.field('to')} data-autofocus />
          <FormActions
            submit="Send"
            busyLabel="Sending..."
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
