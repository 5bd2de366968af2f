import './BreakableText.css';

import { Fragment, type ReactNode } from 'react';

/** A run longer than this without a separator (a hash, a token) gets break points of its own. */
const LONGEST_RUN = 24;
/** Where such a run may break: every this many characters. */
const RUN_STEP = 16;
/** Split after each run of "/", so "https://" stays whole. */
const AFTER_SLASHES = /(?<=\/)(?!\/)/;

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

/** The pieces of one path or URL, each ending after its run of "/". */
export function pathPieces(token: string): string[] {
  const parts = token.split(AFTER_SLASHES);
  // A line that is only the root "/" says nothing: the first name stays with it.
  if (parts.length > 1 && parts[0] === '/') parts.splice(0, 2, `/${parts[1]}`);
  return parts;
}

/** BreakableTextProps: the text to show, and where it may wrap. */
export interface BreakableTextProps {
  /** A path, record, pattern or hash (or, with `paths`, free text holding paths): shown whole. */
  children: string;
  /**
   * Free text (a message, a timeline line) rather than one value: only its words holding a "/"
   * get break points, after each "/", and each piece between them is kept whole (an inline
   * block), so "update-check.example.net/" never breaks at its hyphen. Other words are left to
   * the browser.
   */
  paths?: boolean;
}

/**
 * A long value that wraps at its separators (`/private/var/tmp/` then `icloud_dump_helper`), never
 * mid-word. Used with `overflow-wrap: normal` in table cells: `anywhere` lets the table squeeze a
 * column to one character (its smallest width becomes a letter), this keeps it at the longest piece.
 * A `<wbr>` is a break opportunity with no text, so copying the cell copies the text unchanged.
 */
export function BreakableText({ children, paths = false }: BreakableTextProps): ReactNode {
  if (paths) return <PathPieces text={children} />;
  const pieces = breakPoints(children);
  return pieces.map((piece, i) => (
    // Pieces repeat (a path's "/"), so their place is their key.
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 && <wbr />}
    </Fragment>
  ));
}

function PathPieces({ text }: { text: string }): ReactNode {
  return text.split(/(\s+)/).map((token, i) => (
    <Fragment key={i}>
      {token.includes('/')
        ? pathPieces(token).map((part, j) => (
            <Fragment key={j}>
              {j > 0 && <wbr />}
              <span className="zo-path-part">{part}</span>
            </Fragment>
          ))
        : token}
    </Fragment>
  ));
}
