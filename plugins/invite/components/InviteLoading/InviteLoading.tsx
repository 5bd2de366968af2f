import { Spinner } from '@blueprintjs/core';

import { InviteCard } from '../InviteCard/InviteCard';

/**
 * The wizard while the invitation is read: the page's first state, which the document also
 * carries (prerender/InvitePrerender.tsx), so the card paints before the script has run.
 */
export function InviteLoading({ subtitle }: { subtitle?: string }) {
  return (
    <InviteCard step={1} subtitle={subtitle}>
      <div className="invite-waiting">
        <Spinner size={20} aria-label="Loading" />
      </div>
    </InviteCard>
  );
}
