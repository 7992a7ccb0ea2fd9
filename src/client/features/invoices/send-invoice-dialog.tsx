import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { InvoiceDetailDto } from '../../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { errorMessage } from '../../api/http';
import { useSendInvoice } from '../../api/invoices';
import { ErrorBox } from '../../components/error-box';
import { validate } from '../../lib/form';
import { Dialog } from '../../components/overlays';

/** 'Send Invoice': asks for the recipient (the property's owner by default) and e-mails the PDF. */
export function SendInvoiceDialog({
  invoice,
  opened,
  onClose,
  onSent,
}: {
  invoice: InvoiceDetailDto;
  opened: boolean;
  onClose: () => void;
  onSent: (to: string) => void;
}) {
  const send = useSendInvoice(invoice.id);
  const [to, setTo] = useState(invoice.sentTo ?? invoice.recipient ?? '');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The schema (and zod) loads with the first form sent, not with the page.
    const { sendInvoiceInput } = await import('../../../shared/schemas/invoices');
    const checked = validate(sendInvoiceInput, { to });
    if (!checked.ok) return setError(checked.errors.to ?? INVOICE_MESSAGES.recipientInvalid);
    setError(null);
    send.mutate(checked.data.to, { onSuccess: () => onSent(checked.data.to) });
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Send Invoice" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {invoice.invoiceNumber} goes as a PDF attachment.
            {invoice.storedStatus === 'draft' ? ' Sending marks it sent and fixes its lines and amounts.' : ''}
          </Text>
          <TextInput
            label="Send to"
            type="email"
            inputMode="email"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {send.isError && <ErrorBox>{errorMessage(send.error, 'Failed to send the invoice')}</ErrorBox>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
