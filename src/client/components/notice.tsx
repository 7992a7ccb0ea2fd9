import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One message in a light coloured box, as Mantine's light Alert draws it: dark text on a pale
 * ground with a coloured edge. Alert itself (with its close button) is 1.8 KB of script that
 * /login, at its 120 KB budget (tests/e2e/bundle-budget.spec.ts), has no room for.
 */
export function Notice({
  color,
  role,
  children,
}: {
  color: 'red' | 'green';
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <Box
      role={role}
      bg={`${color}.0`}
      p="sm"
      fz="sm"
      style={{
        borderRadius: 'var(--mantine-radius-default)',
        borderLeft: `4px solid var(--mantine-color-${color}-9)`,
      }}
    >
      {children}
    </Box>
  );
}
