import type { TotpSetup } from '../api/MfaSetupApi';
import { isRecoveryExpired, MfaTexts } from './mfaErrors';

/** Turning the second factor on or off: what the re-validation is for. */
export type MfaPurpose = 'enable' | 'disable';

export type MfaPhase =
  | { kind: 'status' }
  | { kind: 'password'; purpose: MfaPurpose }
  /** `image`: the QR PNG, null until it arrives. */
  | { kind: 'qr'; setup: TotpSetup; image: Blob | null }
  | { kind: 'codes'; codes: readonly string[] };

export interface MfaSetupState {
  phase: MfaPhase;
  /** The warning above the card (expired verification, failed call). */
  notice: string | null;
}

/** Every transition of the set-up (spec §4 "MFA", "Recovery mode"). */
export type MfaSetupEvent =
  /** status -> password: re-validate before turning it on or off. */
  | { type: 'start'; purpose: MfaPurpose }
  /** The recovery token gave a secret and its recovery codes: show the QR step. */
  | { type: 'qr-created'; setup: TotpSetup }
  | { type: 'qr-image'; image: Blob }
  /** The code matched: the recovery codes, shown once. */
  | { type: 'verified' }
  /** Back to the status (done, cancelled or failed, with a notice). */
  | { type: 'finish'; notice?: string | null }
  /** A recovery-mode call answered 401: the flow restarts. */
  | { type: 'expired' };

export function initialMfaSetupState(search: string): MfaSetupState {
  return { phase: { kind: 'status' }, notice: new URLSearchParams(search).get('expired') ? MfaTexts.expired : null };
}

export function mfaSetupReducer(state: MfaSetupState, event: MfaSetupEvent): MfaSetupState {
  const { phase } = state;
  switch (event.type) {
    case 'start':
      return phase.kind === 'status' ? { phase: { kind: 'password', purpose: event.purpose }, notice: null } : state;
    case 'qr-created':
      return { ...state, phase: { kind: 'qr', setup: event.setup, image: null } };
    case 'qr-image':
      return phase.kind === 'qr' ? { ...state, phase: { ...phase, image: event.image } } : state;
    case 'verified':
      return phase.kind === 'qr' ? { ...state, phase: { kind: 'codes', codes: phase.setup.recoveryCodes } } : state;
    case 'finish':
      return { phase: { kind: 'status' }, notice: event.notice ?? null };
    case 'expired':
      return { phase: { kind: 'status' }, notice: MfaTexts.expired };
  }
}

/** A recovery-mode call failed: 401 restarts the flow (spec §4), anything else ends it with a general error. */
export function recoveryCallFailed(error: unknown): MfaSetupEvent {
  return isRecoveryExpired(error) ? { type: 'expired' } : { type: 'finish', notice: MfaTexts.unknownError };
}
