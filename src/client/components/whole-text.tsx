import { Fragment } from 'react';
import classes from './whole-text.module.css';

/**
 * The class for a name, an address or a title in a row: it wraps onto more lines instead of being
 * cut off with an ellipsis, at 390 px too (tests/e2e/cut-off.spec.ts).
 */
export const wholeText = classes.whole;

/** 'ada.lovelace@example.com' → ['ada.', 'lovelace@', 'example.', 'com']: where a line may break. */
export function emailPieces(email: string): string[] {
  return email.split(/(?<=[@.])/);
}

/**
 * An e-mail address that, when it does not fit its line, breaks only after its '@' or a dot, never
 * inside a word (nor at its hyphens). Its text is the address itself, for reading and copying.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <>
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className={classes.piece}>{piece}</span>
        </Fragment>
      ))}
    </>
  );
}
