import type { Invite } from '../api/InviteApi';
import { firstLoginMethod } from '../logic/loginMethod';

export type InviteState =
  | { phase: 'loading' }
  /** Load failure, unknown, used or expired invitation (spec §8). */
  | { phase: 'expired' }
  /** An invitation already accepted (a reload after step 1, or the link opened again): the account is active, sign in. */
  | { phase: 'accepted'; username: string }
  /** Step 1 'First Login' with the first allowed method; `busy` reads 'Logging you in'. */
  | {
      phase: 'first-login';
      invite: Invite;
      method: 'password' | 'google' | 'okta';
      busy: boolean;
      error: string | null;
    }
  /** The vendor IdP: a separate layout that only redirects. */
  | { phase: 'jamf'; invite: Invite; error: string | null }
  /** The password was set but signing in failed: the invitation is used, the login page remains. */
  | { phase: 'activated'; message: string }
  /** Step 2 'Activate 2FA'. */
  | { phase: 'activate-2fa' };

export type InviteEvent =
  | { type: 'loaded'; invite: Invite }
  | { type: 'loadFailed' }
  | { type: 'started' }
  | { type: 'failed'; message: string }
  | { type: 'activatedNotSignedIn'; message: string }
  | { type: 'signedIn' };

export const initialInviteState: InviteState = { phase: 'loading' };

export function inviteReducer(state: InviteState, event: InviteEvent): InviteState {
  switch (event.type) {
    case 'loaded': {
      if (state.phase !== 'loading') return state;
      if (event.invite.accepted) return { phase: 'accepted', username: event.invite.username };
      if (event.invite.expired) return { phase: 'expired' };
      const method = firstLoginMethod(event.invite.allowedLoginMethods);
      return method === 'jamf'
        ? { phase: 'jamf', invite: event.invite, error: null }
        : { phase: 'first-login', invite: event.invite, method, busy: false, error: null };
    }
    case 'loadFailed':
      return state.phase === 'loading' ? { phase: 'expired' } : state;
    case 'started':
      if (state.phase === 'jamf') return { ...state, error: null };
      return state.phase === 'first-login' && !state.busy ? { ...state, busy: true, error: null } : state;
    case 'failed':
      if (state.phase === 'jamf') return { ...state, error: event.message };
      return state.phase === 'first-login' ? { ...state, busy: false, error: event.message } : state;
    case 'activatedNotSignedIn':
      return state.phase === 'first-login' ? { phase: 'activated', message: event.message } : state;
    case 'signedIn':
      return state.phase === 'first-login' ? { phase: 'activate-2fa' } : state;
  }
}
