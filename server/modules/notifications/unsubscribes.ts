import type { Database, Queryable } from '../../contracts';
import { hashToken } from '../../services/secrets';
import { claimOnce } from '../../services/singleUse';

/**
 * Records an unsubscription (idempotent): from one notification, or with `all` from every
 * notification (stored as notification NULL).
 */
export async function recordUnsubscribe(
  db: Queryable,
  input: { tenantId: string | null; email: string; notification: string; all: boolean },
): Promise<void> {
  const notification = input.all ? null : input.notification;
  await db.query(
    `INSERT INTO unsubscribes (tenant_id, email, notification)
     SELECT $1, $2, $3::text
      WHERE NOT EXISTS (SELECT 1 FROM unsubscribes WHERE email = $2 AND notification IS NOT DISTINCT FROM $3::text
                          AND tenant_id IS NOT DISTINCT FROM $1::uuid)`,
    [input.tenantId, input.email.toLowerCase(), notification],
  );
}

/**
 * True when the recipient unsubscribed from this notification, or from all, through a mail of
 * this tenant (SQL `is_unsubscribed`, migration 020: bulk readers call it inside their query).
 */
export async function isUnsubscribed(
  db: Queryable,
  tenantId: string | null,
  email: string,
  notification: string,
): Promise<boolean> {
  const [row] = await db.query<{ unsubscribed: boolean }>('SELECT is_unsubscribed($1::uuid, $2, $3) AS unsubscribed', [
    tenantId,
    email,
    notification,
  ]);
  return row?.unsubscribed === true;
}

/**
 * Uses an unsubscribe link up and records what it asked, in one transaction: true the first
 * time, false for a link already used (the second use shows the expired alert). The
 * link is known by its token's `jti`, kept only as a hash until the link would have expired anyway.
 */
export async function unsubscribeOnce(
  db: Database,
  linkId: string,
  expiresAt: Date,
  input: { tenantId: string | null; email: string; notification: string; all: boolean },
): Promise<boolean> {
  return db.tx(async (q) => {
    if (!(await claimOnce(q, 'unsubscribe', hashToken(linkId), expiresAt))) return false;
    await recordUnsubscribe(q, input);
    return true;
  });
}
