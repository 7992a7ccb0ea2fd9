import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** What a list shows when it has nothing: a title, a line of help and the way to add the first one. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: { label: string; to: string };
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{title}</Text>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {action && (
          <Anchor component={Link} to={action.to}>
            {action.label}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
