import type { Database, Mailer, TokenService } from '../../../contracts';
import { mintUnsubscribeLink } from '../../../services/signedLinks';
import { isUnsubscribed } from '../../notifications/public';
import { composeAlertMail } from './alertMail';
import { ALERT_COLUMNS, type AlertRow, type AlertStatus, toAlert } from './alertTypes';
import { getOverview } from './overview';
import { ruleNotification } from './routeAlerts';
import type { RuleFrequency } from './ruleMatch';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './schedule';
import { sendWebhookDelivery } from './webhookDelivery';
import type { WebhookPolicy } from './webhookTarget';
import { weeklyCsv, weekStart } from './weeklySummary';

/** A delivery claimed this long ago and never finished (its instance died) is claimed again. */
export const DELIVERY_STALE_SECONDS = 300;

export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  ruleId: string | null;
  email: string;
  channel: string;
  recipientId: string | null;
  frequency: RuleFrequency;
  attempts: number;
  claimedBy: string;
}

/**
 * Claims one due delivery (or one whose sender died). `FOR UPDATE SKIP LOCKED`: two instances
 * claiming together get different rows, so each mail is sent by one of them.
 */
export async function claimDelivery(db: Database, workerId: string, now: Date): Promise<ClaimedDelivery | null> {
  const [row] = await db.query<{
    id: string;
    tenant_id: string;
    rule_id: string | null;
    email: string;
    channel: string;
    recipient_id: string | null;
    frequency: RuleFrequency;
    attempts: number;
  }>(
    `UPDATE monitoring_deliveries SET status = 'sending', claimed_by = $1, claimed_at = $2, attempts = attempts + 1
      WHERE id = (SELECT id FROM monitoring_deliveries
                   WHERE (status = 'pending' AND due_at <= $2) OR (status = 'sending' AND claimed_at < $2::timestamptz - make_interval(secs => $3))
                   ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, tenant_id, rule_id, email, channel, recipient_id, frequency, attempts`,
    [workerId, now, DELIVERY_STALE_SECONDS],
  );
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    ruleId: row.rule_id,
    email: row.email,
    channel: row.channel,
    recipientId: row.recipient_id,
    frequency: row.frequency,
    attempts: row.attempts,
    claimedBy: workerId,
  };
}

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * Sends a claimed delivery through the mail path: skipped when the recipient unsubscribed since
 * it was queued (or its rule is gone), retried with backoff when SMTP refuses, failed after
 * MAX_DELIVERY_ATTEMPTS.
 */
export async function sendDelivery(
  deps: { db: Database; mailer: Mailer; tokens: TokenService; publicUrl: string; webhooks?: WebhookPolicy },
  d: ClaimedDelivery,
  now: Date,
): Promise<DeliveryResult> {
  const { db } = deps;
  const [rule] = d.ruleId
    ? await db.query<{ name: string }>('SELECT name FROM monitoring_rules WHERE id = $1', [d.ruleId])
    : [];
  if (d.channel === 'webhook') {
    if (!rule) {
      await finish(db, d, 'skipped', 'The rule was deleted.');
      return 'skipped';
    }
    const alerts = await deliveryAlerts(db, d.id);
    if (alerts.length === 0) {
      await finish(db, d, 'skipped', 'No alerts.');
      return 'skipped';
    }
    const outcome = await sendWebhookDelivery(deps, d, { id: d.ruleId!, name: rule.name }, alerts, now);
    if (outcome.refused || outcome.gone) {
      await finish(db, d, outcome.gone ? 'skipped' : 'failed', outcome.error!);
      return outcome.gone ? 'skipped' : 'failed';
    }
    return outcome.error ? retryOrFail(db, d, now, outcome.error) : markSent(db, d, now);
  }
  const notification = d.ruleId ? ruleNotification(d.ruleId) : '';
  if (!rule || (await isUnsubscribed(db, d.tenantId, d.email, notification))) {
    await finish(db, d, 'skipped', rule ? 'The recipient unsubscribed.' : 'The rule was deleted.');
    return 'skipped';
  }
  const alerts = await deliveryAlerts(db, d.id);
  // The weekly summary is sent without alerts too (it says so, with the fleet's numbers).
  if (alerts.length === 0 && d.frequency !== 'weekly') {
    await finish(db, d, 'skipped', 'No alerts.');
    return 'skipped';
  }
  const { url } = await mintUnsubscribeLink(deps.tokens, deps.publicUrl, {
    tenantId: d.tenantId,
    email: d.email,
    notification,
  });
  const summary = d.frequency === 'weekly' ? await weeklySummary(db, d.tenantId, now) : undefined;
  const message = composeAlertMail({
    to: d.email,
    publicUrl: deps.publicUrl,
    ruleName: rule.name,
    frequency: d.frequency,
    alerts,
    unsubscribeUrl: url,
    ...(summary ? { summary } : {}),
    ...(d.frequency === 'weekly'
      ? { attachments: [weeklyCsv(alerts, new Date(weekStart(now).getTime() - 7 * 86400_000))] }
      : {}),
  });
  const outcome = await deps.mailer.send(d.tenantId, message);
  if (outcome && outcome.error) return retryOrFail(db, d, now, outcome.error);
  return markSent(db, d, now);
}

/** The alerts of a delivery, oldest first, with their status (the weekly CSV lists it). */
async function deliveryAlerts(db: Database, deliveryId: string) {
  return (
    await db.query<AlertRow & { status: AlertStatus }>(
      `SELECT a.id, a.status, ${ALERT_COLUMNS.split(', ')
        .map((c) => `a.${c}`)
        .join(', ')} FROM monitoring_alerts a JOIN monitoring_delivery_alerts da ON da.alert_id = a.id
        WHERE da.delivery_id = $1 ORDER BY a.first_seen, a.id`,
      [deliveryId],
    )
  ).map((row) => ({ ...toAlert(row), status: row.status }));
}

/** A failed attempt (SMTP refused, webhook non-2xx or silent): again later with backoff, or failed after MAX_DELIVERY_ATTEMPTS. */
async function retryOrFail(db: Database, d: ClaimedDelivery, now: Date, error: string): Promise<DeliveryResult> {
  if (d.attempts >= MAX_DELIVERY_ATTEMPTS) {
    await finish(db, d, 'failed', error);
    return 'failed';
  }
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'pending', due_at = $4, last_error = $5, claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3",
    [d.id, d.claimedBy, d.attempts, new Date(now.getTime() + retryDelayMs(d.attempts)), error],
  );
  return 'retry';
}

async function markSent(db: Database, d: ClaimedDelivery, now: Date): Promise<DeliveryResult> {
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'sent', sent_at = $4, last_error = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3",
    [d.id, d.claimedBy, d.attempts, now],
  );
  return 'sent';
}

async function finish(db: Database, d: ClaimedDelivery, status: 'failed' | 'skipped', reason: string): Promise<void> {
  await db.query(
    'UPDATE monitoring_deliveries SET status = $4, last_error = $5 WHERE id = $1 AND claimed_by = $2 AND attempts = $3',
    [d.id, d.claimedBy, d.attempts, status, reason],
  );
}

/** The weekly summary's fleet numbers: the overview's, over the last 7 days. */
async function weeklySummary(db: Database, tenantId: string, now: Date): Promise<string[]> {
  const o = await getOverview(db, tenantId, { now, days: 7, staleDays: 14 });
  const sum = (days: { count: number }[]) => days.reduce((n, d) => n + d.count, 0);
  return [
    `Devices: ${o.devices} (High ${o.risk.high}, Medium ${o.risk.medium}, Low ${o.risk.low}, Secure ${o.risk.secure})`,
    `Incidents in the last 7 days: ${sum(o.incidentsOpened)} opened, ${sum(o.incidentsResolved)} resolved`,
    `Inspections in the last 7 days: ${sum(o.inspections)}`,
    `Devices not inspected for ${o.staleDays} days: ${o.staleDevices}`,
    `Active alerts: ${o.activeAlerts}`,
  ];
}
