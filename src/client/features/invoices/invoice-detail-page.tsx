import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import { errorMessage } from '../../api/http';
import {
  invoicePdfUrl,
  useDeleteInvoice,
  useInvoice,
  useMarkInvoicePaid,
  type InvoiceDetail,
} from '../../api/invoices';
import { ErrorBox } from '../../components/error-box';
import { Facts } from '../../components/facts';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { Section } from '../../components/section';
import { ClientMessagesSection } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { EmailAddress, wholeText } from '../../components/whole-text';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { InvoiceLines } from './invoice-lines';
import { SendInvoiceDialog } from './send-invoice-dialog';
import { LockedNotice, PaymentsSection } from './invoice-payments';
import { useFormats } from '../../api/session';

/** /resources/invoices/{id}: lines, amounts, status, visits; Mark as Paid, Send, Print, Edit, Delete. */
export function InvoiceDetailPage() {
  const formats = useFormats();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const navigate = useNavigate();
  const remove = useDeleteInvoice();
  const data = invoice.data;

  return (
    <PageShell
      title={data?.invoiceNumber ?? 'Invoice'}
      crumbs={[{ label: 'Invoices', to: paths.invoices() }, { label: data?.invoiceNumber ?? 'Invoice' }]}
      actions={
        <DetailActions
          edit={data?.can.edit ? paths.editInvoice(id) : undefined}
          remove={
            data?.can.delete
              ? {
                  title: 'Delete Invoice',
                  question:
                    'Are you sure you want to delete this invoice? Its visits can be billed again. This action cannot be undone.',
                  onConfirm: async () => {
                    await remove.mutateAsync(id);
                    navigate(paths.invoices(), { replace: true });
                  },
                  describeError: (error) => INVOICE_MESSAGES.deleteError(errorMessage(error, 'unknown error')),
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={invoice} loading="Loading invoice" notFound={INVOICE_MESSAGES.notFound}>
        {(invoice) => (
          <Stack gap="lg">
            <LockedNotice invoice={invoice} />
            <InvoiceSummary invoice={invoice} />
            <PaymentsSection invoice={invoice} />
            <SellerSection seller={invoice.seller} />
            <InvoiceLines invoice={invoice} />
            <Section title="Visits">
              {invoice.visits.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No visits on this invoice.
                </Text>
              ) : (
                <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {invoice.visits.map((visit) => (
                    <Group key={visit.id} component="li" justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={paths.visit(visit.id)} size="sm">
                        {formats.dateTime(visit.scheduledAt)}
                      </Anchor>
                      <Group gap="xs" wrap="nowrap">
                        <StatusBadge kind="visit" value={visit.status} />
                        <Text size="sm">{formats.money(visit.total)}</Text>
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Section>
            <ClientMessagesSection record={{ kind: 'invoice', id }} />
            <PhotoPanel attachableType="invoice" attachableId={id} />
            <NotesPanel attachableType="invoice" attachableId={id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}

/** Who the invoice is from: the business as it was when the invoice was made. */
function SellerSection({ seller }: { seller: InvoiceDetail['seller'] }) {
  return (
    <Section title="From">
      <Stack gap={2} component="address" aria-label="Seller" style={{ fontStyle: 'normal' }}>
        <Text fw={600}>{seller.name}</Text>
        {seller.address && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {seller.address}
          </Text>
        )}
        {seller.phone && <Text size="sm">{seller.phone}</Text>}
        {seller.email && (
          <Text size="sm" style={wholeText}>
            <EmailAddress email={seller.email} />
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function InvoiceSummary({ invoice }: { invoice: InvoiceDetail }) {
  const formats = useFormats();
  const markPaid = useMarkInvoicePaid(invoice.id);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={paths.property(invoice.propertyId)} fw={600}>
            {invoice.property.name}
          </Anchor>
          <Group role="group" aria-label="Status" style={{ flexShrink: 0 }}>
            <StatusBadge kind="invoice" value={invoice.status} />
          </Group>
        </Group>
        <Facts
          facts={[
            // Who pays, the property's client (else the property).
            ['Bill to', [invoice.billTo.name, invoice.billTo.address].filter(Boolean).join(', ')],
            ['Total', formats.money(invoice.total)],
            ['Balance due', formats.money(invoice.balanceDue)],
            ['Issued', formats.date(invoice.createdAt)],
            ['Due date', invoice.dueDate ? formats.day(invoice.dueDate) : '—'],
            ['Paid', invoice.paidAt ? formats.dateTime(invoice.paidAt) : '—'],
            ['Sent', invoice.sentAt ? `${formats.dateTime(invoice.sentAt)} to ${invoice.sentTo}` : '—'],
          ]}
        />
        {sentTo && (
          <Alert color="green" variant="light" role="status">
            {INVOICE_MESSAGES.sent(sentTo)}
          </Alert>
        )}
        {markPaid.isError && (
          <ErrorBox>{INVOICE_MESSAGES.markPaidAlert(errorMessage(markPaid.error, 'unknown error'))}</ErrorBox>
        )}
        <Group gap="xs">
          {invoice.can.markPaid && (
            <Button onClick={() => markPaid.mutate()} disabled={markPaid.isPending}>
              {markPaid.isPending ? 'Saving...' : 'Mark as Paid'}
            </Button>
          )}
          {invoice.can.send && (
            <Button variant="light" onClick={() => setSending(true)}>
              Send Invoice
            </Button>
          )}
          <Button component="a" href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener" variant="light">
            Print Invoice
          </Button>
        </Group>
      </Stack>
      {sending && (
        <SendInvoiceDialog
          invoice={invoice}
          opened={sending}
          onClose={() => setSending(false)}
          onSent={(to) => {
            setSending(false);
            setSentTo(to);
          }}
        />
      )}
    </Card>
  );
}
