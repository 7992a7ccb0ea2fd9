import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TestDbQueryName } from '../../../shared/schemas/debug';
import { testDbQuery, useTestDb } from '../../api/debug';
import { ErrorBox } from '../../components/error-box';
import { PageShell } from '../../shell/page-shell';
import { QueryView } from '../../components/query-view';

const LABELS: Record<TestDbQueryName, string> = {
  users: 'Users',
  properties: 'Properties',
  visits: 'Visits',
  user_properties: 'User properties',
  upcoming_visits: 'Upcoming visits (dashboard query)',
};

/** spec §2 /test-db: the five debug queries with success/failed, count and up to 5 rows each. */
export function TestDbPage() {
  const queryClient = useQueryClient();
  const result = useTestDb();
  return (
    <PageShell
      title="Database test"
      crumbs={[{ label: 'Database test' }]}
      actions={
        <Button
          variant="light"
          loading={result.isFetching}
          onClick={() => queryClient.invalidateQueries({ queryKey: testDbQuery.queryKey })}
        >
          Run again
        </Button>
      }
    >
      <QueryView query={result} loading="Running queries" fallback="Failed to run the queries">
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Each query returns at most 5 rows, limited to what you may see.
            </Text>
            {data.queries.map((query) => (
              <Card
                key={query.name}
                withBorder
                radius="md"
                component="section"
                aria-label={LABELS[query.name]}
                padding="sm"
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={2} size="h5">
                      {LABELS[query.name]}
                    </Title>
                    <Badge color={query.ok ? 'green' : 'red'} style={{ flexShrink: 0 }}>
                      {query.ok ? 'success' : 'failed'}
                    </Badge>
                  </Group>
                  <Text size="sm">Count: {query.count}</Text>
                  {query.error && <ErrorBox>{query.error}</ErrorBox>}
                  {query.rows.length > 0 && (
                    <Code
                      block
                      style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                    >
                      {JSON.stringify(query.rows, null, 2)}
                    </Code>
                  )}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </QueryView>
    </PageShell>
  );
}
