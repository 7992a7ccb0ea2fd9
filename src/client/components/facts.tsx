import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './grids.module.css';
import { wholeText } from './whole-text';

/**
 * Labelled values of a record (a definition list), two or three to a row; a `wide` one (an e-mail
 * address) has a row of its own, so that it breaks only at its '@' or a dot.
 */
export function Facts({ facts }: { facts: [label: string, value: ReactNode, options?: { wide: boolean }][] }) {
  return (
    <dl className={classes.facts}>
      {facts.map(([label, value, options]) => (
        <div key={label} className={options?.wide ? classes.wide : undefined}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} aria-label={label} style={wholeText}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
