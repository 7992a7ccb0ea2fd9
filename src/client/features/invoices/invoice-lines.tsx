import { Group, Stack, Table, Text } from '@mantine/core';
import { discountLabel, formatPercent, type Discount } from '../../../shared/money';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';
import type { InvoiceDetail } from '../../api/invoices';

/** One line per completed visit task, then the subtotal, the tax at the invoice's rate and the total. */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const formats = useFormats();
  return (
    <Section title="Lines">
      <Stack gap="sm">
        {invoice.lines.length === 0 && invoice.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No completed tasks on this invoice&apos;s visits yet.
          </Text>
        ) : (
          <Table verticalSpacing={6} aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Visit</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, index) => (
                <Table.Tr key={`${line.visitId}-${index}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formats.date(line.visitScheduledAt)}</Table.Td>
                  <Table.Td>{line.taskName}</Table.Td>
                  <Table.Td ta="right">{formats.money(line.price)}</Table.Td>
                </Table.Tr>
              ))}
              {/* The invoice's own lines, after the tasks. */}
              {invoice.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td />
                  <Table.Td>
                    {item.quantity === 1
                      ? item.description
                      : `${item.description} (${item.quantity} × ${formats.money(item.unitPrice)})`}
                  </Table.Td>
                  <Table.Td ta="right">{formats.money(item.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Amounts
          subtotal={invoice.subtotal}
          discount={invoice.discount}
          discountAmount={invoice.discountAmount}
          taxAmount={invoice.taxAmount}
          total={invoice.total}
          taxRateBps={invoice.taxRateBps}
        />
        {invoice.frozen && (
          <Text size="xs" c="dimmed">
            These lines were copied when the invoice left draft; later changes to the visits do not change them.
          </Text>
        )}
      </Stack>
    </Section>
  );
}

/** Subtotal, the discount, tax ('Tax (8%)': the workspace's rate) and total, right-aligned. */
export function Amounts({
  subtotal,
  discount = null,
  discountAmount = 0,
  taxAmount,
  total,
  taxRateBps,
}: {
  subtotal: number;
  discount?: Discount | null;
  discountAmount?: number;
  taxAmount: number;
  total: number;
  taxRateBps: number;
}) {
  const formats = useFormats();
  const row = (label: string, cents: number, strong = false) => (
    <Group justify="flex-end" gap="lg" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} w={110} ta="right" aria-label={label}>
        {formats.money(cents)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2}>
      {row('Subtotal', subtotal)}
      {discount && row(discountLabel(discount), -discountAmount)}
      {row(`Tax (${formatPercent(taxRateBps)})`, taxAmount)}
      {row('Total', total, true)}
    </Stack>
  );
}
