import { HttpError, type Queryable, type TokenService } from '../../contracts';
import { claimOnce } from '../../services/singleUse';

export type OAuthProvider = 'Google' | 'Okta' | 'JamfAuth0';

/** Ten minutes: time to sign in at the provider and come back. */
export const NONCE_TTL_S = 10 * 60;
const MAX_NONCE_LENGTH = 2048;

/** What a nonce binds the sign-in to; checked when it comes back in the ID token. */
export interface NonceBinding {
  provider: OAuthProvider;
  /** Tenant whose provider settings apply (Okta, JamfAuth0 domain mapping). */
  tenantId?: string;
  /** Hash of the invitation the sign-in activates. */
  invitation?: string;
  /** E-mail domain chosen at the vendor IdP look-up. */
  emailDomain?: string;
}

interface NonceClaims {
  use: 'oidc-nonce';
  prv: OAuthProvider;
  tid?: string;
  inv?: string;
  dom?: string;
  jti: string;
}

/** Issues a nonce: a short-lived token signed by the API (typ 'oauth-state'), usable once. */
export async function issueNonce(tokens: Pick<TokenService, 'sign'>, binding: NonceBinding): Promise<string> {
  const claims: Record<string, unknown> = { use: 'oidc-nonce', prv: binding.provider };
  if (binding.tenantId) claims.tid = binding.tenantId;
  if (binding.invitation) claims.inv = binding.invitation;
  if (binding.emailDomain) claims.dom = binding.emailDomain;
  return tokens.sign('oauth-state', claims, NONCE_TTL_S);
}

/** Verifies a nonce's signature, expiry and provider without using it up. */
export async function readNonce(
  tokens: Pick<TokenService, 'verify'>,
  nonce: string,
  provider: OAuthProvider,
): Promise<NonceBinding & { id: string; exp: number }> {
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > MAX_NONCE_LENGTH)
    throw new HttpError(401, 'Invalid nonce');
  let claims: NonceClaims & { exp: number };
  try {
    claims = await tokens.verify<NonceClaims & Record<string, unknown>>(nonce, 'oauth-state');
  } catch {
    throw new HttpError(401, 'Invalid nonce');
  }
  if (claims.use !== 'oidc-nonce' || claims.prv !== provider || typeof claims.jti !== 'string')
    throw new HttpError(401, 'Invalid nonce');
  return {
    id: claims.jti,
    exp: claims.exp,
    provider: claims.prv,
    ...(typeof claims.tid === 'string' ? { tenantId: claims.tid } : {}),
    ...(typeof claims.inv === 'string' ? { invitation: claims.inv } : {}),
    ...(typeof claims.dom === 'string' ? { emailDomain: claims.dom } : {}),
  };
}

/** Marks a nonce used; a second use (replay, or two tabs racing) fails, on every API instance. */
export async function consumeNonce(q: Queryable, nonce: { id: string; exp: number }): Promise<void> {
  if (!(await claimOnce(q, 'oidc', nonce.id, new Date(nonce.exp * 1000))))
    throw new HttpError(401, 'Nonce already used');
}
