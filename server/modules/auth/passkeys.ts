import { createHash } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import type { Queryable } from '../../contracts';
import { iso } from '../../db/sqlRows';

/** How long a challenge may be answered: the browser's own timeout plus a little for the round trip. */
export const CHALLENGE_TTL_S = 300;
const BROWSER_TIMEOUT_MS = 240_000;
const RP_NAME = 'MTD Console';

export type ChallengePurpose = 'register' | 'sign-in' | 'second-factor';

/** The relying party: its id and origin come from PUBLIC_URL, the one public address of the deployment. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

function viewOf(row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Keeps a new challenge server-side, as its hash only (a database reader cannot answer it). */
async function storeChallenge(
  q: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<void> {
  await q.query(
    `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(challenge), purpose, userId, CHALLENGE_TTL_S],
  );
}

/**
 * Uses the challenge up: true once for an unexpired challenge of this purpose (and user), false
 * afterwards, on every instance (the DELETE is atomic: two racing answers get one true).
 */
export async function claimChallenge(
  q: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  const rows = await q.query<{ expired: boolean }>(
    `DELETE FROM webauthn_challenges WHERE challenge_hash = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3
     RETURNING expires_at < now() AS expired`,
    [sha256(challenge), purpose, userId],
  );
  return rows.length === 1 && !rows[0]!.expired;
}

export async function listPasskeys(q: Queryable, userId: string): Promise<PasskeyView[]> {
  const rows = await q.query<PasskeyRow>(
    'SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows.map(viewOf);
}

export async function countPasskeys(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1', [userId]);
  return row?.n ?? 0;
}

/** Removes one of the user's passkeys; the name of the removed one, or null when it is not theirs. */
export async function removePasskey(q: Queryable, userId: string, passkeyId: string): Promise<string | null> {
  const rows = await q.query<{ name: string }>('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name', [
    passkeyId,
    userId,
  ]);
  return rows[0]?.name ?? null;
}

/** Renames one of the user's passkeys; its view, or null when it is not theirs. */
export async function renamePasskey(
  q: Queryable,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<PasskeyView | null> {
  const rows = await q.query<PasskeyRow>(
    'UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING id, name, created_at, last_used_at',
    [passkeyId, userId, name],
  );
  return rows[0] ? viewOf(rows[0]) : null;
}

export async function registrationOptions(
  q: Queryable,
  rp: RelyingParty,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await q.query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1',
    [user.id],
  );
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    timeout: BROWSER_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(q, options.challenge, 'register', user.id);
  return options;
}

/** Why a WebAuthn answer was refused; the message reaches the console. */
export class PasskeyRefused extends Error {}

export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Try again.';
export const CHALLENGE_USED = 'This passkey request expired or was already used. Try again.';

/** A challenge check for the library: claims it (single use) before the signature is even looked at. */
function challengeCheck(q: Queryable, purpose: ChallengePurpose, userId: string | null) {
  let claimed = false;
  return {
    check: async (challenge: string) => (claimed = await claimChallenge(q, challenge, purpose, userId)),
    wasClaimed: () => claimed,
  };
}

function refusal(err: unknown, challengeClaimed: boolean): PasskeyRefused {
  if (err instanceof PasskeyRefused) return err;
  return new PasskeyRefused(challengeClaimed ? PASSKEY_NOT_VERIFIED : CHALLENGE_USED);
}

export async function verifyRegistration(
  q: Queryable,
  rp: RelyingParty,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyView> {
  const challenge = challengeCheck(q, 'register', userId);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) throw new PasskeyRefused(PASSKEY_NOT_VERIFIED);
    info = result.registrationInfo;
  } catch (err) {
    throw refusal(err, challenge.wasClaimed());
  }
  const { credential } = info;
  const rows = await q.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (credential_id) DO NOTHING
     RETURNING id, name, created_at, last_used_at`,
    [userId, credential.id, credential.publicKey, credential.counter, credential.transports ?? [], name],
  );
  if (rows.length === 0) throw new PasskeyRefused('This passkey is already registered.');
  return viewOf(rows[0]!);
}

/**
 * Options of an assertion. Without a user (passwordless sign-in) the browser offers the
 * discoverable passkeys it holds for this site; with one (second factor) only that user's.
 */
export async function authenticationOptions(
  q: Queryable,
  rp: RelyingParty,
  purpose: 'sign-in' | 'second-factor',
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId
    ? await q.query<{ credential_id: string; transports: string[] }>(
        'SELECT credential_id, transports FROM passkeys WHERE user_id = $1',
        [userId],
      )
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: BROWSER_TIMEOUT_MS,
    userVerification: 'required',
    ...(userId ? { allowCredentials: allow.map((c) => ({ id: c.credential_id, transports: c.transports })) } : {}),
  });
  await storeChallenge(q, options.challenge, purpose, userId);
  return options;
}

/**
 * Verifies an assertion and records its use; the passkey's user id. Refused: unknown credential,
 * a credential of another user (second factor), used or expired challenge, no user verification,
 * bad signature, wrong origin or RP id, a counter that did not rise.
 */
export async function verifyAuthentication(
  q: Queryable,
  rp: RelyingParty,
  purpose: 'sign-in' | 'second-factor',
  userId: string | null,
  response: AuthenticationResponseJSON,
): Promise<{ userId: string; passkeyId: string }> {
  const [row] = await q.query<PasskeyRow>(
    'SELECT id, user_id, credential_id, public_key, counter, transports FROM passkeys WHERE credential_id = $1',
    [response.id],
  );
  if (!row || (userId !== null && row.user_id !== userId)) throw new PasskeyRefused(PASSKEY_NOT_VERIFIED);
  const challenge = challengeCheck(q, purpose, userId);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports,
      },
    });
    if (!result.verified) throw new PasskeyRefused(PASSKEY_NOT_VERIFIED);
    newCounter = result.authenticationInfo.newCounter;
  } catch (err) {
    throw refusal(err, challenge.wasClaimed());
  }
  // Conditional on the counter read: of two parallel assertions with one counter value, one wins.
  const updated = await q.query(
    `UPDATE passkeys SET counter = $2, last_used_at = now()
      WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
    [row.id, newCounter],
  );
  if (updated.length === 0) throw new PasskeyRefused(PASSKEY_NOT_VERIFIED);
  return { userId: row.user_id, passkeyId: row.id };
}

/** Whether the tenant requires a phishing-resistant sign-in (a passkey) of its users. */
export async function requiresPhishingResistant(q: Queryable, tenantId: string): Promise<boolean> {
  const [row] = await q.query<{ r: boolean }>('SELECT require_phishing_resistant AS r FROM tenants WHERE id = $1', [
    tenantId,
  ]);
  return row?.r === true;
}

/** What a sign-in without a passkey must know: the tenant's policy and whether the user has a passkey. */
export async function passkeyPolicyOf(
  q: Queryable,
  user: { id: string; tenantId: string },
): Promise<{ required: boolean; hasPasskey: boolean }> {
  const [row] = await q.query<{ required: boolean; has_passkey: boolean }>(
    `SELECT t.require_phishing_resistant AS required,
            EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = $2) AS has_passkey
       FROM tenants t WHERE t.id = $1`,
    [user.tenantId, user.id],
  );
  return { required: row?.required === true, hasPasskey: row?.has_passkey === true };
}

export async function setRequirePhishingResistant(q: Queryable, tenantId: string, value: boolean): Promise<void> {
  await q.query('UPDATE tenants SET require_phishing_resistant = $2 WHERE id = $1', [tenantId, value]);
}
