import './pathText.css';

import { Fragment } from 'react';

/** Split after each run of "/", so "https://" stays whole. */
const AFTER_SLASHES = /(?<=\/)(?!\/)/;

function Pieces({ token }: { token: string }) {
  const parts = token.split(AFTER_SLASHES);
  // A line that is only the root "/" says nothing: the first name stays with it.
  if (parts.length > 1 && parts[0] === '/') parts.splice(0, 2, `/${parts[1]}`);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="electron-path-part">{part}</span>
        </Fragment>
      ))}
    </>
  );
}

/**
 * Text holding paths or URLs (a program, a download, a timeline line) that wraps after each "/"
 * instead of stretching its column or breaking a name at its hyphen: a `<wbr>` is a break
 * opportunity with no text, so copying the cell copies the text unchanged. Words without a "/"
 * are left to the browser.
 */
export function PathText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\s+)/).map((token, i) => (
        <Fragment key={i}>{token.includes('/') ? <Pieces token={token} /> : token}</Fragment>
      ))}
    </>
  );
}
