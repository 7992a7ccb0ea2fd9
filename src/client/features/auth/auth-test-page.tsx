import { Badge, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_TEST_CREDENTIAL } from '../../../shared/schemas/auth';
import { ApiError, errorMessage } from '../../api/http';
import { authApi } from '../../api/auth';
import { get } from '../../api/contract';

interface Check {
  name: string;
  run: () => Promise<string>;
}

const CHECKS: Check[] = [
  {
    name: 'Database connection',
    run: async () => {
      await get('/health');
      return 'The server reached its database.';
    },
  },
  {
    name: 'Session',
    run: async () => {
      const session = await authApi.getSession();
      return session?.user ? 'A session is present.' : 'No session: you are signed out.';
    },
  },
  {
    name: 'Environment variables',
    run: async () => {
      const config = await get('/auth-test/config');
      const present = config.settings.filter((setting) => setting.present).length;
      return `${present} of ${config.settings.length} optional settings are set.`;
    },
  },
  {
    name: 'Test sign-in',
    // A fixed throwaway credential no account can have: a well-formed refusal means the auth service works.
    run: async () => {
      try {
        await authApi.signIn(AUTH_TEST_CREDENTIAL);
        await authApi.signOut();
        return 'Signed in and out with the test credential.';
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
          return `The auth service answered: ${error.message}`;
        }
        throw error;
      }
    },
  },
];

/** spec §2: the authentication debug page. Each check is a query; 'Run again' refetches them all. */
export function AuthTestPage() {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: CHECKS.map((check) => ({
      queryKey: ['auth-test', check.name],
      queryFn: check.run,
      retry: false,
      staleTime: 0,
      gcTime: 0,
    })),
  });
  const config = useQuery({
    queryKey: ['auth-test', 'config'],
    queryFn: () => get('/auth-test/config'),
    retry: false,
  });

  return (
    <Container component="main" size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          Authentication test
        </Title>
        <Text size="sm">
          Backend URL: <code>{config.data?.backendUrl ?? window.location.origin}</code>
        </Text>
        {CHECKS.map((check, index) => {
          const result = results[index];
          const state = result?.isFetching ? 'running' : result?.isSuccess ? 'passed' : 'failed';
          const detail = result?.isSuccess ? result.data : errorMessage(result?.error, 'The check failed');
          return (
            <Card key={check.name} withBorder aria-label={check.name}>
              <Group justify="space-between">
                <Text fw={600}>{check.name}</Text>
                <Badge color={state === 'passed' ? 'green' : state === 'failed' ? 'red' : 'gray'}>{state}</Badge>
              </Group>
              {state !== 'running' && (
                <Text size="sm" c="dimmed">
                  {detail}
                </Text>
              )}
            </Card>
          );
        })}
        {config.data && (
          <Card withBorder>
            <Text fw={600} mb="xs">
              Settings
            </Text>
            <List size="sm">
              {config.data.settings.map((setting) => (
                <List.Item key={setting.name}>
                  {setting.name}: {setting.present ? 'set' : 'not set'}
                </List.Item>
              ))}
            </List>
          </Card>
        )}
        <Button variant="outline" onClick={() => void queryClient.refetchQueries({ queryKey: ['auth-test'] })}>
          Run again
        </Button>
      </Stack>
    </Container>
  );
}
