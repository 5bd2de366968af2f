import { isoInZone } from '@common/format/zonedTime';
import { gluonPaths } from '@common/gluon/paths';
import { monitoringPaths } from '@common/monitoring/paths';

import type { MailAttachment, MailMessage } from '../../../contracts';
import { escapeHtml } from '../../../services/escapeHtml';
import type { Alert } from './alertTypes';
import type { RuleFrequency } from './ruleMatch';

/** The console page behind an alert: its incident, else its device, else the alert list. */
export function alertLink(publicUrl: string, alert: Pick<Alert, 'incidentId' | 'deviceId'>): string {
  if (alert.incidentId) return `${publicUrl}${gluonPaths.incident(alert.incidentId)}`;
  if (alert.deviceId) return `${publicUrl}${gluonPaths.device(alert.deviceId)}`;
  return `${publicUrl}${monitoringPaths.alerts()}`;
}

/** The weekly summary of a week in which the rule selected nothing. */
export const NO_ALERTS = 'No alerts this week.';

const HEADINGS: Record<RuleFrequency, string> = {
  immediate: 'Monitoring alert',
  daily: 'Monitoring daily digest',
  weekly: 'Monitoring weekly summary',
};

/**
 * One notification mail, plain text and HTML: what happened (each alert with its severity,
 * device and link), the rule that sent it, and the recipient's own unsubscribe link.
 */
export function composeAlertMail(input: {
  to: string;
  publicUrl: string;
  ruleName: string;
  frequency: RuleFrequency;
  alerts: readonly Alert[];
  unsubscribeUrl: string;
  /** The weekly summary's fleet numbers (the overview's), one line each. */
  summary?: readonly string[];
  attachments?: readonly MailAttachment[];
  /** The tenant's time zone, which the mail names its times in (UTC when left out). */
  zone?: { offset: number; name: string };
}): MailMessage {
  const { alerts } = input;
  const first = alerts[0];
  const subject =
    input.frequency === 'immediate' && first
      ? alerts.length === 1
        ? `[Monitoring] ${first.title}`
        : `[Monitoring] ${alerts.length} alerts: ${first.title} and ${alerts.length - 1} more`
      : `[Monitoring] ${HEADINGS[input.frequency].replace('Monitoring ', '')}: ${alerts.length === 0 ? 'no alerts' : `${alerts.length} alert${alerts.length === 1 ? '' : 's'}`}`;
  const lines = alerts.map((a) => ({ a, url: alertLink(input.publicUrl, a) }));
  const text = [
    `${HEADINGS[input.frequency]} (rule "${input.ruleName}")`,
    '',
    ...(input.summary?.length ? [...input.summary, `Overview: ${input.publicUrl}/monitoring`, ''] : []),
    ...(alerts.length === 0 ? [NO_ALERTS] : []),
    ...lines.flatMap(({ a, url }) => [
      `- [${a.severity.toUpperCase()}] ${a.title}`,
      `  Seen ${isoInZone(a.firstSeen, input.zone)}. Open: ${url}`,
    ]),
    '',
    `All alerts: ${input.publicUrl}/monitoring/alerts`,
    '',
    `You receive this because you are a recipient of the monitoring rule "${input.ruleName}".`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    `<h2>${escapeHtml(HEADINGS[input.frequency])}</h2>`,
    `<p>Rule "${escapeHtml(input.ruleName)}"</p>`,
    ...(input.summary?.length
      ? [
          `<ul>${input.summary.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
          `<p><a href="${escapeHtml(`${input.publicUrl}/monitoring`)}">Overview</a></p>`,
        ]
      : []),
    ...(alerts.length === 0 ? [`<p>${escapeHtml(NO_ALERTS)}</p>`] : []),
    '<ul>',
    ...lines.map(
      ({ a, url }) =>
        `<li><strong>${escapeHtml(a.severity.toUpperCase())}</strong> <a href="${escapeHtml(url)}">${escapeHtml(a.title)}</a> (seen ${escapeHtml(isoInZone(a.firstSeen, input.zone))})</li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(`${input.publicUrl}/monitoring/alerts`)}">All alerts</a></p>`,
    `<p style="color:#5f6b7c;font-size:12px">You receive this because you are a recipient of the monitoring rule "${escapeHtml(input.ruleName)}". <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`,
  ].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
}
