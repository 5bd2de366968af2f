import { Button, Classes, Code, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { validateSixDigits } from '../../logic/mfaErrors';

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
    <Form<{ totpCode: string }>
      onSubmit={async ({ totpCode }) => {
        const error = await onVerify(totpCode);
        return error ? { [FORM_ERROR]: error } : undefined;
      }}
      render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Verify authenticator">
          <p>Scan this QR code with your authenticator app, then enter the six-digit code it shows.</p>
          <div className="mfa-qr">{qrUrl ? <img src={qrUrl} alt="QR code for your authenticator app" width={200} height={200} /> : <Spinner />}</div>
          <p className={Classes.TEXT_MUTED}>
            Can't scan it? Enter this key instead: <Code data-testid="mfa-secret">{secret}</Code>
          </p>
          <Field<string> name="totpCode" validate={validateSixDigits} parse={(value) => (value ?? '').replace(/\D/g, '').slice(0, 6)}>
            {({ input, meta }) => {
              const error = ((meta.touched || meta.submitFailed) && meta.error) || (!dirtySinceLastSubmit && submitError) || null;
              return (
                <FormGroup label="Authentication code" labelFor="mfa-code" intent={error ? Intent.DANGER : Intent.NONE} helperText={error ? String(error) : undefined}>
                  <InputGroup
                    id="mfa-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={input.value ?? ''}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    intent={error ? Intent.DANGER : Intent.NONE}
                  />
                </FormGroup>
              );
            }}
          </Field>
          <div className="mfa-actions">
            <Button text="Cancel" variant="minimal" onClick={onCancel} disabled={submitting} />
            <Button type="submit" intent={Intent.PRIMARY} loading={submitting} text="Verify" />
          </div>
        </form>
      )}
    />
  );
}
