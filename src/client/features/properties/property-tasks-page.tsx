import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { useProperty, usePropertyTasks } from '../../api/properties';
import { ErrorBox } from '../../components/error-box';
import { ListFooter } from '../../components/list-footer';
import { DetailSkeleton } from '../../components/loading';
import { Section } from '../../components/section';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { AddPropertyTaskForm } from './add-property-task-form';
import { PropertyTaskRow } from './property-task-row';

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
      {property.isPending || tasks.isPending ? (
        <DetailSkeleton label="Loading tasks" />
      ) : property.isError ? (
        <ErrorBox error={property.error} fallback={PROPERTY_MESSAGES.notFound} />
      ) : tasks.isError ? (
        <ErrorBox error={tasks.error} fallback="Failed to load tasks" onRetry={tasks.refetch} />
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            Tasks of {property.data.name}. A custom price replaces the template&apos;s default price at this property.
          </Text>
          {/* The detail carries every active task; the list below is only one page of them. */}
          <AddPropertyTaskForm propertyId={id} existing={property.data.tasks} />
          <Section title="Tasks on this property">
            {tasks.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tasks yet. Add a task template above.
              </Text>
            ) : (
              <Stack gap="sm">
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Tasks">
                  {tasks.data.items.map((task) => (
                    <PropertyTaskRow key={task.id} propertyId={id} task={task} />
                  ))}
                </Stack>
                <ListFooter
                  total={tasks.data.total}
                  offset={offset}
                  pageSize={DEFAULT_PAGE_SIZE}
                  onPage={(page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE)}
                  noun="tasks"
                />
              </Stack>
            )}
          </Section>
        </Stack>
      )}
    </PageShell>
  );
}
