import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';

const plural = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/**
 * The sign-in check has had no answer for 5 s, nothing of the session is kept, and changes are
 * queued on this phone: /clear-auth would be no help, so the guard waits for the network (the
 * check resumes by itself when the server answers) and says what is kept.
 */
export function WaitingForNetwork({ queued }: { queued: number }) {
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={360}>
        <Text fw={700}>Offline</Text>
        <Loader aria-hidden />
        <Text ta="center" role="status">
          Waiting for the network. {plural(queued)} made on this device {queued === 1 ? 'is' : 'are'} kept and will be
          sent once the server answers.
        </Text>
        <Button component={Link} to={paths.clearAuth()} variant="subtle" size="compact-sm">
          Clear sign-in
        </Button>
      </Stack>
    </Center>
  );
}
