import { idpCallbackUrl } from '@common/navigation/idpCallback';

import { buildOAuthState, type OAuthProviderMarker, type OAuthState, parseOAuthState } from './oauthState';
import { constantTimeEqual, pkceChallenge, randomUrlSafe } from './pkce';

/** sessionStorage keys of the authorisation round trip (oauth-protocol). */
export const OAuthSessionKeys = {
  state: 'oauth-state',
  pkce: 'oauth-pkce',
  nonce: 'oauth-nonce',
  /** JSON of {@link PendingOAuthRequest} minus the three values above. */
  request: 'oauth-request',
  /** `{ code, state }` handed from `/login/callback` to the login page (Okta, Google). */
  callback: 'oauth-callback',
} as const;

export const OAUTH_SCOPE = 'openid profile email';
/** Requests older than this are refused on return (the API's nonce lives 10 minutes too). */
export const OAUTH_REQUEST_TTL_MS = 10 * 60 * 1000;

/** The console's callback as the provider and the API's code exchange expect it (common/navigation/idpCallback). */
export function oauthRedirectUri(origin: string = window.location.origin): string {
  return idpCallbackUrl(origin);
}

export interface BeginOAuthOptions {
  provider: OAuthProviderMarker;
  /** Marks the round trip as an invitation activation instead of a provider sign-in. */
  inviteId?: string;
  /** The authorisation page opens in a popup whose callback answers the opener. */
  popup?: boolean;
  /** A re-validation of the signed-in user (two-factor set-up), not a sign-in. */
  revalidate?: '2fa';
  returnPath?: string;
  clientId: string;
  authorizationEndpoint: string;
  /** Where the console exchanges the code (Google, Okta); absent when the API exchanges it. */
  tokenEndpoint?: string;
  /** API-issued nonce (oauth-protocol). */
  nonce: string;
  redirectUri: string;
  /** Provider-specific parameters, e.g. `login_hint`, `connection`. */
  extraParams?: Record<string, string | undefined>;
  /** Remembered for the return (e.g. the Okta domain shown on okta-waiting). */
  context?: Record<string, string>;
  storage?: Storage;
  now?: number;
}

/** What the console remembers between leaving for the provider and coming back. */
export interface PendingOAuthRequest {
  provider: OAuthProviderMarker;
  inviteId?: string;
  popup?: boolean;
  revalidate?: '2fa';
  clientId: string;
  tokenEndpoint?: string;
  redirectUri: string;
  nonce: string;
  codeVerifier: string;
  createdAt: number;
  context?: Record<string, string>;
}

/** Stores state, PKCE verifier and nonce, and answers the provider's authorisation URL. */
export async function beginOAuth(options: BeginOAuthOptions): Promise<string> {
  const storage = options.storage ?? window.sessionStorage;
  const random = randomUrlSafe(24);
  const codeVerifier = randomUrlSafe(48);
  const state = buildOAuthState({
    random,
    provider: options.provider,
    inviteId: options.inviteId,
    popup: options.popup,
    revalidate: options.revalidate,
    returnPath: options.returnPath,
  });
  const request: Omit<PendingOAuthRequest, 'nonce' | 'codeVerifier'> = {
    provider: options.provider,
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    createdAt: options.now ?? Date.now(),
  };
  if (options.inviteId !== undefined) request.inviteId = options.inviteId;
  if (options.popup) request.popup = true;
  if (options.revalidate) request.revalidate = options.revalidate;
  if (options.tokenEndpoint) request.tokenEndpoint = options.tokenEndpoint;
  if (options.context) request.context = options.context;
  storage.setItem(OAuthSessionKeys.state, random);
  storage.setItem(OAuthSessionKeys.pkce, codeVerifier);
  storage.setItem(OAuthSessionKeys.nonce, options.nonce);
  storage.setItem(OAuthSessionKeys.request, JSON.stringify(request));

  const url = new URL(options.authorizationEndpoint);
  const params: Record<string, string | undefined> = {
    client_id: options.clientId,
    response_type: 'code',
    scope: OAUTH_SCOPE,
    redirect_uri: options.redirectUri,
    state,
    nonce: options.nonce,
    code_challenge: await pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...options.extraParams,
  };
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url.toString();
}

export type OAuthCheck =
  | { ok: true; state: OAuthState; request: PendingOAuthRequest }
  | { ok: false; reason: 'missing' | 'mismatch' | 'expired' };

/** The pending request, if it exists (does not consume it): e.g. the Okta domain for display. */
export function peekOAuthRequest(storage: Storage = window.sessionStorage): PendingOAuthRequest | null {
  const raw = storage.getItem(OAuthSessionKeys.request);
  const nonce = storage.getItem(OAuthSessionKeys.nonce);
  const codeVerifier = storage.getItem(OAuthSessionKeys.pkce);
  if (!raw || !nonce || !codeVerifier) return null;
  try {
    const parsed = JSON.parse(raw) as Omit<PendingOAuthRequest, 'nonce' | 'codeVerifier'>;
    if (!parsed || typeof parsed.provider !== 'string' || typeof parsed.clientId !== 'string') return null;
    return { ...parsed, nonce, codeVerifier };
  } catch {
    return null;
  }
}

/**
 * Checks the returned `state` against the stored random value and hands back the pending
 * request. Single use: the stored values are removed whatever the outcome.
 */
export function consumeOAuth(
  rawState: string | null | undefined,
  storage: Storage = window.sessionStorage,
  now = Date.now(),
): OAuthCheck {
  const stored = storage.getItem(OAuthSessionKeys.state);
  const request = peekOAuthRequest(storage);
  clearOAuth(storage);
  const state = parseOAuthState(rawState);
  if (!stored || !request || !state) return { ok: false, reason: 'missing' };
  if (!constantTimeEqual(stored, state.random)) return { ok: false, reason: 'mismatch' };
  if (now - request.createdAt > OAUTH_REQUEST_TTL_MS) return { ok: false, reason: 'expired' };
  return { ok: true, state, request };
}

export function clearOAuth(storage: Storage = window.sessionStorage): void {
  storage.removeItem(OAuthSessionKeys.state);
  storage.removeItem(OAuthSessionKeys.pkce);
  storage.removeItem(OAuthSessionKeys.nonce);
  storage.removeItem(OAuthSessionKeys.request);
}
