import { Card, Group, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card of a detail page, labelled by its heading. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}
