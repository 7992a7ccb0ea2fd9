import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { usePortalFormats, usePortalInvoices } from '../../api/portal';
import { ListFrame } from '../../components/page-frames';
import { StatusBadge } from '../../components/status-badge';
import { portalPaths } from './portal-paths';

/** /portal/invoices: the client's invoices with their balance due and 'Download PDF'. */
export function PortalInvoicesPage() {
  const formats = usePortalFormats();
  const [offset, setOffset] = useState(0);
  const invoices = usePortalInvoices(offset);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={portalPaths.home()} size="sm">
        Back to your visits
      </Anchor>
      <Title order={1} size="h3">
        {PORTAL_MESSAGES.invoices}
      </Title>
      <ListFrame
        query={invoices}
        loading="Loading invoices"
        failed="Failed to load invoices"
        empty={<Text size="sm">{PORTAL_MESSAGES.noInvoices}</Text>}
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'invoices',
        }}
      >
        {(items) => (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Invoices">
            {items.map((invoice) => (
              <Stack key={invoice.id} gap={4} component="li">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{invoice.invoiceNumber}</Text>
                  <StatusBadge kind="invoice" value={invoice.status} />
                </Group>
                <Text size="sm">
                  {invoice.propertyName} · {formats.date(invoice.createdAt)}
                </Text>
                <Text size="sm">
                  Total {formats.money(invoice.total)} · Balance due{' '}
                  <strong>{formats.money(invoice.balanceDue)}</strong>
                </Text>
                <Group>
                  <Button
                    component="a"
                    href={invoice.pdfUrl}
                    target="_blank"
                    variant="default"
                    size="sm"
                    aria-label={`Download PDF of invoice ${invoice.invoiceNumber}`}
                  >
                    Download PDF
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        )}
      </ListFrame>
    </Stack>
  );
}
