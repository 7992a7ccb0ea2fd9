import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Labelled values of a record (a definition list), two or three to a row. */
export function Facts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" style={{ margin: 0 }}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} aria-label={label} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
