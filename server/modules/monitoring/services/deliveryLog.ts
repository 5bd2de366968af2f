import type { Queryable } from '../../../contracts';
import type { DeliveryView } from '../schemas';

/** What was sent to whom and when, and what failed, newest first (the settings' delivery log). */
export async function listDeliveries(
  q: Queryable,
  tenantId: string,
  page: { page: number; size: number },
): Promise<{ items: DeliveryView[]; total: number }> {
  const rows = await q.query<{
    id: string;
    rule_id: string | null;
    rule_name: string | null;
    email: string;
    channel: string;
    frequency: string;
    status: string;
    alerts: number;
    attempts: number;
    due_at: Date;
    sent_at: Date | null;
    last_error: string | null;
    created_at: Date;
    total: number;
  }>(
    `SELECT d.id, d.rule_id, r.name AS rule_name, d.email, d.channel, d.frequency, d.status, d.attempts, d.due_at, d.sent_at, d.last_error, d.created_at,
            (SELECT count(*)::int FROM monitoring_delivery_alerts da WHERE da.delivery_id = d.id) AS alerts, count(*) OVER ()::int AS total
       FROM monitoring_deliveries d LEFT JOIN monitoring_rules r ON r.id = d.rule_id
      WHERE d.tenant_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`,
    [tenantId, page.size, page.page * page.size],
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      ruleId: r.rule_id,
      ruleName: r.rule_name,
      email: r.email,
      channel: r.channel,
      frequency: r.frequency,
      status: r.status,
      alerts: r.alerts,
      attempts: r.attempts,
      dueAt: new Date(r.due_at).toISOString(),
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      lastError: r.last_error,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
