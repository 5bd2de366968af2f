import { type Database, HttpError, type Queryable, type TokenService } from '../../../contracts';
import type { CreatedWebhook, RuleInput, RuleView } from '../schemas';
import type { AlertCategory, AlertSeverity } from './alertTypes';
import type { RuleFrequency } from './ruleMatch';
import { encryptWebhookSecret, newWebhookSecret } from './webhookSecret';
import { resolveWebhookTarget, type WebhookPolicy } from './webhookTarget';

interface WebhookRow {
  url: string;
  host: string;
}

export const DEFAULT_GROUP_WINDOW_SECONDS = 30;

async function recipientRows(
  q: Queryable,
  tenantId: string,
  recipients: RuleInput['recipients'],
): Promise<{ userId: string | null; email: string }[]> {
  const out = new Map<string, { userId: string | null; email: string }>();
  for (const r of recipients) {
    if ('userId' in r) {
      const [user] = await q.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND tenant_id = $2', [
        r.userId,
        tenantId,
      ]);
      if (!user) throw new HttpError(400, 'A recipient is not a user of this console.');
      out.set(user.email.toLowerCase(), { userId: r.userId, email: user.email.toLowerCase() });
    } else if ('webhookUrl' in r) {
      continue;
    } else {
      const email = r.email.trim().toLowerCase();
      if (!out.has(email)) out.set(email, { userId: null, email });
    }
  }
  return [...out.values()];
}

/** Checks each webhook URL (scheme, resolved addresses) before anything is stored: a clear 400. */
async function webhookRows(
  recipients: RuleInput['recipients'],
  policy: WebhookPolicy | undefined,
): Promise<WebhookRow[]> {
  const out = new Map<string, WebhookRow>();
  for (const r of recipients) {
    if (!('webhookUrl' in r)) continue;
    if (!policy) throw new HttpError(400, 'Webhooks are not available here.');
    const target = await resolveWebhookTarget(r.webhookUrl, policy);
    out.set(target.url.href, { url: target.url.href, host: target.host });
  }
  return [...out.values()];
}

export async function createRule(
  db: Database,
  tenantId: string,
  input: RuleInput,
  actorId: string | null,
): Promise<string> {
  return (await createRuleWithWebhooks(db, tenantId, input, actorId)).id;
}

/**
 * Adds a rule with its recipients. Webhook URLs are checked first (WebhookRefused, 400); each
 * webhook gets a new secret, stored encrypted and returned here once.
 */
export async function createRuleWithWebhooks(
  db: Database,
  tenantId: string,
  input: RuleInput,
  actorId: string | null,
  webhooks?: { policy: WebhookPolicy; tokens: Pick<TokenService, 'digest'> },
): Promise<{ id: string; webhooks: CreatedWebhook[] }> {
  const hooks = await webhookRows(input.recipients, webhooks?.policy);
  return db.tx(async (q) => {
    const recipients = await recipientRows(q, tenantId, input.recipients);
    if (recipients.length === 0 && hooks.length === 0) throw new HttpError(400, 'A rule needs at least one recipient.');
    if (input.groupId) {
      const [group] = await q.query('SELECT 1 FROM monitoring_device_groups WHERE id = $1 AND tenant_id = $2', [
        input.groupId,
        tenantId,
      ]);
      if (!group) throw new HttpError(400, 'The device group does not exist.');
    }
    const [rule] = await q.query<{ id: string }>(
      `INSERT INTO monitoring_rules (tenant_id, name, enabled, min_severity, category, family_id, group_id, frequency, group_window_seconds, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        tenantId,
        input.name.trim(),
        input.enabled ?? true,
        input.minSeverity,
        input.category ?? null,
        input.familyId || null,
        input.groupId ?? null,
        input.frequency,
        input.groupWindowSeconds ?? DEFAULT_GROUP_WINDOW_SECONDS,
        actorId,
      ],
    );
    for (const r of recipients) {
      await q.query('INSERT INTO monitoring_recipients (tenant_id, rule_id, user_id, email) VALUES ($1, $2, $3, $4)', [
        tenantId,
        rule!.id,
        r.userId,
        r.email,
      ]);
    }
    const created: CreatedWebhook[] = [];
    for (const h of hooks) {
      const secret = newWebhookSecret();
      const [row] = await q.query<{ id: string }>(
        "INSERT INTO monitoring_recipients (tenant_id, rule_id, email, channel, webhook_url, webhook_secret) VALUES ($1, $2, $3, 'webhook', $4, $5) RETURNING id",
        [tenantId, rule!.id, h.host, h.url, encryptWebhookSecret(webhooks!.tokens, secret)],
      );
      created.push({ recipientId: row!.id, host: h.host, secret });
    }
    return { id: rule!.id, webhooks: created };
  });
}

/** A rule's selection and timing as stored (monitoring_rules); routing reads the same columns. */
export interface RuleRow {
  enabled: boolean;
  min_severity: AlertSeverity;
  category: AlertCategory | null;
  family_id: string | null;
  group_id: string | null;
  frequency: RuleFrequency;
  group_window_seconds: number;
}

export async function listRules(q: Queryable, tenantId: string): Promise<RuleView[]> {
  const rules = await q.query<RuleRow & { id: string; name: string }>(
    'SELECT id, name, enabled, min_severity, category, family_id, group_id, frequency, group_window_seconds FROM monitoring_rules WHERE tenant_id = $1 ORDER BY name, id',
    [tenantId],
  );
  const recipients = await q.query<{
    id: string;
    rule_id: string;
    user_id: string | null;
    email: string;
    channel: 'email' | 'webhook';
  }>(
    'SELECT id, rule_id, user_id, email, channel FROM monitoring_recipients WHERE tenant_id = $1 ORDER BY channel, email, id',
    [tenantId],
  );
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    minSeverity: r.min_severity,
    category: r.category,
    familyId: r.family_id,
    groupId: r.group_id,
    frequency: r.frequency,
    groupWindowSeconds: r.group_window_seconds,
    recipients: recipients
      .filter((c) => c.rule_id === r.id)
      .map((c) => ({ id: c.id, userId: c.user_id, email: c.email, channel: c.channel })),
  }));
}

/** Deletes a rule of the tenant; false when there is none. Its deliveries stay in the log. */
export async function deleteRule(q: Queryable, tenantId: string, ruleId: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM monitoring_rules WHERE id = $1 AND tenant_id = $2 RETURNING id', [
    ruleId,
    tenantId,
  ]);
  return rows.length > 0;
}
