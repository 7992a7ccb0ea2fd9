import { Checkbox, Stack, Text } from '@mantine/core';
import { INVOICE_MESSAGES } from '../../../shared/messages/invoices';
import type { useBillableVisits } from '../../api/invoices';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useFormats } from '../../api/session';

/** spec §2: only completed visits of the chosen property, each with its completed tasks' total. */
export function BillableVisitPicker({
  propertyId,
  visits,
  chosen,
  onChange,
  error,
}: {
  propertyId: string;
  visits: ReturnType<typeof useBillableVisits>;
  chosen: Set<string>;
  onChange: (chosen: Set<string>) => void;
  error?: string;
}) {
  const formats = useFormats();
  if (!propertyId) {
    return (
      <Text size="sm" c="dimmed">
        Choose a property to see its completed visits.
      </Text>
    );
  }
  if (visits.isPending) return <Loading label="Loading visits" size="sm" />;
  if (visits.isError) return <ErrorBox onRetry={visits.refetch}>{INVOICE_MESSAGES.loadVisitsFailed}</ErrorBox>;
  return (
    <Checkbox.Group
      label="Visits to bill"
      description="Completed visits of this property that are on no other invoice"
      value={[...chosen]}
      onChange={(values) => onChange(new Set(values))}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {visits.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No completed visits to bill.
          </Text>
        ) : (
          visits.data.items.map((visit) => (
            <Checkbox
              key={visit.id}
              value={visit.id}
              label={`${formats.date(visit.scheduledAt)} — ${formats.money(visit.total)}`}
              description={`${visit.completedTaskCount} completed ${visit.completedTaskCount === 1 ? 'task' : 'tasks'}`}
            />
          ))
        )}
      </Stack>
    </Checkbox.Group>
  );
}
