import { Anchor, Box, Breadcrumbs, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/session';
import { paths } from '../paths';

export interface Crumb {
  label: string;
  to?: string;
}

/** spec §1: back link to the dashboard, breadcrumbs, the signed-in e-mail and Sign out. */
export function PageShell({
  title,
  crumbs = [],
  actions,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const me = useMe();
  return (
    <Box>
      <Box component="header" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="nowrap" gap="xs" miw={0}>
          <Anchor component={Link} to={paths.dashboard()} size="sm" style={{ flexShrink: 0 }}>
            ← Back to Dashboard
          </Anchor>
          <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: '0 1 auto' }}>
            <Text size="xs" c="dimmed" truncate="end" miw={0} title={me.data?.email} data-testid="signed-in-email">
              {me.data?.email}
            </Text>
            <Button component={Link} to={paths.signout()} variant="subtle" size="compact-sm" style={{ flexShrink: 0 }}>
              Sign out
            </Button>
          </Group>
        </Group>
      </Box>
      <Container size="lg" py="md">
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
        {children}
      </Container>
    </Box>
  );
}
