import { Button, Callout, Intent } from '@blueprintjs/core';
import { Clipboard, Download } from '@blueprintjs/icons';
import { useState } from 'react';

export interface RecoveryCodesProps {
  /** The codes from PUT /um/mfa/totp/create; shown this once only. */
  codes: readonly string[];
  /** Content of the downloaded .txt. */
  fileText: string;
  /** Closes the panel (the codes are then gone from the page). */
  onDone(): void;
}

/** Recovery codes with copy and download (.txt). */
export function RecoveryCodes({ codes, fileText, onDone }: RecoveryCodesProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <section aria-label="Recovery codes">
      <Callout intent={Intent.WARNING} title="Save your recovery codes">
        Each code signs you in once if you lose your authenticator. They are shown only now.
      </Callout>
      <ul className="mfa-codes" data-testid="mfa-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {copied !== null && (
        <p role="status">
          {copied ? 'Copied to the clipboard.' : 'Copy failed: select the codes and copy them yourself.'}
        </p>
      )}
      <div className="mfa-actions">
        <Button icon={<Clipboard />} text="Copy" onClick={() => void copy()} />
        <Button icon={<Download />} text="Download" onClick={download} />
        <Button intent={Intent.PRIMARY} text="Done" onClick={onDone} />
      </div>
    </section>
  );
}
