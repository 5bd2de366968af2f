import { Button, Classes, Intent } from '@blueprintjs/core';
import { ShareIcon } from '@blueprintjs/icons';

import { ideasSiteUrl } from './ideasSiteUrl';

/**
 * *feature-request*: a short explanation; Proceed opens the ideas site in a new tab without
 * giving it a handle on this one (`noopener,noreferrer`); the menu's Back returns.
 */
export default function FeatureRequestSection({ close }: { close(): void }) {
  return (
    <div className="shell-section" data-testid="feature-request-section">
      <p>
        Ideas and feature requests are collected on our ideas site, where you can suggest a feature, vote for the ideas
        of others and follow their progress.
      </p>
      <p className={Classes.TEXT_MUTED}>The site opens in a new tab.</p>
      <Button
        intent={Intent.PRIMARY}
        endIcon={<ShareIcon />}
        text="Proceed"
        onClick={() => {
          window.open(ideasSiteUrl(), '_blank', 'noopener,noreferrer');
          close();
        }}
      />
    </div>
  );
}
