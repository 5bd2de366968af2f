import { type Alert, ALERT_SEVERITIES, type AlertCategory, type AlertSeverity } from './alertTypes';

export const RULE_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type RuleFrequency = (typeof RULE_FREQUENCIES)[number];

export interface Rule {
  id: string;
  enabled: boolean;
  minSeverity: AlertSeverity;
  category: AlertCategory | null;
  familyId: string | null;
  groupId: string | null;
  frequency: RuleFrequency;
  groupWindowSeconds: number;
}

export interface Silence {
  ruleId: string | null;
  deviceId: string | null;
  startsAt: Date;
  endsAt: Date;
}

export interface MatchContext {
  /** The device groups of the alert's device. */
  deviceGroups: ReadonlySet<string>;
  silences: readonly Silence[];
  now: Date;
}

export function severityRank(s: AlertSeverity): number {
  return ALERT_SEVERITIES.indexOf(s);
}

/** Whether the rule selects the alert (severity at least, category, family, device group). */
export function ruleSelects(
  rule: Rule,
  alert: Pick<Alert, 'severity' | 'category' | 'familyId' | 'deviceId'>,
  deviceGroups: ReadonlySet<string>,
): boolean {
  if (!rule.enabled) return false;
  if (severityRank(alert.severity) < severityRank(rule.minSeverity)) return false;
  if (rule.category && rule.category !== alert.category) return false;
  if (rule.familyId && rule.familyId !== alert.familyId) return false;
  if (rule.groupId && !deviceGroups.has(rule.groupId)) return false;
  return true;
}

/** A silence in force now that mutes this rule, or the alert's device (for every rule). */
export function isSilenced(
  rule: Pick<Rule, 'id'>,
  alert: Pick<Alert, 'deviceId'>,
  silences: readonly Silence[],
  now: Date,
): boolean {
  return silences.some(
    (s) =>
      s.startsAt <= now &&
      now < s.endsAt &&
      (s.ruleId === null || s.ruleId === rule.id) &&
      (s.deviceId === null || s.deviceId === alert.deviceId) &&
      (s.ruleId !== null || s.deviceId !== null),
  );
}

export function ruleMatches(
  rule: Rule,
  alert: Pick<Alert, 'severity' | 'category' | 'familyId' | 'deviceId'>,
  ctx: MatchContext,
): boolean {
  return ruleSelects(rule, alert, ctx.deviceGroups) && !isSilenced(rule, alert, ctx.silences, ctx.now);
}
