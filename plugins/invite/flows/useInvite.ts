import { useEffect, useReducer, useRef } from 'react';

import { DASHBOARD_PATH, type InviteFlow, TWO_FACTOR_SETUP_PATH } from '../logic/inviteQuery';
import { firstLoginMethod } from '../logic/loginMethod';
import { activateWithPassword, PasswordActivationError } from './activateWithPassword';
import type { InviteSignIn } from './completeInviteSignIn';
import { finishProviderActivation } from './finishProviderActivation';
import { initialInviteState, inviteReducer, type InviteState } from './inviteReducer';
import type { InviteServices } from './InviteServices';
import { startJamfActivation } from './startJamfActivation';
import { startProviderActivation } from './startProviderActivation';

export interface InviteWizard {
  state: InviteState;
  submitPassword(password: string): Promise<void>;
  /** Google or Okta: leave for the provider. */
  startProvider(): Promise<void>;
  /** Jamf: try the redirect again after a failed look-up. */
  retryJamf(): Promise<void>;
  activateTwoFactor(): void;
  skipToDashboard(): void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Loads the invitation once, finishes a provider return, and runs step 1's method. */
export function useInvite(
  services: InviteServices,
  inviteId: string,
  query: { returning: boolean; flow: InviteFlow | null },
): InviteWizard {
  const [state, dispatch] = useReducer(inviteReducer, initialInviteState);
  const current = useRef(state);
  current.current = state;
  // The provider's answer is single use: finish it once even under StrictMode's double effects.
  const started = useRef(false);

  const afterSignIn = (outcome: InviteSignIn) => {
    // 'second-factor' already left for the login page's two-auth step.
    if (outcome === 'signed-in') dispatch({ type: 'signedIn' });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let invite;
      try {
        invite = await services.api.getInvite(inviteId);
      } catch {
        dispatch({ type: 'loadFailed' });
        return;
      }
      dispatch({ type: 'loaded', invite });
      if (invite.expired) return;
      const method = firstLoginMethod(invite.allowedLoginMethods);
      if (method === 'jamf') {
        await startJamfActivation(services, inviteId, invite).catch((error: unknown) =>
          dispatch({ type: 'failed', message: messageOf(error) }),
        );
      } else if (query.returning && method !== 'password') {
        dispatch({ type: 'started' });
        await finishProviderActivation(services, inviteId, invite, query.flow).then(afterSignIn, (error: unknown) =>
          dispatch({ type: 'failed', message: messageOf(error) }),
        );
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the invitation is read and a return from the provider finished once per visit (single-use link)
  }, []);

  const submitPassword = async (password: string) => {
    const state = current.current;
    if (state.phase !== 'first-login' || state.method !== 'password' || state.busy) return;
    dispatch({ type: 'started' });
    try {
      afterSignIn(await activateWithPassword(services, inviteId, state.invite, password));
    } catch (error) {
      const message = messageOf(error);
      dispatch(
        error instanceof PasswordActivationError && error.stage === 'sign-in'
          ? { type: 'activatedNotSignedIn', message }
          : { type: 'failed', message },
      );
    }
  };

  const startProvider = async () => {
    const state = current.current;
    if (state.phase !== 'first-login' || state.method === 'password' || state.busy) return;
    dispatch({ type: 'started' });
    // Success leaves the page; only a failure comes back here.
    await startProviderActivation(services, inviteId, state.invite, state.method).catch((error: unknown) =>
      dispatch({ type: 'failed', message: messageOf(error) }),
    );
  };

  const retryJamf = async () => {
    const state = current.current;
    if (state.phase !== 'jamf') return;
    dispatch({ type: 'started' });
    await startJamfActivation(services, inviteId, state.invite).catch((error: unknown) =>
      dispatch({ type: 'failed', message: messageOf(error) }),
    );
  };

  return {
    state,
    submitPassword,
    startProvider,
    retryJamf,
    activateTwoFactor: () => services.nav.navigate(TWO_FACTOR_SETUP_PATH),
    skipToDashboard: () => services.nav.navigate(DASHBOARD_PATH),
  };
}
