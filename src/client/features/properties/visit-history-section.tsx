import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROPERTY_VISITS_PAGE_SIZE, usePropertyVisits } from '../../api/properties';
import { ListFooter } from '../../components/list-footer';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { QueryView } from '../../components/query-view';
import { useFormats } from '../../api/session';

/** The property's visits, newest first, each with its status and how many tasks were completed. */
export function VisitHistorySection({ propertyId }: { propertyId: string }) {
  const formats = useFormats();
  const [offset, setOffset] = useState(0);
  const visits = usePropertyVisits(propertyId, offset);
  return (
    <Section title="Visit history">
      <QueryView
        query={visits}
        loading="Loading visits"
        size="sm"
        describeError={() => 'Failed to load visits for this property'}
      >
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No visits yet.
            </Text>
          ) : (
            <Stack gap="xs">
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Visits">
                {data.items.map((visit) => (
                  <Group key={visit.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={paths.visit(visit.id)} size="sm">
                      {formats.dateTime(visit.scheduledAt)}
                    </Anchor>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {visit.completedTaskCount} of {visit.taskCount} tasks completed
                      </Text>
                      <StatusBadge kind="visit" value={visit.status} />
                    </Group>
                  </Group>
                ))}
              </Stack>
              <ListFooter
                total={data.total}
                offset={offset}
                pageSize={PROPERTY_VISITS_PAGE_SIZE}
                onPage={(page) => setOffset((page - 1) * PROPERTY_VISITS_PAGE_SIZE)}
                noun="visits"
              />
            </Stack>
          )
        }
      </QueryView>
    </Section>
  );
}
