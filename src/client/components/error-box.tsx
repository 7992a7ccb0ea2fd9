import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/http';

/**
 * The red box of spec §8. Given an `error`, it says 'Error: {message}' (the fallback when the
 * error has none); otherwise it shows its children. `onRetry` adds a 'Try again' button,
 * `action` any other (such as 'Refresh page').
 */
export function ErrorBox({
  error,
  fallback = 'Something went wrong',
  onRetry,
  action,
  children,
}: {
  error?: unknown;
  fallback?: string;
  onRetry?: () => void;
  action?: { label: string; onClick: () => void };
  children?: ReactNode;
}) {
  const button = action ?? (onRetry ? { label: 'Try again', onClick: onRetry } : undefined);
  return (
    <Alert color="red" role="alert" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{children ?? `Error: ${errorMessage(error, fallback)}`}</Text>
        {button && (
          <Button size="xs" color="red" variant="outline" onClick={button.onClick}>
            {button.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
