import { Button } from '@blueprintjs/core';
import { Duplicate, Tick } from '@blueprintjs/icons';
import { useState } from 'react';

/** Enough of a hash to tell two apart by eye; the full value is in the title and the copy button. */
const SHOWN = 12;

/**
 * A SHA256 as a short `code` (the first characters and "…"): 64 characters with no break would
 * make its column, and the page, as wide as the hash. The full value is the title (hover) and
 * what the button copies, since an analyst pastes it into a hunt rather than reads it.
 */
export function ShortHash({ value, label = 'SHA256' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const short = value.length > SHOWN + 4 ? `${value.slice(0, SHOWN)}…` : value;
  return (
    <span className="electron-hash" style={{ whiteSpace: 'nowrap' }}>
      <code title={value}>{short}</code>
      <Button
        variant="minimal"
        size="small"
        icon={copied ? <Tick /> : <Duplicate />}
        aria-label={`Copy ${label} ${short}`}
        title={copied ? 'Copied' : `Copy the full ${label}`}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
      />
    </span>
  );
}
