import { gluonPaths } from '@common/gluon/paths';
import { monitoringPaths } from '@common/monitoring/paths';

import type { Database, TokenService } from '../../../contracts';
import type { DeviceRisk } from '../schemas';
import { alertLink } from './alertMail';
import type { Alert } from './alertTypes';
import type { ClaimedDelivery } from './deliveries';
import { listDeviceRisk } from './deviceRisk';
import { postWebhook } from './webhookPost';
import { decryptWebhookSecret, signWebhook } from './webhookSecret';
import { resolveWebhookTarget, type WebhookPolicy, WebhookRefused } from './webhookTarget';

/** Header names of a webhook POST (README: "Webhooks"). */
export const WEBHOOK_HEADERS = {
  timestamp: 'x-monitoring-timestamp',
  signature: 'x-monitoring-signature',
  delivery: 'x-monitoring-delivery',
} as const;

/**
 * At most this many alerts in one POST (a rescan may group thousands into one delivery; chat tools
 * refuse large bodies): `totalAlerts` says how many there were, the console lists them all.
 */
export const WEBHOOK_MAX_ALERTS = 500;

/** The JSON body of a webhook POST: the delivery's alerts and the risk of each device they name. */
export function webhookBody(input: {
  deliveryId: string;
  rule: { id: string; name: string };
  alerts: readonly Alert[];
  devices: readonly DeviceRisk[];
  publicUrl: string;
  now: Date;
}) {
  const risk = new Map(input.devices.map((d) => [d.deviceId, d]));
  const shown = input.alerts.slice(0, WEBHOOK_MAX_ALERTS);
  const named = new Set(shown.flatMap((a) => (a.deviceId ? [a.deviceId] : [])));
  return {
    delivery: input.deliveryId,
    rule: input.rule,
    sentAt: input.now.toISOString(),
    totalAlerts: input.alerts.length,
    alerts: shown.map((a) => ({
      id: a.id,
      severity: a.severity,
      category: a.category,
      title: a.title,
      device: a.deviceId
        ? {
            id: a.deviceId,
            name: a.deviceName,
            displayName: a.deviceDisplayName,
            riskLevel: risk.get(a.deviceId)?.riskLevel ?? null,
          }
        : null,
      family: a.familyId ? { id: a.familyId, name: a.familyName } : null,
      links: {
        console: alertLink(input.publicUrl, a),
        alerts: `${input.publicUrl}${monitoringPaths.alerts()}`,
        ...(a.incidentId ? { incident: `${input.publicUrl}${gluonPaths.incident(a.incidentId)}` } : {}),
        ...(a.deviceId ? { device: `${input.publicUrl}${gluonPaths.device(a.deviceId)}` } : {}),
      },
      firstSeen: a.firstSeen.toISOString(),
      lastSeen: a.lastSeen.toISOString(),
    })),
    // The same shape as GET /monitoring-backend/devices/risk, for the devices named above.
    devices: input.devices.filter((d) => named.has(d.deviceId)),
  };
}

export interface WebhookOutcome {
  error: string | null;
  /** The address is refused (SSRF guard): failed at once, no retry. */
  refused?: boolean;
  /** The webhook recipient was deleted with its rule: skipped. */
  gone?: boolean;
}

/**
 * Sends one webhook delivery: re-checks the URL's resolved address (DNS may have changed since it
 * was saved), signs `<timestamp>.<body>` with the recipient's secret and POSTs it to the checked
 * address. Never logs or returns the secret.
 */
export async function sendWebhookDelivery(
  deps: { db: Database; tokens: Pick<TokenService, 'digest'>; publicUrl: string; webhooks?: WebhookPolicy },
  d: ClaimedDelivery,
  rule: { id: string; name: string },
  alerts: readonly Alert[],
  now: Date,
): Promise<WebhookOutcome> {
  const [recipient] = d.recipientId
    ? await deps.db.query<{ webhook_url: string | null; webhook_secret: string | null }>(
        'SELECT webhook_url, webhook_secret FROM monitoring_recipients WHERE id = $1',
        [d.recipientId],
      )
    : [];
  if (!recipient?.webhook_url || !recipient.webhook_secret) return { error: 'The webhook was removed.', gone: true };
  // Without a policy (a worker built without one) nothing but https to public addresses goes out.
  const policy = deps.webhooks ?? { httpsOnly: true, allow: new Set<string>() };
  let target;
  try {
    target = await resolveWebhookTarget(recipient.webhook_url, policy);
  } catch (error) {
    if (error instanceof WebhookRefused && !error.unresolved) return { error: error.message, refused: true };
    return { error: error instanceof Error ? error.message : 'The webhook host does not resolve.' };
  }
  const deviceIds = new Set(alerts.flatMap((a) => (a.deviceId ? [a.deviceId] : [])));
  const devices = deviceIds.size
    ? (await listDeviceRisk(deps.db, d.tenantId)).filter((r) => deviceIds.has(r.deviceId))
    : [];
  const body = JSON.stringify(webhookBody({ deliveryId: d.id, rule, alerts, devices, publicUrl: deps.publicUrl, now }));
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = signWebhook(decryptWebhookSecret(deps.tokens, recipient.webhook_secret), timestamp, body);
  const answer = await postWebhook(
    target,
    {
      [WEBHOOK_HEADERS.timestamp]: timestamp,
      [WEBHOOK_HEADERS.signature]: signature,
      [WEBHOOK_HEADERS.delivery]: d.id,
    },
    body,
  );
  return { error: answer.error };
}
