import { Callout, Card, Classes, Elevation, H2, Intent } from '@blueprintjs/core';
import { HttpServiceToken } from '@core/http/HttpService';
import { ModalServiceToken } from '@core/modals/ModalService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { takeOAuthCallback } from '@core/auth/oauthHandoff';
import { StorageServiceToken } from '@core/storage/StorageService';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { useEffect, useMemo, useRef, useState } from 'react';
import { deleteTotp } from '../api/deleteTotp';
import { getTotpQr } from '../api/getTotpQr';
import { postValidatePassword } from '../api/postValidatePassword';
import { postVerifyQr } from '../api/postVerifyQr';
import { putTotpCreate, type TotpSetup } from '../api/putTotpCreate';
import { MfaStatus } from '../components/MfaStatus/MfaStatus';
import { PasswordCheckForm } from '../components/PasswordCheckForm/PasswordCheckForm';
import { ProviderCheck } from '../components/ProviderCheck/ProviderCheck';
import { finishRevalidation, RevalidationError } from '../flows/finishRevalidation';
import { revalidationProvider } from '../flows/revalidationProvider';
import { startRevalidation } from '../flows/startRevalidation';
import { QrVerification } from '../components/QrVerification/QrVerification';
import { RecoveryCodes } from '../components/RecoveryCodes/RecoveryCodes';
import { MfaTexts, isRecoveryExpired, passwordErrorText, recoveryCodesText, verifyErrorText } from '../logic/mfaErrors';
import './MfaSetupPage.css';

type Phase =
  | { kind: 'status' }
  | { kind: 'password'; purpose: 'enable' | 'disable' }
  | { kind: 'qr'; setup: TotpSetup }
  | { kind: 'codes'; codes: readonly string[] };

/** Where the flow restarts after a recovery-mode 401 (spec §4). */
export const MFA_RESTART_PATH = '/config/2fa?expired=true';

/** /config/2fa (and /gluon/config/2fa): turn the second factor on or off. */
export default function MfaSetupPage(_props: PageProps) {
  const http = useService(HttpServiceToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const modals = useService(ModalServiceToken);
  const toasts = useService(ToastServiceToken);
  const profile = useObservable(session.profile$, session.profile());
  const [phase, setPhase] = useState<Phase>({ kind: 'status' });
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() => (new URLSearchParams(nav.search()).get('expired') ? MfaTexts.expired : null));
  const qrRef = useRef<string | null>(null);
  // SSO accounts may have no console password: they re-validate at their provider instead.
  const ssoProvider = useMemo(() => revalidationProvider(storage), [storage]);
  const revalidationHandled = useRef(false);

  const releaseQr = () => {
    if (qrRef.current) URL.revokeObjectURL(qrRef.current);
    qrRef.current = null;
    setQrUrl(null);
  };

  // The recovery token is good for 10 minutes; leaving the page should not leave it behind.
  useEffect(
    () => () => {
      if (qrRef.current) URL.revokeObjectURL(qrRef.current);
      session.setRecoveryToken(null);
    },
    [session],
  );

  const finish = (message: string | null = null) => {
    session.setRecoveryToken(null);
    releaseQr();
    setNotice(message);
    setPhase({ kind: 'status' });
  };

  /** Recovery token expired or refused: restart the flow at /config/2fa. */
  const restart = () => {
    finish(MfaTexts.expired);
    nav.navigate(MFA_RESTART_PATH, { replace: true });
  };

  const failRecoveryCall = (error: unknown) => {
    if (isRecoveryExpired(error)) restart();
    else finish(MfaTexts.unknownError);
  };

  const startEnable = async () => {
    try {
      const setup = await putTotpCreate(http);
      setPhase({ kind: 'qr', setup });
      const blob = await getTotpQr(http);
      releaseQr();
      qrRef.current = URL.createObjectURL(blob);
      setQrUrl(qrRef.current);
    } catch (error) {
      failRecoveryCall(error);
    }
  };

  const startDisable = async () => {
    const confirmed = await modals.confirm('Turn off two-factor authentication? Signing in will only ask for your password.');
    if (!confirmed) {
      finish();
      return;
    }
    try {
      await deleteTotp(http);
      session.updateProfile({ totpEnabled: false });
      if (profile?.username) storage.setRememberToken(profile.username, null);
      finish();
      toasts.success('Two-factor authentication', 'Two-factor authentication is off');
    } catch (error) {
      failRecoveryCall(error);
    }
  };

  // Back from the provider (`?revalidate=2fa`): the answer gives the recovery token, and the
  // set-up continues as after a password check. Once per visit (the code is single use).
  useEffect(() => {
    if (revalidationHandled.current || new URLSearchParams(nav.search()).get('revalidate') !== '2fa') return;
    revalidationHandled.current = true;
    const handoff = takeOAuthCallback();
    nav.navigate(nav.path(), { replace: true });
    void finishRevalidation(http, handoff)
      .then(({ recoveryToken, purpose }) => {
        session.setRecoveryToken(recoveryToken);
        return purpose === 'enable' ? startEnable() : startDisable();
      })
      .catch((error: unknown) => setNotice(error instanceof RevalidationError ? error.message : passwordErrorText(error)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const body = (() => {
    switch (phase.kind) {
      case 'status':
        return (
          <MfaStatus
            enabled={Boolean(profile?.totpEnabled)}
            onEnable={() => {
              setNotice(null);
              setPhase({ kind: 'password', purpose: 'enable' });
            }}
            onDisable={() => {
              setNotice(null);
              setPhase({ kind: 'password', purpose: 'disable' });
            }}
          />
        );
      case 'password':
        return (
          <>
            {ssoProvider && (
              <ProviderCheck
                label={ssoProvider.label}
                onVerify={async () => {
                  try {
                    const email = profile?.email || profile?.username || '';
                    await startRevalidation(http, nav, { provider: ssoProvider, purpose: phase.purpose, email, returnPath: nav.path() });
                    return undefined;
                  } catch {
                    return `${ssoProvider.label} is not available right now. Please try again or use your password.`;
                  }
                }}
              />
            )}
            <PasswordCheckForm
              purpose={phase.purpose}
              provider={ssoProvider?.label}
              onCancel={() => finish()}
              onSubmit={async (password) => {
                try {
                  session.setRecoveryToken(await postValidatePassword(http, password));
                } catch (error) {
                  return passwordErrorText(error);
                }
                void (phase.purpose === 'enable' ? startEnable() : startDisable());
                return undefined;
              }}
            />
          </>
        );
      case 'qr':
        return (
          <QrVerification
            qrUrl={qrUrl}
            secret={phase.setup.secret}
            onCancel={() => finish()}
            onVerify={async (code) => {
              try {
                await postVerifyQr(http, code);
              } catch (error) {
                if (isRecoveryExpired(error)) {
                  restart();
                  return undefined;
                }
                return verifyErrorText(error);
              }
              session.updateProfile({ totpEnabled: true });
              releaseQr();
              setPhase({ kind: 'codes', codes: phase.setup.recoveryCodes });
              return undefined;
            }}
          />
        );
      case 'codes':
        return <RecoveryCodes codes={phase.codes} fileText={recoveryCodesText(phase.codes, profile?.username ?? '')} onDone={() => finish()} />;
    }
  })();

  return (
    <main className="mfa-page">
      <Card elevation={Elevation.ONE} className="mfa-card">
        <H2 className={Classes.HEADING}>Two-factor authentication</H2>
        {notice && (
          <Callout intent={Intent.WARNING} role="alert" className="mfa-notice">
            {notice}
          </Callout>
        )}
        {body}
      </Card>
    </main>
  );
}
