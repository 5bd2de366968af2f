import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';

import { browserPasskeys } from '@core/auth/passkeys/browserPasskeys';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { nextPaint } from '@core/util/nextPaint';

import { LoginApiToken } from '../api/LoginApi';
import type { JamfOutcome } from '../components/JamfLogin/JamfLogin';
import type { RecoveryCodeValues } from '../components/RecoveryCodeForm/RecoveryCodeForm';
import type { TwoAuthValues } from '../components/TwoAuthForm/TwoAuthForm';
import type { FlowResult } from '../flows/FlowResult';
import { googleSignIn } from '../flows/googleSignIn';
import type { LoginServices } from '../flows/LoginServices';
import { openSignInPopup } from '../flows/openSignInPopup';
import { type PasswordCredentials, passwordSignIn } from '../flows/passwordSignIn';
import { requestPasswordReset } from '../flows/requestPasswordReset';
import { startJamf } from '../flows/startJamf';
import { runVisitStart, visitStart } from '../flows/visitStart';
import { parseLoginQuery } from '../logic/loginQuery';
import { initialLoginState, type LoginEvent, loginReducer } from '../logic/loginReducer';
import { LoginTexts } from '../logic/texts';

/**
 * The /login page's state and handlers: the step machine (loginReducer) fed by the sign-in
 * flows. Form handlers answer the error text to show under the form, or nothing. The flows of
 * the secondary steps load with them (lazily), off the first load of /login.
 */
export function useLoginFlow() {
  const api = useService(LoginApiToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const registry = useService(PluginRegistryToken);
  const captcha = useService(CaptchaServiceToken);
  const services = useMemo<LoginServices>(
    () => ({ api, session, storage, nav, registry, captcha, passkeys: browserPasskeys }),
    [api, session, storage, nav, registry, captcha],
  );
  const search = useObservable(nav.search$, nav.search());
  const query = useMemo(() => parseLoginQuery(search), [search]);
  const returnUrl = query.returnUrl ?? query.url;

  const [state, dispatch] = useReducer(loginReducer, query, initialLoginState);
  const [recoveryEnabled, setRecoveryEnabled] = useState(false);
  // The Okta domain shown on okta-waiting: the remembered issuer at once, the pending request's
  // own domain when the OAuth helpers have loaded (they are off the first load of /login).
  const [waitingDomain, setWaitingDomain] = useState(() => storage.get(StorageKeys.oktaClientIssuer));

  const go = useCallback(
    (event: LoginEvent) => {
      // Back on the login form, an abandoned second factor must not linger in the session.
      if (event.type === 'back-to-login' || event.type === 'regular-flow') session.cancelSecondFactor();
      dispatch(event);
    },
    [session],
  );
  const apply = useCallback(
    (result: FlowResult): string | undefined => {
      if (result.kind === 'go') go(result.event);
      return result.kind === 'field-error' ? result.message : undefined;
    },
    [go],
  );

  // Runs once per visit (the ref also absorbs StrictMode's second effect run).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const start = visitStart(session, query);
    // The first call loads axios (docs/decisions/0031): asked once the live form has painted, so
    // the first screen's scripts stay one wave (e2e/runtime/firstWave.spec.ts). The link's place
    // is kept meanwhile.
    if (start.kind !== 'signed-in')
      void nextPaint()
        .then(() => api.passwordRecoveryEnabled())
        .then(setRecoveryEnabled);
    void runVisitStart(services, start, query, setWaitingDomain).then(apply);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the visit starts once (single-use links and codes); later renders must not start it again
  }, []);

  // Passkeys in the username field's suggestions (conditional UI), where the browser offers it.
  // Started at the visitor's first key or pointer press (the username field has the focus, so
  // typing in or clicking it is that press): a visit that never touches the page fetches no
  // WebAuthn code, and the first screen's scripts stay one wave (e2e/runtime/firstWave.spec.ts).
  // Leaving the page (a sign-in, a redirect) removes the listeners.
  useEffect(() => {
    if (!browserPasskeys.supported()) return;
    let offered = false;
    const stop = () => {
      window.removeEventListener('keydown', offer, true);
      window.removeEventListener('pointerdown', offer, true);
    };
    function offer() {
      stop();
      if (offered) return;
      offered = true;
      void import('../flows/passkeySignIn').then(({ passkeyAutofill }) =>
        passkeyAutofill(services, returnUrl).then(apply),
      );
    }
    window.addEventListener('keydown', offer, true);
    window.addEventListener('pointerdown', offer, true);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- offered once per visit of the page
  }, []);

  // The second factors the pending sign-in accepts; an answer that names none takes the code.
  const pendingSecondFactor = useObservable(session.secondFactor$, session.secondFactor());
  const pendingMethods = pendingSecondFactor?.methods ?? ['totp'];

  return {
    ...state,
    query,
    recoveryEnabled,
    waitingDomain,
    go,
    signIn: (values: PasswordCredentials) => passwordSignIn(services, values, returnUrl).then(apply),
    passkeysSupported: browserPasskeys.supported(),
    /** "Sign in with a passkey": the browser's passkey dialog, no password. */
    // The flow is its own chunk, as the code steps are: /login's first load holds only the button.
    passkey: async () => {
      const { passkeySignIn } = await import('../flows/passkeySignIn');
      return apply(await passkeySignIn(services, returnUrl));
    },
    verifyCode: async (values: TwoAuthValues) => {
      const { verifySecondFactor, authenticationCode } = await import('../flows/secondFactorSignIn');
      return apply(await verifySecondFactor(services, authenticationCode, values));
    },
    /** "Use a passkey" on two-auth, when the API accepts the user's passkey and this browser has passkeys. */
    secondFactorPasskey:
      browserPasskeys.supported() && pendingMethods.includes('passkey')
        ? async () => {
            const { passkeySecondFactor } = await import('../flows/passkeySecondFactor');
            return apply(await passkeySecondFactor(services));
          }
        : undefined,
    /** Whether the API accepts the six-digit code (not when the tenant requires the user's passkey). */
    secondFactorCode: pendingMethods.includes('totp'),
    verifyRecoveryCode: async (values: RecoveryCodeValues) => {
      const { verifySecondFactor, recoveryCode } = await import('../flows/secondFactorSignIn');
      return apply(await verifySecondFactor(services, recoveryCode, values));
    },
    google: () => {
      // Opened before any await so that the click still counts as the user's gesture.
      const popup = openSignInPopup();
      return googleSignIn(services, popup, returnUrl).then(apply);
    },
    /** "Sign in with Jamf" on the form: a failed look-up keeps the form (spec §4). */
    jamf: async (email: string) => {
      await startJamf(services, email, returnUrl);
      return undefined;
    },
    /** The Jamf screen's Login. */
    jamfScreen: async (email: string): Promise<JamfOutcome> =>
      (await startJamf(services, email, query.url ?? returnUrl)) ? 'redirecting' : 'regular-flow',
    okta: async (domain: string) => {
      const { startOkta } = await import('../flows/startOkta');
      return startOkta(services, domain, returnUrl).then(
        () => undefined,
        () => LoginTexts.oktaInvalid,
      );
    },
    lostPassword: (email: string) => requestPasswordReset(services, email),
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
