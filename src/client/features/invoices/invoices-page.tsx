import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, INVOICE_STATUSES } from '../../../shared/constants';
import { invoicesCsvUrl, useInvoices } from '../../api/invoices';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { wholeText } from '../../components/whole-text';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

/** /resources/invoices: search by number or property, status filter, newest first. */
export function InvoicesPage() {
  const formats = useFormats();
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const status = list.choice('status', INVOICE_STATUSES);
  const invoices = useInvoices({ q: list.q, status, offset: list.offset, limit: DEFAULT_PAGE_SIZE });
  const moving = useStayInRange(list, invoices, DEFAULT_PAGE_SIZE);
  const can = useWorkspaceCan();

  return (
    <PageShell
      title="Invoices"
      crumbs={[{ label: 'Invoices' }]}
      actions={
        can?.seeInvoices && (
          <>
            {/* The list as it is filtered, as a spreadsheet. */}
            <Button component="a" href={invoicesCsvUrl({ q: list.q, status })} download variant="light">
              Export CSV
            </Button>
            <Button component={Link} to={paths.newInvoice()}>
              New Invoice
            </Button>
          </>
        )
      }
    >
      <Stack gap="md">
        <ListFilters
          list={list}
          search={{ label: 'Search invoices', placeholder: 'Number or property' }}
          filter={{
            key: 'status',
            label: 'Status',
            allLabel: 'All statuses',
            options: INVOICE_STATUSES.map((value) => ({ value, label: statusLabel('invoice', value) })),
            value: status,
          }}
        />
        <ListFrame
          query={invoices}
          moving={moving}
          loading="Loading invoices"
          failed="Failed to load invoices"
          empty={
            list.q || status ? (
              <Text c="dimmed">No invoices match these filters.</Text>
            ) : (
              <EmptyState
                title="No invoices yet"
                description="Bill completed visits of the properties you own."
                action={{ label: 'Create your first invoice', to: paths.newInvoice() }}
              />
            )
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'invoices' }}
        >
          {(items) => (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Invoices">
              {items.map((invoice) => (
                <Card key={invoice.id} component="li" withBorder padding="sm" aria-label={invoice.invoiceNumber}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Anchor component={Link} to={paths.invoice(invoice.id)} fw={600}>
                        {invoice.invoiceNumber}
                      </Anchor>
                      <Text size="sm" style={wholeText}>
                        {invoice.propertyName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formats.date(invoice.createdAt)}
                        {invoice.dueDate ? ` · due ${formats.day(invoice.dueDate)}` : ''}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text fw={600} ta="right">
                        {formats.money(invoice.total)}
                      </Text>
                      {invoice.amountPaid > 0 && invoice.balanceDue > 0 && (
                        <Text size="xs" ta="right">
                          Balance due {formats.money(invoice.balanceDue)}
                        </Text>
                      )}
                      <StatusBadge kind="invoice" value={invoice.status} />
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>
    </PageShell>
  );
}
