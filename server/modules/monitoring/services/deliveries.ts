import type { Database, Mailer, TokenService } from '../../../contracts';
import { mintUnsubscribeLink } from '../../../services/signedLinks';
import { tenantTimeZone } from '../../../services/tenants';
import { isUnsubscribed } from '../../notifications/public';
import { composeAlertMail } from './alertMail';
import { ALERT_COLUMNS, type AlertRow, type AlertStatus, toAlert } from './alertTypes';
import { getOverview } from './overview';
import { ruleNotification } from './routeAlerts';
import type { RuleFrequency } from './ruleMatch';
import { sendWebhookDelivery } from './webhookDelivery';
import type { WebhookPolicy } from './webhookTarget';
import { weeklyCsv, weekStart } from './weeklySummary';

/** A claimed delivery: the row as its job found it (the job's attempt number is the row's attempts). */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  ruleId: string | null;
  email: string;
  channel: string;
  recipientId: string | null;
  frequency: RuleFrequency;
  attempts: number;
  /** The queue job sending it: a late answer of an earlier attempt cannot overwrite a later one's. */
  claimedBy: string;
}

/**
 * Marks a delivery as being sent by this attempt of its queue job (the job queue gives each job to
 * one instance). From then on new alerts open a new delivery instead of joining this one. Null when
 * it was sent or skipped already (a job retried from Administration after all).
 */
export async function claimDelivery(
  db: Database,
  deliveryId: string,
  job: { id: string; attempts: number },
  now: Date,
): Promise<ClaimedDelivery | null> {
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
    `UPDATE monitoring_deliveries SET status = 'sending', claimed_by = $2, claimed_at = $3, attempts = $4
      WHERE id = $1 AND status IN ('pending', 'sending', 'failed')
      RETURNING id, tenant_id, rule_id, email, channel, recipient_id, frequency, attempts`,
    [deliveryId, job.id, now, job.attempts],
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
    claimedBy: job.id,
  };
}

/** How one attempt ended: sent, skipped (nothing to send any more), or an error, permanent or worth a retry. */
export type DeliveryOutcome = { result: 'sent' | 'skipped' } | { result: 'error'; error: string; permanent: boolean };

/**
 * Sends a claimed delivery through the mail path or its webhook: skipped when the recipient
 * unsubscribed since it was queued (or its rule is gone); an SMTP refusal or a webhook's failed
 * answer is an error the job queue retries with backoff (the row says "pending" with its error
 * meanwhile); an address the SSRF guard refuses is a permanent error.
 */
export async function sendDelivery(
  deps: { db: Database; mailer: Mailer; tokens: TokenService; publicUrl: string; webhooks?: WebhookPolicy },
  d: ClaimedDelivery,
  now: Date,
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const [rule] = d.ruleId
    ? await db.query<{ name: string }>('SELECT name FROM monitoring_rules WHERE id = $1', [d.ruleId])
    : [];
  if (d.channel === 'webhook') {
    if (!rule) return skip(db, d, 'The rule was deleted.');
    const alerts = await deliveryAlerts(db, d.id);
    if (alerts.length === 0) return skip(db, d, 'No alerts.');
    const outcome = await sendWebhookDelivery(deps, d, { id: d.ruleId!, name: rule.name }, alerts, now);
    if (outcome.gone) return skip(db, d, outcome.error!);
    if (outcome.refused) return { result: 'error', error: outcome.error!, permanent: true };
    return outcome.error ? retryLater(db, d, outcome.error) : markSent(db, d, now);
  }
  const notification = d.ruleId ? ruleNotification(d.ruleId) : '';
  if (!rule || (await isUnsubscribed(db, d.tenantId, d.email, notification)))
    return skip(db, d, rule ? 'The recipient unsubscribed.' : 'The rule was deleted.');
  const alerts = await deliveryAlerts(db, d.id);
  // The weekly summary is sent without alerts too (it says so, with the fleet's numbers).
  if (alerts.length === 0 && d.frequency !== 'weekly') return skip(db, d, 'No alerts.');
  const { url } = await mintUnsubscribeLink(deps.tokens, deps.publicUrl, {
    tenantId: d.tenantId,
    email: d.email,
    notification,
  });
  const summary = d.frequency === 'weekly' ? await weeklySummary(db, d.tenantId, now) : undefined;
  const zone = await tenantTimeZone(db, d.tenantId);
  const message = composeAlertMail({
    zone,
    to: d.email,
    publicUrl: deps.publicUrl,
    ruleName: rule.name,
    frequency: d.frequency,
    alerts,
    unsubscribeUrl: url,
    ...(summary ? { summary } : {}),
    ...(d.frequency === 'weekly'
      ? { attachments: [weeklyCsv(alerts, new Date(weekStart(now).getTime() - 7 * 86400_000), zone)] }
      : {}),
  });
  const outcome = await deps.mailer.send(d.tenantId, message);
  if (outcome && outcome.error) return retryLater(db, d, outcome.error);
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

/** A failed attempt (SMTP refused, webhook non-2xx or silent): the row waits again, with its error, for the queue's retry. */
async function retryLater(db: Database, d: ClaimedDelivery, error: string): Promise<DeliveryOutcome> {
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'pending', last_error = $4, claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3",
    [d.id, d.claimedBy, d.attempts, error],
  );
  return { result: 'error', error, permanent: false };
}

async function markSent(db: Database, d: ClaimedDelivery, now: Date): Promise<DeliveryOutcome> {
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'sent', sent_at = $4, last_error = NULL WHERE id = $1 AND claimed_by = $2 AND attempts = $3",
    [d.id, d.claimedBy, d.attempts, now],
  );
  return { result: 'sent' };
}

async function skip(db: Database, d: ClaimedDelivery, reason: string): Promise<DeliveryOutcome> {
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'skipped', last_error = $4 WHERE id = $1 AND claimed_by = $2 AND attempts = $3",
    [d.id, d.claimedBy, d.attempts, reason],
  );
  return { result: 'skipped' };
}

/** The delivery's job ended failed (its last attempt, a refused address, a dead worker): so does the row, with the error. */
export async function markDeliveryFailed(db: Database, deliveryId: string, error: string): Promise<void> {
  await db.query(
    "UPDATE monitoring_deliveries SET status = 'failed', last_error = $2, claimed_by = NULL WHERE id = $1 AND status IN ('pending', 'sending')",
    [deliveryId, error],
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
