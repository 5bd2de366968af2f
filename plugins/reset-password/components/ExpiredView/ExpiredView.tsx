import { Callout, Classes, Intent, Link } from '@blueprintjs/core';

import { ResetTexts, SUPPORT_URL } from '../../logic/texts';

export interface ExpiredViewProps {
  /** The server's reason, when it gave one. */
  message: string | null;
  /** Back to /login to ask for a new link. */
  onTryAgain(): void;
}

/** 'Sorry, this link has expired!' with the ways on (spec §2, §8). */
export function ExpiredView({ message, onTryAgain }: ExpiredViewProps) {
  return (
    <div className="reset-expired">
      <h2 className={Classes.HEADING}>{ResetTexts.expiredTitle}</h2>
      {message ? (
        <Callout intent={Intent.DANGER} role="alert" className="reset-callout">
          {message}
        </Callout>
      ) : null}
      <p className="reset-links">
        <Link
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            onTryAgain();
          }}
        >
          {ResetTexts.tryAgain}
        </Link>
        <Link href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
          {ResetTexts.contactSupport}
        </Link>
      </p>
    </div>
  );
}
