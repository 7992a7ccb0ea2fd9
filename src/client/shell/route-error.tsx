import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a route fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{error instanceof Error ? `Error: ${error.message}` : 'This page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Refresh page</Button>
      </Stack>
    </Center>
  );
}
