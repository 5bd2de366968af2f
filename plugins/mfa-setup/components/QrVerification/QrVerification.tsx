import { Classes, Code, Spinner } from '@blueprintjs/core';

import { validateSixDigits } from '../../logic/mfaErrors';
import { SingleFieldForm } from '../SingleFieldForm/SingleFieldForm';

export interface QrVerificationProps {
  /** Object URL of the QR PNG; null while loading or when it failed. */
  qrUrl: string | null;
  /** The secret, shown as text for authenticator apps without a camera. */
  secret: string;
  /** Checks the six-digit code; answers an error text or nothing. */
  onVerify(code: string): Promise<string | undefined>;
  /** Abandons the set-up. */
  onCancel(): void;
}

/** Scan the QR code (or type the secret), then prove it works with a six-digit code. */
export function QrVerification({ qrUrl, secret, onVerify, onCancel }: QrVerificationProps) {
  return (
    <SingleFieldForm
      ariaLabel="Verify authenticator"
      intro={
        <>
          <p>Scan this QR code with your authenticator app, then enter the six-digit code it shows.</p>
          <div className="mfa-qr">
            {qrUrl ? (
              <img src={qrUrl} alt="QR code for your authenticator app" width={200} height={200} />
            ) : (
              <Spinner />
            )}
          </div>
          <p className={Classes.TEXT_MUTED}>
            Can't scan it? Enter this key instead: <Code data-testid="mfa-secret">{secret}</Code>
          </p>
        </>
      }
      label="Authentication code"
      inputId="mfa-code"
      validate={validateSixDigits}
      parse={(value) => value.replace(/\D/g, '').slice(0, 6)}
      inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
      submitText="Verify"
      onSubmit={onVerify}
      onCancel={onCancel}
    />
  );
}
