import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDuration } from '../../../shared/duration';
import type { PropertyDetail } from '../../api/properties';
import { Section } from '../../components/section';
import { wholeText } from '../../components/whole-text';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';

/** The property's active tasks with their duration and, for whoever may see prices, their price here. */
export function PropertyTasksSection({ property }: { property: PropertyDetail }) {
  const formats = useFormats();
  return (
    <Section
      title="Tasks"
      action={
        property.can.manageTasks && (
          <Anchor component={Link} to={paths.propertyTasks(property.id)} size="sm">
            Manage
          </Anchor>
        )
      }
    >
      {property.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet. Use Manage Tasks to add task templates to this property.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Property tasks">
          {property.tasks.map((task) => (
            <Group key={task.id} component="li" justify="space-between" wrap="nowrap" gap="xs" aria-label={task.name}>
              <Anchor component={Link} to={paths.task(task.taskId)} size="sm" style={wholeText}>
                {task.name}
              </Anchor>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDuration(task.estimatedDurationMinutes)}
                </Text>
                {property.can.seePrices && (
                  <Text size="sm" fw={600}>
                    {formats.money(task.price)}
                  </Text>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
