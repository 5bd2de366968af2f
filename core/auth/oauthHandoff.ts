import type { AuthResult } from '../session/SessionService';
import { OAuthSessionKeys } from './oauthRequest';

/** The provider's answer, parked by `/login/callback` for the login page to finish. */
export interface OAuthCallbackHandoff {
  code: string;
  state: string;
}

export function stashOAuthCallback(handoff: OAuthCallbackHandoff, storage: Storage = window.sessionStorage): void {
  storage.setItem(OAuthSessionKeys.callback, JSON.stringify(handoff));
}

/** Reads and removes the parked callback (single use). */
export function takeOAuthCallback(storage: Storage = window.sessionStorage): OAuthCallbackHandoff | null {
  const raw = storage.getItem(OAuthSessionKeys.callback);
  storage.removeItem(OAuthSessionKeys.callback);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OAuthCallbackHandoff>;
    return typeof value.code === 'string' && typeof value.state === 'string' ? { code: value.code, state: value.state } : null;
  } catch {
    return null;
  }
}

/** A provider sign-in that still needs the second factor (token with `umg#otp#r` only). */
export interface SecondFactorHandoff {
  result: AuthResult;
  returnUrl?: string;
  /** Provider marker stored as `oauth-provider` once the second factor passes. */
  provider?: 'google' | 'okta' | 'jamf';
}

export function stashSecondFactor(handoff: SecondFactorHandoff, storage: Storage = window.sessionStorage): void {
  storage.setItem(OAuthSessionKeys.secondFactor, JSON.stringify(handoff));
}

export function takeSecondFactor(storage: Storage = window.sessionStorage): SecondFactorHandoff | null {
  const raw = storage.getItem(OAuthSessionKeys.secondFactor);
  storage.removeItem(OAuthSessionKeys.secondFactor);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SecondFactorHandoff;
    return value && typeof value.result?.token === 'string' && value.result.user ? value : null;
  } catch {
    return null;
  }
}
