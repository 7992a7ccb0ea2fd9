import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { NOT_FOUND_REDIRECT_MS } from '../../shared/constants';
import { paths } from '../paths';

/** spec §2: any unknown path; back to / after 2 s. */
export function NotFoundPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.home(), { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">Redirecting you back...</Text>
        <Button onClick={() => navigate(paths.dashboard(), { replace: true })}>Go to Dashboard</Button>
      </Stack>
    </Center>
  );
}
