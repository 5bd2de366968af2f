import { csvDocument } from '@common/csv/csvCell';
import { isoInZone, UTC_ZONE } from '@common/format/zonedTime';

import type { MailAttachment, Queryable } from '../../../contracts';
import type { JobQueue } from '../../../queue';
import type { Alert, AlertStatus } from './alertTypes';
import { queueDelivery } from './deliveryQueue';

const DAY_MS = 24 * 3600_000;

/** Monday 00:00 UTC of the week `now` is in: the weekly summary of the week before is due then. */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: 0 = Sunday, 1 = Monday.
  return new Date(midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS);
}

export const WEEKLY_CSV_HEADER = [
  'severity',
  'category',
  'title',
  'device',
  'family',
  'first seen',
  'last seen',
  'status',
];

/** The weekly summary's attachment: the week's alerts of the rule, one line each (common/csv escapes). */
export function weeklyCsv(
  alerts: readonly (Alert & { status: AlertStatus })[],
  weekOf: Date,
  zone: { offset: number; name: string } = UTC_ZONE,
): MailAttachment {
  return {
    filename: `monitoring-week-${weekOf.toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: csvDocument(
      WEEKLY_CSV_HEADER,
      alerts.map((a) => [
        a.severity,
        a.category,
        a.title,
        a.deviceName ?? '',
        a.familyName ?? '',
        // ISO 8601 in the tenant's zone, the zone named: the reader knows the clock.
        isoInZone(a.firstSeen, zone),
        isoInZone(a.lastSeen, zone),
        a.status,
      ]),
      'always',
    ),
  };
}

/**
 * The weekly summary goes out even in a week without alerts: once Monday 00:00 UTC has passed,
 * each email recipient of an enabled weekly rule (there before that Monday, still subscribed)
 * without a delivery due since then gets an empty one, due that Monday. A recipient whose rule
 * already queued alerts has that delivery instead (the open-delivery index keeps one). Each is
 * queued with its job in the caller's transaction. Returns how many were opened.
 */
export async function openEmptyWeeklySummaries(q: Queryable, queue: JobQueue, now: Date): Promise<number> {
  const monday = weekStart(now);
  const rows = await q.query<{ id: string; tenant_id: string }>(
    `INSERT INTO monitoring_deliveries (tenant_id, rule_id, recipient_id, email, frequency, due_at)
     SELECT r.tenant_id, r.id, c.id, c.email, 'weekly', $1
       FROM monitoring_rules r JOIN monitoring_recipients c ON c.rule_id = r.id
      WHERE r.enabled AND r.frequency = 'weekly' AND c.channel = 'email' AND c.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM monitoring_deliveries d WHERE d.recipient_id = c.id AND d.due_at >= $1)
        AND NOT is_unsubscribed(r.tenant_id, c.email, 'monitoring:' || r.id)
     ON CONFLICT (recipient_id) WHERE status = 'pending' AND attempts = 0 DO NOTHING
     RETURNING id, tenant_id`,
    [monday],
  );
  for (const row of rows) await queueDelivery(queue, q, { id: row.id, tenantId: row.tenant_id, dueAt: monday });
  return rows.length;
}
