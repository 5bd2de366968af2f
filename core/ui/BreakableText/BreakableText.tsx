import { Fragment, type ReactNode } from 'react';

/** A run longer than this without a separator (a hash, a token) gets break points of its own. */
const LONGEST_RUN = 24;
/** Where such a run may break: every this many characters. */
const RUN_STEP = 16;

/**
 * The pieces of `text` with a break point after each run of separators (`/ . _ - : = , ;`;
 * spaces stay as they are) and every RUN_STEP characters inside a run longer than LONGEST_RUN.
 */
export function breakPoints(text: string): string[] {
  const pieces: string[] = [];
  // After a run of separators, not inside it: "https://" and "a--b" keep their runs whole.
  for (const segment of text.split(/(?<=[/._\-:=,;])(?![/._\-:=,;])/)) {
    if (segment.length <= LONGEST_RUN) {
      pieces.push(segment);
      continue;
    }
    for (let i = 0; i < segment.length; i += RUN_STEP) pieces.push(segment.slice(i, i + RUN_STEP));
  }
  return pieces;
}

/** BreakableTextProps: the text to show. */
export interface BreakableTextProps {
  /** A path, record, pattern or hash: shown whole, wrapping only at its break points. */
  children: string;
}

/**
 * A long value that wraps at its separators (`/private/var/tmp/` then `icloud_dump_helper`), never
 * mid-word. Used with `overflow-wrap: normal` in table cells: `anywhere` lets the table squeeze a
 * column to one character (its smallest width becomes a letter), this keeps it at the longest piece.
 */
export function BreakableText({ children }: BreakableTextProps): ReactNode {
  const pieces = breakPoints(children);
  return pieces.map((piece, i) => (
    // Pieces repeat (a path's "/"), so their place is their key.
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 && <wbr />}
    </Fragment>
  ));
}
