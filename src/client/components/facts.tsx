import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './grids.module.css';

/** Labelled values of a record (a definition list), two or three to a row. */
export function Facts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <dl className={classes.facts}>
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
    </dl>
  );
}
