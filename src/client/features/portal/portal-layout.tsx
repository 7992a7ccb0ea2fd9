import { Anchor, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { enterPortal, portalQueryClient, usePortalMe } from '../../api/portal';
import { ErrorBox } from '../../components/error-box';
import { wholeText } from '../../components/whole-text';
import { portalPaths } from './portal-paths';
import { removePageFrame } from '../../shell/page-frame';

/**
 * Every portal page, phone-first, under the business's name; never the staff shell.
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
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={portalPaths.home()} c="white" fw={700} underline="never" style={wholeText}>
              {me.data?.business.name ?? 'Client portal'}
            </Anchor>
            {me.data && (
              <Text size="sm" c="white" style={wholeText}>
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

/** A portal page without a session: the business is not known yet, so the frame says 'Client portal'. */
function PortalBareFrame({ children }: { children: ReactNode }) {
  useLayoutEffect(() => removePageFrame());
  return (
    <>
      <Box component="header" bg="blue.9" c="white" py="sm">
        <Container size="sm">
          <Text fw={700}>Client portal</Text>
        </Container>
      </Box>
      <Container size="sm" py="md" component="main">
        {children}
      </Container>
    </>
  );
}

/**
 * /portal/enter/{token}: where an e-mailed link opens. One button uses the link up (a POST), so a
 * mail scanner or a link preview that opens the page leaves the link working for the client.
 */
export function PortalEnterPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { next } = await enterPortal(token);
      await navigate(next, { replace: true });
    } catch {
      await navigate(PORTAL_EXPIRED, { replace: true });
    }
  };
  return (
    <PortalBareFrame>
      <Title order={1} size="h3" mb="sm">
        Your client portal
      </Title>
      <Text mb="md">Your visits, their reports and your invoices, from the link in your e-mail.</Text>
      <Button size="md" fullWidth loading={opening} onClick={() => void open()}>
        Open my portal
      </Button>
    </PortalBareFrame>
  );
}

/** /portal/expired: where a link that no longer works leads (no session). */
export function PortalExpiredPage() {
  return (
    <PortalBareFrame>
      <Title order={1} size="h3" mb="md">
        Link no longer valid
      </Title>
      <ErrorBox>{PORTAL_MESSAGES.linkInvalid}</ErrorBox>
    </PortalBareFrame>
  );
}

const PORTAL_EXPIRED = '/portal/expired';
