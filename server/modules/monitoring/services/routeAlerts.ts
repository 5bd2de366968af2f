import type { Queryable } from '../../../contracts';
import type { JobQueue } from '../../../queue';
import type { Alert } from './alertTypes';
import { queueDelivery } from './deliveryQueue';
import { type Rule, ruleMatches, type Silence } from './ruleMatch';
import type { RuleRow } from './rules';
import { dueAt } from './schedule';

/** The unsubscribe notification name of one rule (the `/unsubscribe` link's "from this notification"). */
export function ruleNotification(ruleId: string): string {
  return `monitoring:${ruleId}`;
}

interface RecipientRow extends RuleRow {
  rule_id: string;
  recipient_id: string;
  email: string;
}

/**
 * Hands new alerts to the rules that select them: each recipient's open delivery of that rule
 * gets the alert (or a new one opens, due after the grouping window or at the digest's time).
 * Silenced rules and devices, and recipients who unsubscribed from the rule or from all, get
 * nothing. Runs in the transaction that created the alerts, so an alert, its deliveries and their
 * jobs on the queue are stored together. Returns how many (alert, recipient) pairs were queued.
 */
export async function routeAlerts(q: Queryable, queue: JobQueue, alerts: readonly Alert[], now: Date): Promise<number> {
  let queued = 0;
  const byTenant = new Map<string, Alert[]>();
  for (const a of alerts) byTenant.set(a.tenantId, [...(byTenant.get(a.tenantId) ?? []), a]);
  for (const [tenantId, list] of byTenant) {
    const recipients = await q.query<RecipientRow>(
      `SELECT r.id AS rule_id, r.enabled, r.min_severity, r.category, r.family_id, r.group_id, r.frequency, r.group_window_seconds, c.id AS recipient_id, c.email
         FROM monitoring_rules r JOIN monitoring_recipients c ON c.rule_id = r.id
        WHERE r.tenant_id = $1 AND r.enabled
          AND NOT is_unsubscribed(r.tenant_id, c.email, 'monitoring:' || r.id)`,
      [tenantId],
    );
    if (recipients.length === 0) continue;
    const silences = (
      await q.query<{ rule_id: string | null; device_id: string | null; starts_at: Date; ends_at: Date }>(
        'SELECT rule_id, device_id, starts_at, ends_at FROM monitoring_silences WHERE tenant_id = $1 AND ends_at > $2',
        [tenantId, now],
      )
    ).map((s): Silence => ({
      ruleId: s.rule_id,
      deviceId: s.device_id,
      startsAt: new Date(s.starts_at),
      endsAt: new Date(s.ends_at),
    }));
    const deviceIds = [...new Set(list.flatMap((a) => (a.deviceId ? [a.deviceId] : [])))];
    const groups = new Map<string, Set<string>>();
    for (const m of await q.query<{ device_id: string; group_id: string }>(
      'SELECT device_id, group_id FROM monitoring_device_group_members WHERE device_id = ANY($1::uuid[])',
      [deviceIds],
    )) {
      groups.set(m.device_id, (groups.get(m.device_id) ?? new Set()).add(m.group_id));
    }
    for (const alert of list) {
      const deviceGroups = (alert.deviceId && groups.get(alert.deviceId)) || new Set<string>();
      for (const r of recipients) {
        const rule: Rule = {
          id: r.rule_id,
          enabled: r.enabled,
          minSeverity: r.min_severity,
          category: r.category,
          familyId: r.family_id,
          groupId: r.group_id,
          frequency: r.frequency,
          groupWindowSeconds: r.group_window_seconds,
        };
        if (!ruleMatches(rule, alert, { deviceGroups, silences, now })) continue;
        await addToOpenDelivery(q, queue, {
          tenantId,
          rule,
          recipientId: r.recipient_id,
          email: r.email,
          alertId: alert.id,
          now,
        });
        queued++;
      }
    }
  }
  return queued;
}

/**
 * Adds the alert to the recipient's open delivery (pending, never tried), opening one when there
 * is none (with the job that sends it). A sender claiming that delivery meanwhile makes the lock
 * wait and the row no longer open: the loop then opens a new one.
 */
async function addToOpenDelivery(
  q: Queryable,
  queue: JobQueue,
  input: { tenantId: string; rule: Rule; recipientId: string; email: string; alertId: string; now: Date },
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [opened] = await q.query<{ id: string; due_at: Date }>(
      `INSERT INTO monitoring_deliveries (tenant_id, rule_id, recipient_id, email, frequency, due_at, channel)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT channel FROM monitoring_recipients WHERE id = $3))
       ON CONFLICT (recipient_id) WHERE status = 'pending' AND attempts = 0 DO NOTHING RETURNING id, due_at`,
      [
        input.tenantId,
        input.rule.id,
        input.recipientId,
        input.email,
        input.rule.frequency,
        dueAt(input.rule.frequency, input.now, input.rule.groupWindowSeconds),
      ],
    );
    if (opened)
      await queueDelivery(queue, q, { id: opened.id, tenantId: input.tenantId, dueAt: new Date(opened.due_at) });
    const [open] = await q.query<{ id: string }>(
      "SELECT id FROM monitoring_deliveries WHERE recipient_id = $1 AND status = 'pending' AND attempts = 0 FOR UPDATE",
      [input.recipientId],
    );
    if (!open) continue;
    await q.query(
      'INSERT INTO monitoring_delivery_alerts (delivery_id, alert_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [open.id, input.alertId],
    );
    return;
  }
  throw new Error('monitoring: no open delivery for a recipient after 5 tries');
}
