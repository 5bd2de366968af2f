import './MfaSetupPage.css';

import { Button, Callout, Card, Classes, Elevation, H2, Intent } from '@blueprintjs/core';

import { ApiClientToken } from '@core/api/ApiClient';
import { browserPasskeys } from '@core/auth/passkeys/browserPasskeys';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { ModalServiceToken } from '@core/modals/ModalService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';

import { PasskeyList } from '../components/PasskeyList/PasskeyList';
import { usePasskeys } from '../hooks/usePasskeys';
import { REMOVE_TEXT } from '../profile/PasskeysSection';

/** Where to go once a passkey is added: a path of this console only (the query is untrusted). */
export function nextPath(search: string): string {
  const value = new URLSearchParams(search).get('returnUrl');
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/**
 * /config/passkey: the tenant requires a phishing-resistant method and the user has no passkey
 * yet. Adding one is the way on (to where they were going); the other way is signing out.
 */
export default function PasskeyRequiredPage(_props: PageProps) {
  const api = useService(ApiClientToken);
  const modals = useService(ModalServiceToken);
  const nav = useService(NavigationServiceToken);
  const session = useService(SessionServiceToken);
  const search = useObservable(nav.search$, nav.search());
  const formatDate = useDateTimeFormatter();
  const model = usePasskeys(api, browserPasskeys);
  const done = model.passkeys !== null && model.passkeys.length > 0;
  return (
    <div className="mfa-page">
      <Card elevation={Elevation.ONE} className="mfa-card">
        <H2 className={Classes.HEADING}>Add a passkey</H2>
        {done ? (
          <Callout intent={Intent.SUCCESS}>You have a passkey. You can continue.</Callout>
        ) : (
          <Callout intent={Intent.WARNING} role="status">
            Your organization requires a phishing-resistant sign-in method. Add a passkey to continue: your
            device&apos;s screen lock or a security key.
          </Callout>
        )}
        <PasskeyList
          model={model}
          formatDate={formatDate}
          confirmRemove={(passkey) => modals.confirm(REMOVE_TEXT(passkey.name), 'Remove')}
          onAdded={() => nav.navigate(nextPath(search), { replace: true })}
        />
        <p className="login-links">
          {done ? (
            <Button
              intent={Intent.PRIMARY}
              text="Continue"
              onClick={() => nav.navigate(nextPath(search), { replace: true })}
            />
          ) : null}
          <Button variant="minimal" text="Sign out" onClick={() => void session.logout()} />
        </p>
      </Card>
    </div>
  );
}
