import { randomInt } from 'node:crypto';

import type { Queryable, TokenService } from '../../contracts';

export const RECOVERY_CODE_COUNT = 10;
const DIGITS = 12;

/** `1234-5678-9012`: numeric (the console's code fields are numeric), dashes for reading. */
export function newRecoveryCode(): string {
  let digits = '';
  for (let i = 0; i < DIGITS; i++) digits += String(randomInt(10));
  return digits.replace(/(\d{4})(?=\d)/g, '$1-');
}

/** Digits only: dashes and spaces as typed are ignored. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

function codeHash(tokens: Pick<TokenService, 'digest'>, userId: string, code: string): string {
  return tokens.digest(`recovery-code:${userId}:${normaliseRecoveryCode(code)}`);
}

/** Replaces the user's pending codes with new ones (active once MFA set-up is verified); returns them in clear, once. */
export async function createPendingRecoveryCodes(
  q: Queryable,
  tokens: Pick<TokenService, 'digest'>,
  userId: string,
): Promise<string[]> {
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1 AND pending', [userId]);
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  for (const code of codes) {
    await q.query('INSERT INTO recovery_codes (user_id, code_hash, pending) VALUES ($1, $2, true)', [
      userId,
      codeHash(tokens, userId, code),
    ]);
  }
  return [...codes];
}

/** Set-up verified: pending codes replace the active ones. */
export async function activatePendingRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1 AND NOT pending', [userId]);
  await q.query('UPDATE recovery_codes SET pending = false WHERE user_id = $1', [userId]);
}

/** Consumes an active code atomically: true once per code, false when wrong or already used. */
export async function consumeRecoveryCode(
  q: Queryable,
  tokens: Pick<TokenService, 'digest'>,
  userId: string,
  code: string,
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^\d{6,20}$/.test(normalised)) return false;
  const rows = await q.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND NOT pending AND used_at IS NULL RETURNING id',
    [userId, codeHash(tokens, userId, normalised)],
  );
  return rows.length > 0;
}

export async function deleteRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}
