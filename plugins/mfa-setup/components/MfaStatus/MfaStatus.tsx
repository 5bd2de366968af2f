import { Button, Intent, Tag } from '@blueprintjs/core';

export interface MfaStatusProps {
  /** From the profile's totpEnabled. */
  enabled: boolean;
  /** Starts turning it on. */
  onEnable(): void;
  /** Starts turning it off. */
  onDisable(): void;
}

/** Whether two-factor authentication is on, and the button to change it. */
export function MfaStatus({ enabled, onEnable, onDisable }: MfaStatusProps) {
  return (
    <div>
      <p>
        Two-factor authentication is{' '}
        <Tag intent={enabled ? Intent.SUCCESS : Intent.NONE} data-testid="mfa-state">
          {enabled ? 'On' : 'Off'}
        </Tag>
      </p>
      <p>With it on, signing in asks for a six-digit code from an authenticator app after your password.</p>
      {enabled ? (
        <Button intent={Intent.DANGER} text="Turn off two-factor authentication" onClick={onDisable} />
      ) : (
        <Button intent={Intent.PRIMARY} text="Turn on two-factor authentication" onClick={onEnable} />
      )}
    </div>
  );
}
