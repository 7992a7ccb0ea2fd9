import { Anchor, Box, Container, Group, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { portalQueryClient, usePortalMe } from '../../api/portal';
import { ErrorBox } from '../../components/error-box';
import { portalPaths } from './portal-paths';
import { removePageFrame } from '../../shell/page-frame';

/**
 * Issue 28 §1: every portal page, phone-first, under the business's name; never the staff shell.
 * Its own query cache (not persisted, no outbox): a client's data never mixes with the staff app's.
 */
export function PortalLayout() {
  useLayoutEffect(() => removePageFrame());
  return (
    <QueryClientProvider client={portalQueryClient}>
      <PortalFrame>
        <Outlet />
      </PortalFrame>
    </QueryClientProvider>
  );
}

function PortalFrame({ children }: { children: ReactNode }) {
  const me = usePortalMe();
  return (
    <>
      <Box component="header" bg="blue.9" c="white" py="sm">
        <Container size="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={portalPaths.home()} c="white" fw={700} underline="never">
              {me.data?.business.name ?? 'Client portal'}
            </Anchor>
            {me.data && (
              <Text size="sm" c="white" truncate>
                {me.data.client.name}
              </Text>
            )}
          </Group>
        </Container>
      </Box>
      <Container size="sm" py="md" component="main">
        {me.isError ? <SignedOut /> : children}
      </Container>
    </>
  );
}

function SignedOut() {
  return (
    <>
      <Title order={1} size="h3" mb="md">
        Client portal
      </Title>
      <ErrorBox>{PORTAL_MESSAGES.notSignedIn}</ErrorBox>
    </>
  );
}

/** /portal/expired: where a link that no longer works leads (no session). */
export function PortalExpiredPage() {
  useLayoutEffect(() => removePageFrame());
  return (
    <>
      <Box component="header" bg="blue.9" c="white" py="sm">
        <Container size="sm">
          <Text fw={700}>Client portal</Text>
        </Container>
      </Box>
      <Container size="sm" py="md" component="main">
        <Title order={1} size="h3" mb="md">
          Link no longer valid
        </Title>
        <ErrorBox>{PORTAL_MESSAGES.linkInvalid}</ErrorBox>
      </Container>
    </>
  );
}
