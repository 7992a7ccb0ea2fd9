import { Anchor, Box, Breadcrumbs, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { ConnectionStatus, LastSynced, PendingChanges } from '../components/outbox-status';
import { paths } from '../paths';
import { AccountMenu } from './account-menu';
import { BottomNav, TopNav } from './navigation';
import { NavigationProgress } from './navigation-progress';
import { NotificationsBell } from './notifications-bell';
import classes from './shell.module.css';
import { usePhone } from './use-phone';
import { VerifyEmailBanner } from './verify-email-banner';
import { WorkspaceSwitcher } from './workspace-switcher';

/** Past this many characters a phone's header title takes a smaller size (shell.module.css). */
const LONG_TITLE = 28;

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * spec §1: a back link to the dashboard, breadcrumbs, the signed-in e-mail and Sign out, around
 * the page's one `main`; the workspace switcher beside them.
 *
 * On a phone (600 px and less): one header row of 56 px: the back link as an icon, the
 * page's title (it has the row's room first and wraps, never cut; a very long one makes the row
 * taller), 'Offline' and the pending changes when there are any, the workspace switcher (the
 * business's initials) and the account menu (e-mail, Sign out); the areas in the bar along the bottom; breadcrumbs only
 * when they show a level above the page that the bottom bar does not (a list page's own area is
 * in the bar). Wide screens: the same row with the back link and the name written out, the areas
 * in a row under it, the title and breadcrumbs in the page.
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
  const phone = usePhone();
  const heading = (
    <Title
      order={1}
      size={phone ? 'h4' : 'h2'}
      className={phone ? classes.headerTitle : undefined}
      data-long={phone && title.length > LONG_TITLE ? true : undefined}
    >
      {title}
    </Title>
  );
  const showCrumbs = crumbs.length > (phone ? 1 : 0);
  return (
    <Box>
      <Box component="header" className={classes.header}>
        <NavigationProgress />
        <div className={classes.headerRow}>
          {home ? (
            !phone && (
              <Text fw={700} className={classes.brand}>
                Rounds
              </Text>
            )
          ) : (
            <Link to={paths.dashboard()} className={classes.back}>
              <IconArrowLeft size={20} aria-hidden />
              <span className={phone ? classes.visuallyHidden : undefined}>Back to Dashboard</span>
            </Link>
          )}
          {phone ? heading : <span className={classes.spacer} />}
          {/* 'Offline' and 'Pending changes (N)', only while there is something to say; never cut. */}
          <div className={classes.sync}>
            <ConnectionStatus compact={phone} />
            <PendingChanges compact={phone} />
          </div>
          {me?.workspace && <NotificationsBell />}
          {me && <WorkspaceSwitcher me={me} />}
          {me && <AccountMenu me={me} home={home} />}
        </div>
        <TopNav />
      </Box>
      <Container size="lg" component="main" className={classes.main}>
        {phone && <LastSynced />}
        {showCrumbs && (
          <Box component="nav" aria-label="Breadcrumbs" mb="sm">
            {/* A long name wraps onto the next line rather than running off the screen. */}
            <Breadcrumbs
              styles={{
                root: { flexWrap: 'wrap' },
                breadcrumb: { whiteSpace: 'normal', overflowWrap: 'break-word', lineHeight: 1.4 },
              }}
            >
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
        {(!phone || actions) && (
          <Group justify={phone ? 'flex-end' : 'space-between'} mb="md" gap="sm">
            {!phone && heading}
            {actions && <Group gap="xs">{actions}</Group>}
          </Group>
        )}
        <VerifyEmailBanner />
        {children}
      </Container>
      <BottomNav />
    </Box>
  );
}
