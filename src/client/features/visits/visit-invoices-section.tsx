import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';
import type { VisitDetail } from '../../api/visits';

/** spec §2 Visits detail: the invoices this visit is on (for whoever may see invoices). */
export function VisitInvoicesSection({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        Related invoices
      </Title>
      {visit.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices for this visit yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visit.invoices.map((invoice) => (
            <Group key={invoice.id} component="li" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={paths.invoice(invoice.id)} size="sm">
                {invoice.invoiceNumber}
              </Anchor>
              <Group gap="xs" wrap="nowrap">
                <StatusBadge kind="invoice" value={invoice.status} />
                <Text size="sm">{formats.money(invoice.total)}</Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}
