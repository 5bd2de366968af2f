import { Button, Callout, ControlGroup, InputGroup } from '@blueprintjs/core';
import { ClipboardIcon, TickIcon } from '@blueprintjs/icons';
import { useState } from 'react';

import type { CreatedRule } from '../../api/MonitoringApi';

/**
 * The secrets of the webhooks just added, the only time the server gives them: each with a copy
 * button, and what to do with it. Dismissed by the user; never fetched again.
 */
export function WebhookSecretNotice({ webhooks, onDone }: { webhooks: CreatedRule['webhooks']; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Callout intent="primary" title="Copy the webhook secret now" role="status">
      <p>
        It is shown only this once. Your receiver checks each POST's X-Monitoring-Signature header with it (HMAC-SHA256
        of the X-Monitoring-Timestamp header, a dot and the body).
      </p>
      {webhooks.map((w) => (
        <ControlGroup key={w.recipientId} fill className="monitoring-secret">
          <InputGroup
            readOnly
            value={w.secret}
            aria-label={`Webhook secret for ${w.host}`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            icon={copied === w.recipientId ? <TickIcon /> : <ClipboardIcon />}
            text={copied === w.recipientId ? 'Copied' : 'Copy'}
            aria-label={`${copied === w.recipientId ? 'Copied' : 'Copy'} the webhook secret for ${w.host}`}
            onClick={() => void navigator.clipboard?.writeText(w.secret).then(() => setCopied(w.recipientId))}
          />
        </ControlGroup>
      ))}
      <Button text="I have copied it" onClick={onDone} />
    </Callout>
  );
}
