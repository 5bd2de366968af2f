import type { Queryable } from '../../../contracts';
import type { UnsubscribedRecipient } from '../schemas';

/** Recipients of this tenant's rules who unsubscribed, through this tenant's mails, from a rule or from all. */
export async function listUnsubscribedRecipients(q: Queryable, tenantId: string): Promise<UnsubscribedRecipient[]> {
  const rows = await q.query<{ email: string; rule_id: string | null; rule_name: string | null; created_at: Date }>(
    `SELECT u.email, r.id AS rule_id, r.name AS rule_name, u.created_at
       FROM unsubscribes u
       LEFT JOIN monitoring_rules r ON u.notification = 'monitoring:' || r.id
      WHERE u.tenant_id = $1
        AND EXISTS (SELECT 1 FROM monitoring_recipients c WHERE c.tenant_id = $1 AND lower(c.email) = u.email)
        AND (u.notification IS NULL OR r.tenant_id = $1)
      ORDER BY u.created_at DESC, u.email`,
    [tenantId],
  );
  return rows.map((r) => ({
    email: r.email,
    ruleId: r.rule_id,
    ruleName: r.rule_name,
    at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Subscribes a recipient again (an administrator undoing an unsubscribe, spec §8 "Contact your
 * admin"): to one rule, or with ruleId null to every monitoring mail (the "from all" row goes).
 * Returns how many unsubscribes were removed.
 */
export async function resubscribe(
  q: Queryable,
  tenantId: string,
  input: { email: string; ruleId: string | null },
): Promise<number> {
  const email = input.email.toLowerCase();
  const rows = input.ruleId
    ? await q.query(
        `DELETE FROM unsubscribes WHERE email = $1 AND notification = $2 AND tenant_id = $4
           AND EXISTS (SELECT 1 FROM monitoring_rules r WHERE r.id = $3 AND r.tenant_id = $4) RETURNING id`,
        [email, `monitoring:${input.ruleId}`, input.ruleId, tenantId],
      )
    : await q.query(
        `DELETE FROM unsubscribes WHERE email = $1 AND tenant_id = $2
           AND (notification IS NULL OR notification IN (SELECT 'monitoring:' || r.id FROM monitoring_rules r WHERE r.tenant_id = $2)) RETURNING id`,
        [email, tenantId],
      );
  return rows.length;
}
