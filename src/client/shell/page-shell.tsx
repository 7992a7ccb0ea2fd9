import { Anchor, Box, Breadcrumbs, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { ConnectionStatus, PendingChanges } from '../components/outbox-status';
import { paths } from '../paths';
import { BottomNav, TopNav } from './navigation';
import classes from './shell.module.css';
import { VerifyEmailBanner } from './verify-email-banner';
import { WorkspaceSwitcher } from './workspace-switcher';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * spec §1: a back link to the dashboard, breadcrumbs, the signed-in e-mail and Sign out,
 * around the page's one `main`; issue 24's workspace switcher beside them; the navigation is in the header on wide screens and along
 * the bottom on phones. The dashboard shows the display name instead of the e-mail (spec §2).
 */
export function PageShell({
  title,
  crumbs = [],
  actions,
  children,
  home = false,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
  /** The dashboard itself: no back link, and the display name in the header. */
  home?: boolean;
}) {
  const me = useMe().data;
  return (
    <Box>
      <Box component="header" className={classes.header}>
        {/* 46 px high, as the server's frame draws it (src/server/page-frame.ts): the switcher's 44 px and a pixel each side. */}
        <Group justify="space-between" wrap="nowrap" gap="xs" px="md" py={1} mih={46} miw={0}>
          {home ? (
            <Text fw={700} style={{ flexShrink: 0 }}>
              Rounds
            </Text>
          ) : (
            <Anchor component={Link} to={paths.dashboard()} size="sm" style={{ flexShrink: 0 }}>
              ← Back to Dashboard
            </Anchor>
          )}
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: '0 1 auto' }}>
            <Text
              size="sm"
              fw={home ? 600 : undefined}
              truncate="end"
              miw={40}
              // the e-mail gives way first: the workspace's name matters more in a narrow header
              style={{ flex: '0 10 auto' }}
              title={me?.email}
              data-testid={home ? 'dashboard-user' : 'signed-in-email'}
            >
              {home ? me?.profile.displayName || me?.email : me?.email}
            </Text>
            {me && <WorkspaceSwitcher me={me} />}
            <Button component={Link} to={paths.signout()} variant="subtle" size="compact-sm" style={{ flexShrink: 0 }}>
              Sign out
            </Button>
          </Group>
        </Group>
        {/* Issue 17: 'Offline' and 'Pending changes (N)', only while there is something to say. */}
        <div className={classes.syncBar}>
          <ConnectionStatus />
          <PendingChanges />
        </div>
        <TopNav />
      </Box>
      <Container size="lg" component="main" className={classes.main}>
        {crumbs.length > 0 && (
          <Box component="nav" aria-label="Breadcrumbs" mb="sm">
            <Breadcrumbs styles={{ root: { flexWrap: 'wrap' } }}>
              <Anchor component={Link} to={paths.dashboard()} size="sm">
                Dashboard
              </Anchor>
              {crumbs.map((crumb) =>
                crumb.to ? (
                  <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={crumb.label} size="sm" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
          </Box>
        )}
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        <VerifyEmailBanner />
        {children}
      </Container>
      <BottomNav />
    </Box>
  );
}
