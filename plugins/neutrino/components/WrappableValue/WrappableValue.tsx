import { Fragment } from 'react';

/** Where a value may wrap: after the separators of paths, domains, packages and process names. */
const SEPARATED = /[^/._-]*[/._-]+|[^/._-]+$/g;

/**
 * A matched value (path, domain, package…) that wraps only after `/`, `.`, `-` or `_`: the cell
 * keeps `word-break: normal` (neutrino.css), so "/private/var/tmp/icloud_dump_helper" breaks as
 * "…/icloud_dump_" + "helper", never "helpe" + "r", and a column is never squeezed below its
 * longest segment (the table scrolls instead, inside TableScroll).
 */
export function WrappableValue({ value }: { value: string }) {
  const parts = value.match(SEPARATED) ?? [value];
  return (
    <span className="neutrino-value">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
