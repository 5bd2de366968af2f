import type { CallFailure } from '@core/http/callFailure';
import { boundErrorText } from '@core/http/errorText';

import { ResetTexts } from '../logic/texts';

export type ResetStep = 'resetPassword' | 'twoFactor' | 'recoveryCode';

export type ResetState =
  | { phase: 'validating' }
  /** The link is unknown, used or expired; `message` is the server's. */
  | { phase: 'expired'; message: string | null }
  | {
      phase: 'form';
      /** The change needs a TOTP or recovery code. */
      otp: boolean;
      step: ResetStep;
      /** Collected on the first step when a code still has to follow (memory only). */
      password: string | null;
      submitting: boolean;
      error: string | null;
    }
  | { phase: 'done' };

export type ResetEvent =
  | { type: 'validated'; otp: boolean }
  | { type: 'validationFailed'; failure: CallFailure }
  /** The first step's password: kept when a code must follow, otherwise the submit starts. */
  | { type: 'passwordEntered'; password: string }
  | { type: 'codeSubmitted' }
  | { type: 'switchStep'; step: 'twoFactor' | 'recoveryCode' }
  | { type: 'succeeded' }
  | { type: 'failed'; failure: CallFailure };

export const initialResetState: ResetState = { phase: 'validating' };

/** Spec §8 "reset failure shows server message": the server's words whatever the status; the unknown-error text only when there are none. */
export function failureMessage({ message }: CallFailure): string {
  return message === null ? ResetTexts.unknownError : boundErrorText(message);
}

/** Wrong or missing codes keep the code step; anything else concerns the password. */
function isCodeRejection(message: string | null): boolean {
  return message !== null && /\bcode\b/i.test(message);
}

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  switch (event.type) {
    case 'validated':
      return state.phase === 'validating'
        ? { phase: 'form', otp: event.otp, step: 'resetPassword', password: null, submitting: false, error: null }
        : state;
    case 'validationFailed':
      return state.phase === 'validating' ? { phase: 'expired', message: event.failure.message } : state;
    default:
      break;
  }
  if (state.phase !== 'form') return state;
  switch (event.type) {
    case 'passwordEntered':
      if (state.step !== 'resetPassword' || state.submitting) return state;
      // Spec §4: with a second factor the first step only collects the password (no call).
      return state.otp
        ? { ...state, step: 'twoFactor', password: event.password, error: null }
        : { ...state, password: event.password, submitting: true, error: null };
    case 'codeSubmitted':
      return state.step === 'resetPassword' || state.submitting || state.password === null
        ? state
        : { ...state, submitting: true, error: null };
    case 'switchStep':
      return state.step === 'resetPassword' || state.submitting ? state : { ...state, step: event.step, error: null };
    case 'succeeded':
      return { phase: 'done' };
    case 'failed': {
      const { status, message } = event.failure;
      // The link died meanwhile (used in another tab, expired): the expired view, as on load.
      if (status === 404 || status === 410) return { phase: 'expired', message };
      const text = failureMessage(event.failure);
      if (state.step !== 'resetPassword' && !isCodeRejection(message) && status === 400) {
        // The server refused the password itself: back to the step where it is typed.
        return { ...state, step: 'resetPassword', password: null, submitting: false, error: text };
      }
      return { ...state, submitting: false, error: text };
    }
    default:
      return state;
  }
}
