import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { useProperty, usePropertyTasks } from '../../api/properties';
import { ListFooter } from '../../components/list-footer';
import { Section } from '../../components/section';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { AddPropertyTaskForm } from './add-property-task-form';
import { PropertyTaskRow } from './property-task-row';
import { QueryView } from '../../components/query-view';
import { DetailFrame } from '../../components/page-frames';

/** /resources/properties/{id}/tasks: the property's task templates and their prices. */
export function PropertyTasksPage() {
  const { id = '' } = useParams();
  const property = useProperty(id);
  const [offset, setOffset] = useState(0);
  const tasks = usePropertyTasks(id, offset);
  const name = property.data?.name ?? 'Property';

  return (
    <PageShell
      title="Manage Tasks"
      crumbs={[
        { label: 'Properties', to: paths.properties() },
        { label: name, to: paths.property(id) },
        { label: 'Manage Tasks' },
      ]}
      actions={
        <Button component={Link} to={paths.property(id)} variant="default">
          Back to property
        </Button>
      }
    >
      <DetailFrame query={property} loading="Loading tasks" notFound={PROPERTY_MESSAGES.notFound}>
        {(detail) => (
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              Tasks of {detail.name}. A custom price replaces the template&apos;s default price at this property.
            </Text>
            {/* The detail carries every active task; the list below is only one page of them. */}
            <AddPropertyTaskForm propertyId={id} existing={detail.tasks} />
            <Section title="Tasks on this property">
              <QueryView query={tasks} loading="Loading tasks" fallback="Failed to load tasks">
                {(page) =>
                  page.items.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No tasks yet. Add a task template above.
                    </Text>
                  ) : (
                    <Stack gap="sm">
                      <Stack
                        gap="sm"
                        component="ul"
                        style={{ listStyle: 'none', padding: 0, margin: 0 }}
                        aria-label="Tasks"
                      >
                        {page.items.map((task) => (
                          <PropertyTaskRow key={task.id} propertyId={id} task={task} />
                        ))}
                      </Stack>
                      <ListFooter
                        total={page.total}
                        offset={offset}
                        pageSize={DEFAULT_PAGE_SIZE}
                        onPage={(page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE)}
                        noun="tasks"
                      />
                    </Stack>
                  )
                }
              </QueryView>
            </Section>
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}
