import { initialStep, type LoginQuery, type LoginStep } from './loginQuery';

/** Title and description of the Callout a step shows (callback failure, failed sign-in). */
export interface Notice {
  title?: string | null;
  message?: string | null;
}

/** What the /login card shows: the step, its notice, and the username to pre-fill. */
export interface LoginState {
  step: LoginStep;
  notice: Notice | null;
  /** Carried from the Jamf screen to the username field (the "regular-flow" event). */
  username: string;
}

/** Every transition of spec §4 "Login steps". */
export type LoginEvent =
  /** login -> lost-password ("Forgot your password?") or okta-client-issuer (Okta button). */
  | { type: 'open'; step: 'lost-password' | 'okta-client-issuer' }
  /** The sign-in answered a second-factor token: two-auth. */
  | { type: 'second-factor' }
  /** two-auth <-> recovery-code through their links. */
  | { type: 'use-recovery-code' }
  | { type: 'use-code' }
  /** "Return to login screen", a failed provider return or second factor (with its notice). */
  | { type: 'back-to-login'; notice?: Notice | null }
  /** The Jamf screen found no vendor IdP for the domain: the classic form, pre-filled. */
  | { type: 'regular-flow'; username: string };

export function initialLoginState(query: LoginQuery): LoginState {
  return {
    step: initialStep(query),
    notice: query.error ? { title: query.error, message: query.errorDescription } : null,
    username: '',
  };
}

/** The step machine of the login card. Links only switch between the steps that show them. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'open':
      return state.step === 'login' ? { ...state, step: event.step, notice: null } : state;
    case 'second-factor':
      return { ...state, step: 'two-auth', notice: null };
    case 'use-recovery-code':
      return state.step === 'two-auth' ? { ...state, step: 'recovery-code', notice: null } : state;
    case 'use-code':
      return state.step === 'recovery-code' ? { ...state, step: 'two-auth', notice: null } : state;
    case 'back-to-login':
      return { ...state, step: 'login', notice: event.notice ?? null };
    case 'regular-flow':
      return { step: 'login', notice: null, username: event.username };
  }
}
