import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';

import { takeOAuthCallback } from '@core/auth/oauthHandoff';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { ModalServiceToken } from '@core/modals/ModalService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageServiceToken } from '@core/storage/StorageService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { MfaSetupApiToken } from '../api/MfaSetupApi';
import { confirmPassword } from '../flows/confirmPassword';
import { continueSetup } from '../flows/continueSetup';
import type { MfaSetupServices } from '../flows/MfaSetupServices';
import { resumeRevalidation } from '../flows/resumeRevalidation';
import { revalidationProvider } from '../flows/revalidationProvider';
import { startRevalidation } from '../flows/startRevalidation';
import { verifyAuthenticator } from '../flows/verifyAuthenticator';
import { initialMfaSetupState, type MfaPurpose, type MfaSetupEvent, mfaSetupReducer } from '../logic/mfaSetupReducer';
import { useObjectUrl } from './useObjectUrl';

/** Where the flow restarts after a recovery-mode 401 (spec §4). */
export const MFA_RESTART_PATH = '/config/2fa?expired=true';

/** The /config/2fa page's state and handlers: the set-up machine (mfaSetupReducer) fed by its flows. */
export function useMfaSetup() {
  const api = useService(MfaSetupApiToken);
  const session = useService(SessionServiceToken);
  const storage = useService(StorageServiceToken);
  const nav = useService(NavigationServiceToken);
  const modals = useService(ModalServiceToken);
  const toasts = useService(ToastServiceToken);
  const captcha = useService(CaptchaServiceToken);
  const services = useMemo<MfaSetupServices>(
    () => ({ api, session, modals, toasts, captcha }),
    [api, session, modals, toasts, captcha],
  );
  const profile = useObservable(session.profile$, session.profile());
  const [state, dispatch] = useReducer(mfaSetupReducer, nav.search(), initialMfaSetupState);
  // SSO accounts may have no console password: they re-validate at their provider instead.
  const ssoProvider = useMemo(() => revalidationProvider(storage), [storage]);
  const qrUrl = useObjectUrl(state.phase.kind === 'qr' ? state.phase.image : null);

  const emit = useCallback(
    (event: MfaSetupEvent) => {
      // The recovery token is good for 10 minutes: once back on the status it has no use left.
      if (event.type === 'finish' || event.type === 'expired') session.setRecoveryToken(null);
      if (event.type === 'expired') nav.navigate(MFA_RESTART_PATH, { replace: true });
      dispatch(event);
    },
    [session, nav],
  );

  // Leaving the page should not leave the recovery token behind either.
  useEffect(() => () => session.setRecoveryToken(null), [session]);

  // Back from the provider (`?revalidate=2fa`), once per visit: the code is single use.
  const revalidationHandled = useRef(false);
  useEffect(() => {
    if (revalidationHandled.current || new URLSearchParams(nav.search()).get('revalidate') !== '2fa') return;
    revalidationHandled.current = true;
    const handoff = takeOAuthCallback();
    nav.navigate(nav.path(), { replace: true });
    void resumeRevalidation(services, handoff, emit);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the provider's code is single use: handled once per visit, whatever re-renders
  }, []);

  return {
    ...state,
    profile,
    ssoProvider,
    qrUrl,
    start: (purpose: MfaPurpose) => dispatch({ type: 'start', purpose }),
    cancel: () => emit({ type: 'finish' }),
    confirmPassword: async (purpose: MfaPurpose, password: string) => {
      const error = await confirmPassword(services, password);
      if (!error) void continueSetup(services, purpose, emit);
      return error;
    },
    /** Leaves for the provider; answers an error text when it cannot. */
    verifyWithProvider: async (purpose: MfaPurpose) => {
      if (!ssoProvider) return undefined;
      try {
        const email = profile?.email || profile?.username || '';
        await startRevalidation(api, nav, { provider: ssoProvider, purpose, email, returnPath: nav.path() });
        return undefined;
      } catch {
        return `${ssoProvider.label} is not available right now. Please try again or use your password.`;
      }
    },
    verify: (code: string) => verifyAuthenticator(services, code, emit),
  };
}

export type MfaSetup = ReturnType<typeof useMfaSetup>;
