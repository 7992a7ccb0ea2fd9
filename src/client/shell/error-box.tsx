import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The red box of spec §8, optionally with an action such as 'Refresh page'. */
export function ErrorBox({
  children,
  action,
}: {
  children: ReactNode;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <Alert color="red" role="alert" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children}</Text>
        {action && (
          <Button size="xs" color="red" variant="outline" onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
