import { Callout, Intent } from '@blueprintjs/core';

import type { ErrorCalloutProps } from './ErrorCallout';

/** The Blueprint Callout behind ErrorCallout (its own chunk, see there). */
export default function DangerCallout({ title, message }: ErrorCalloutProps) {
  return (
    <Callout intent={Intent.DANGER} title={title ?? undefined} role="alert" className="login-callout">
      {message}
    </Callout>
  );
}
