import { Fragment } from 'react';

/** Split after each run of "/", so "https://" stays whole. */
const AFTER_SLASHES = /(?<=\/)(?!\/)/;

/**
 * A path (or URL) that may wrap after each "/" instead of stretching its column: a `<wbr>` is a
 * break opportunity with no text, so the names stay whole and copying the cell copies the path.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split(AFTER_SLASHES);
  // A line that is only the root "/" says nothing: the first name stays with it.
  if (parts.length > 1 && parts[0] === '/') parts.splice(0, 2, `/${parts[1]}`);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
