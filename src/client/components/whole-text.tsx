import { Fragment, type CSSProperties } from 'react';

// Inline styles, not a CSS module: a stylesheet of its own would be one more file for every page's
// preload list, and /login sits at its script budget (tests/e2e/bundle-budget.spec.ts).

/**
 * The style for a name, an address or a title in a row: it wraps onto more lines instead of being
 * cut off with an ellipsis, at 390 px too (tests/e2e/cut-off.spec.ts). A flex item may shrink
 * below its longest word, which then breaks only if it is wider than the whole line (not
 * 'anywhere', which breaks mid-word at will).
 */
export const wholeText: CSSProperties = { minWidth: 0, overflowWrap: 'break-word' };

/**
 * An e-mail address's pieces ('name@', 'example.', 'com') do not break inside: each is a box of
 * its own, as wide as its text, that moves to the next line whole. Only a piece wider than the
 * whole line wraps inside its box (at a hyphen first), rather than running out of it.
 */
const PIECE: CSSProperties = { display: 'inline-block', maxWidth: '100%', overflowWrap: 'break-word' };

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
          <span style={PIECE}>{piece}</span>
        </Fragment>
      ))}
    </>
  );
}
