import { idpCallbackUrl } from '@common/navigation/idpCallback';

import type { IdpConfig } from '../../config';
import { type Database, HttpError, type Queryable, type TokenService } from '../../contracts';
import type { UserRow } from '../../services/users';
import { acceptInvitation, INVITATION_EXPIRED } from '../invitations/public';
import { discoverOrFail } from './discovery';
import { exchangeCode } from './exchangeCode';
import type { ProviderProof } from './idpSchemas';
import { consumeNonce, type NonceBinding, type OAuthProvider, readNonce } from './nonces';
import { type ProviderClient, providerClient } from './providerClients';
import { type VerifiedIdentity, verifyIdToken } from './verifyIdToken';

export interface ProviderAuthentication {
  identity: VerifiedIdentity;
  client: ProviderClient;
  binding: NonceBinding;
}

/** What sign-in through a provider uses: the database, our token signer and the providers' settings. */
export interface ProviderSignInDeps {
  db: Database;
  tokens: Pick<TokenService, 'verify'>;
  idp: IdpConfig;
  publicUrl: string;
}

/**
 * Proves who the caller is at the provider: obtains the ID token (as given, or by exchanging the
 * code with the PKCE verifier), verifies it against the provider's keys and our client id, checks
 * that its nonce is the one we issued for this provider, and uses the nonce up.
 */
export async function authenticateAtProvider(
  deps: ProviderSignInDeps,
  proof: ProviderProof,
  options: { nonceRequired?: boolean; tenantId?: string } = {},
): Promise<ProviderAuthentication> {
  const nonceRequired = options.nonceRequired ?? true;
  if (nonceRequired && !proof.nonce) throw new HttpError(400, 'nonce is required');
  const nonce = proof.nonce ? await readNonce(deps.tokens, proof.nonce, proof.provider) : null;
  // A caller that already knows the tenant (a signed-in user) pins it; a nonce of another tenant fails.
  if (options.tenantId && nonce?.tenantId && nonce.tenantId !== options.tenantId)
    throw new HttpError(401, 'Invalid nonce');
  const binding: NonceBinding = {
    provider: proof.provider,
    ...(options.tenantId ? { tenantId: options.tenantId } : {}),
    ...nonce,
  };
  const client = await providerClient(deps, proof.provider, binding.tenantId);
  const metadata = await discoverOrFail(client.issuer);

  let idToken: string;
  if (proof.idToken !== undefined) {
    if (proof.code !== undefined) throw new HttpError(400, 'Send either idToken or code, not both');
    // The vendor IdP client is confidential: its tokens come only from the API's own code exchange.
    if (proof.provider === 'JamfAuth0')
      throw new HttpError(400, 'JamfAuth0 sign-in needs code, codeVerifier and redirectUri');
    idToken = proof.idToken;
  } else {
    if (!proof.code || !proof.codeVerifier || !proof.redirectUri)
      throw new HttpError(400, 'Send idToken, or code with codeVerifier and redirectUri');
    if (proof.redirectUri !== idpCallbackUrl(deps.publicUrl))
      throw new HttpError(400, 'redirectUri is not the console callback of this server');
    idToken = await exchangeCode({
      tokenEndpoint: metadata.token_endpoint,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      code: proof.code,
      codeVerifier: proof.codeVerifier,
      redirectUri: proof.redirectUri,
    });
  }

  const identity = await verifyIdToken(idToken, {
    issuer: metadata.issuer,
    clientId: client.clientId,
    jwksUri: metadata.jwks_uri,
  });
  if (nonce) {
    if (identity.nonce !== proof.nonce) throw new HttpError(401, 'Invalid nonce');
    await consumeNonce(deps.db, nonce);
  } else if (identity.nonce !== null) {
    // A token minted for a sign-in with our nonce is not accepted without presenting that nonce.
    throw new HttpError(401, 'Invalid nonce');
  }
  if (proof.email !== undefined && identity.email !== proof.email.trim().toLowerCase())
    throw new HttpError(401, 'The e-mail does not match the identity provider account');
  return { identity, client, binding };
}

/** Same answer for unknown, disabled and not yet activated users (as /um/login). */
const NOT_FOUND = 'User not found';

function methodAllowed(user: Pick<UserRow, 'allowed_login_methods'>, provider: OAuthProvider): boolean {
  const methods = user.allowed_login_methods ?? [];
  return methods.length === 0 || methods.some((m) => m.toLowerCase() === provider.toLowerCase());
}

/**
 * The user an identity signs in as: the one linked to (provider, subject), or, the first time,
 * the active user with the provider's verified e-mail (then linked). The tenant bound by the
 * nonce (a tenant's Okta, the vendor IdP's domain mapping) must be the user's tenant, so one
 * tenant's IdP can never vouch for another tenant's users. One transaction (look-up and link).
 */
export function matchUser(db: Database, auth: ProviderAuthentication): Promise<UserRow> {
  return db.tx((q) => matchUserIn(q, auth));
}

async function matchUserIn(q: Queryable, auth: ProviderAuthentication): Promise<UserRow> {
  const { identity, binding } = auth;
  const provider = binding.provider;
  if (binding.emailDomain && identity.email?.split('@')[1] !== binding.emailDomain) throw new HttpError(401, NOT_FOUND);

  let [user] = await q.query<UserRow>(
    `SELECT u.* FROM user_identities i JOIN users u ON u.id = i.user_id WHERE i.provider = $1 AND i.subject = $2`,
    [provider, identity.subject],
  );
  if (!user) {
    if (!identity.email || !identity.emailVerified) throw new HttpError(401, NOT_FOUND);
    [user] = await q.query<UserRow>(`SELECT * FROM users WHERE email = $1 AND status = 'active'`, [identity.email]);
    if (!user) throw new HttpError(401, NOT_FOUND);
    if (binding.tenantId && user.tenant_id !== binding.tenantId) throw new HttpError(401, NOT_FOUND);
    if (user.disabled) throw new HttpError(401, NOT_FOUND);
    if (!methodAllowed(user, provider))
      throw new HttpError(401, `Sign-in with ${provider} is not allowed for this account`);
    // One identity per provider and user: a second account at the same provider is not linked silently.
    const linked = await q.query('SELECT 1 FROM user_identities WHERE user_id = $1 AND provider = $2', [
      user.id,
      provider,
    ]);
    if (linked.length > 0) throw new HttpError(401, NOT_FOUND);
    await q.query(
      `INSERT INTO user_identities (user_id, provider, subject, email) VALUES ($1, $2, $3, $4) ON CONFLICT (provider, subject) DO NOTHING`,
      [user.id, provider, identity.subject, identity.email],
    );
    return user;
  }
  if (user.status !== 'active') throw new HttpError(401, NOT_FOUND);
  if (binding.tenantId && user.tenant_id !== binding.tenantId) throw new HttpError(401, NOT_FOUND);
  if (user.disabled) throw new HttpError(401, NOT_FOUND);
  if (!methodAllowed(user, provider))
    throw new HttpError(401, `Sign-in with ${provider} is not allowed for this account`);
  return user;
}

/** What a session started through a provider remembers for the provider's logout. */
export function sessionProviderData(auth: ProviderAuthentication): Record<string, string> {
  return { issuer: auth.client.issuer, clientId: auth.client.clientId };
}

/** The user linked to (provider, subject), or null. */
export async function identityOwner(q: Queryable, provider: OAuthProvider, subject: string): Promise<string | null> {
  const [row] = await q.query<{ user_id: string }>(
    'SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return row?.user_id ?? null;
}

/**
 * Accepts an invitation with a provider identity, in one transaction: the identity is linked
 * to the invited user (409 when it belongs to another user; a disabled invited user is 410),
 * then the invitation activates the user (acceptInvitation: 404 unknown, 410 used or expired).
 */
export async function acceptInvitationWithIdentity(
  db: Database,
  token: string,
  provider: OAuthProvider,
  identity: Pick<VerifiedIdentity, 'subject' | 'email'>,
): Promise<UserRow> {
  const { user } = await db.tx((q) =>
    acceptInvitation(q, token, async (invited) => {
      if (invited.disabled) throw new HttpError(410, INVITATION_EXPIRED);
      const owner = await identityOwner(q, provider, identity.subject);
      if (owner && owner !== invited.id) throw new HttpError(409, 'This account is already linked to another user');
      if (!owner) {
        await q.query('DELETE FROM user_identities WHERE user_id = $1 AND provider = $2', [invited.id, provider]);
        await q.query('INSERT INTO user_identities (user_id, provider, subject, email) VALUES ($1, $2, $3, $4)', [
          invited.id,
          provider,
          identity.subject,
          identity.email,
        ]);
      }
    }),
  );
  return user;
}
