import { Callout, Classes, Intent } from '@blueprintjs/core';

import { ApiClientToken } from '@core/api/ApiClient';
import { browserPasskeys } from '@core/auth/passkeys/browserPasskeys';
import type { PasskeyBrowser } from '@core/auth/passkeys/PasskeyBrowser';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { ModalServiceToken } from '@core/modals/ModalService';
import { useService } from '@core/react/useService';

import { PasskeyList } from '../components/PasskeyList/PasskeyList';
import { usePasskeys } from '../hooks/usePasskeys';

export interface PasskeysSectionProps {
  /** Closes the profile menu (the section is rendered inside it). */
  close(): void;
  /** The browser's passkeys (a test passes a fake). */
  passkeys?: PasskeyBrowser;
}

export const REMOVE_TEXT = (name: string) =>
  `Remove the passkey "${name}"? You will no longer be able to sign in with it.`;

/**
 * Profile-menu entry for passkeys: the user's passkeys (name, added, last used), adding one
 * (the browser's dialog; the WebAuthn library loads then), renaming and removing one.
 */
export function PasskeysSection({ passkeys = browserPasskeys }: PasskeysSectionProps) {
  const api = useService(ApiClientToken);
  const modals = useService(ModalServiceToken);
  const formatDate = useDateTimeFormatter();
  const model = usePasskeys(api, passkeys);
  return (
    <div style={{ padding: 8 }} data-testid="passkeys-section">
      <p className={Classes.TEXT_MUTED}>
        A passkey signs you in without a password, with your device&apos;s screen lock or a security key. It cannot be
        phished.
      </p>
      {model.required && model.passkeys?.length === 0 ? (
        <Callout intent={Intent.WARNING}>Your organization requires a passkey: add one.</Callout>
      ) : null}
      <PasskeyList
        model={model}
        formatDate={formatDate}
        confirmRemove={(passkey) => modals.confirm(REMOVE_TEXT(passkey.name), 'Remove')}
      />
    </div>
  );
}

export default PasskeysSection;
