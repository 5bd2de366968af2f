import type { Queryable } from '../../contracts';
import { matchTotp } from './totp';

/**
 * Accepts a TOTP code of the user's active secret once: the matched step must be greater than
 * the last accepted one, and the update is atomic, so two parallel requests with the same code
 * give one success.
 */
export async function acceptTotpCode(
  q: Queryable,
  user: { id: string; totp_secret: string | null },
  code: string,
): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = matchTotp(user.totp_secret, code);
  if (step === null) return false;
  const rows = await q.query(
    `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_enabled AND totp_secret = $3
       AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [user.id, step, user.totp_secret],
  );
  return rows.length > 0;
}

/** A code as the console may send it: string or number (leading zeros restored). */
export function normaliseTotpInput(code: string | number): string {
  return typeof code === 'number' ? String(code).padStart(6, '0') : code.trim();
}
