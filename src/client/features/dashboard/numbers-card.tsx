import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDashboard } from '../../api/dashboard';
import { QueryView } from '../../components/query-view';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';

/**
 * The business at a glance for owners and managers (today's visits done of all, what
 * is waiting to be billed, overdue, paid this month), a technician's own day otherwise. Each
 * number opens the list it counts.
 */
export function NumbersCard() {
  const formats = useFormats();
  const dashboard = useDashboard();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="numbers-heading">
      <Title order={2} size="h4" id="numbers-heading" mb="xs">
        At a glance
      </Title>
      <QueryView query={dashboard} loading="Loading the numbers" size="sm" fallback="Failed to load the numbers">
        {({ today, money }) => (
          <SimpleGrid cols={{ base: 2, sm: money ? 4 : 2 }} spacing="sm">
            <Figure
              label="Today’s visits"
              value={`${today.done} / ${today.total}`}
              detail="done"
              to={money ? paths.visits('today') : paths.today()}
            />
            {money && (
              <>
                <Figure
                  label="Unbilled visits"
                  value={String(money.unbilledVisits)}
                  detail="completed, not invoiced"
                  to={paths.visits('unbilled')}
                />
                <Figure
                  label="Overdue invoices"
                  value={String(money.overdue.count)}
                  detail={formats.money(money.overdue.amount)}
                  to={paths.invoices('overdue')}
                />
                <Figure
                  label="Paid this month"
                  value={formats.money(money.paidThisMonth.amount)}
                  detail={`${money.paidThisMonth.count} ${money.paidThisMonth.count === 1 ? 'invoice' : 'invoices'}`}
                  to={paths.invoices('paid')}
                />
              </>
            )}
          </SimpleGrid>
        )}
      </QueryView>
    </Card>
  );
}

/** One number, a link to the list behind it; its name is what it shows: 'Today’s visits 1 / 3 done'. */
function Figure({ label, value, detail, to }: { label: string; value: string; detail: string; to: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}
