import '../monitoring.css';

import { Button, Callout, Classes, H2, H3, HTMLTable } from '@blueprintjs/core';
import { Trash } from '@blueprintjs/icons';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { DeviceGroup, Family, Rule } from '../api/MonitoringApi';
import { DeviceGroupsCard } from '../components/DeviceGroupsCard/DeviceGroupsCard';
import { MonitoringNav } from '../components/MonitoringNav/MonitoringNav';
import { CATEGORY_LABELS, RuleForm } from '../components/RuleForm/RuleForm';
import { SilencesCard } from '../components/SilencesCard/SilencesCard';
import { useMonitoringSettings } from '../hooks/useMonitoringSettings';
import { useSilencesAndGroups } from '../hooks/useSilencesAndGroups';

const FREQUENCY = { immediate: 'At once', daily: 'Daily digest', weekly: 'Weekly summary' } as const;
/**
 * What a rule selects, as the list says it: "high and above, Incidents, family DarkSword, group
 * Executives". A family or group the page cannot name (not in the lists) is named by its id.
 */
export function ruleSelection(
  r: Pick<Rule, 'minSeverity' | 'category' | 'familyId' | 'groupId'>,
  families: readonly Family[],
  groups: readonly DeviceGroup[] | null,
): string {
  const family = r.familyId && (families.find((f) => f.id === r.familyId)?.name ?? r.familyId);
  const group = r.groupId && (groups?.find((g) => g.id === r.groupId)?.name ?? 'a device group');
  return [
    `${r.minSeverity} and above`,
    r.category ? CATEGORY_LABELS[r.category] : null,
    family ? `family ${family}` : null,
    group ? `group ${group}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** /monitoring/settings (mnt#cfg#rw or the monitoring admin): rules, unsubscribed recipients, the delivery log. */
export default function SettingsPage(_props: PageProps) {
  // Dates in the Options time zone and date format (spec §4), as every page shows them.
  const format = useDateTimeFormatter();
  const when = (iso: string | null) => (iso ? format(iso) : '—');
  const s = useMonitoringSettings();
  const m = useSilencesAndGroups();
  // The alerts list's "Mute" opens this page on the silence form for that device.
  const muteDevice = new URLSearchParams(useService(NavigationServiceToken).search()).get('muteDevice');
  const error =
    s.rules.error ??
    s.families.error ??
    s.unsubscribed.error ??
    s.deliveries.error ??
    s.deleteRule.error ??
    s.resubscribe.error ??
    m.silences.error ??
    m.groups.error ??
    m.deleteSilence.error ??
    m.deleteGroup.error;
  return (
    <section className="monitoring-page">
      <H2>Monitoring settings</H2>
      <MonitoringNav current="/monitoring/settings" />
      {error && <Callout intent="danger">{error}</Callout>}
      <div className="monitoring-grid">
        <article className="monitoring-card" aria-labelledby="mnt-rules">
          <H3 id="mnt-rules">Rules</H3>
          {s.rules.data?.length === 0 && (
            <p className={Classes.TEXT_MUTED}>No rules yet: nobody is told about alerts.</p>
          )}
          {s.rules.data && s.rules.data.length > 0 && (
            <ul className="monitoring-list">
              {s.rules.data.map((r) => (
                <li key={r.id}>
                  <strong>{r.name}</strong>: {ruleSelection(r, s.families.data ?? [], m.groups.data ?? null)} →{' '}
                  {r.recipients.map((c) => (c.channel === 'webhook' ? `webhook ${c.email}` : c.email)).join(', ')},{' '}
                  {FREQUENCY[r.frequency]}{' '}
                  <Button
                    size="small"
                    variant="minimal"
                    icon={<Trash />}
                    aria-label={`Delete rule ${r.name}`}
                    onClick={() => void s.deleteRule.run(r.id)}
                  />
                </li>
              ))}
            </ul>
          )}
          <RuleForm
            onCreate={s.createRule.run}
            families={s.families.data ?? []}
            groups={m.admin ? (m.groups.data ?? []) : null}
          />
        </article>
        <article className="monitoring-card" aria-labelledby="mnt-unsubscribed">
          <H3 id="mnt-unsubscribed">Unsubscribed recipients</H3>
          {s.unsubscribed.data?.length === 0 && <p className={Classes.TEXT_MUTED}>Nobody has unsubscribed.</p>}
          {s.unsubscribed.data && s.unsubscribed.data.length > 0 && (
            <ul className="monitoring-list">
              {s.unsubscribed.data.map((u) => (
                <li key={`${u.email}-${u.ruleId ?? 'all'}`}>
                  {u.email}: {u.ruleName ? `rule "${u.ruleName}"` : 'all notifications'} since {when(u.at)}{' '}
                  <Button
                    size="small"
                    text="Subscribe again"
                    onClick={() => void s.resubscribe.run(u.email, u.ruleId)}
                  />
                </li>
              ))}
            </ul>
          )}
        </article>
        {s.rules.data && m.silences.data && (
          <SilencesCard
            rules={s.rules.data}
            silences={m.silences.data}
            muteDevice={muteDevice}
            onCreate={m.createSilence.run}
            onDelete={(id) => void m.deleteSilence.run(id)}
          />
        )}
        {m.admin && m.groups.data && (
          <DeviceGroupsCard
            groups={m.groups.data}
            onCreate={m.createGroup.run}
            onDelete={(id) => void m.deleteGroup.run(id)}
          />
        )}
      </div>
      <H3>Delivery log</H3>
      {s.deliveries.data?.items.length === 0 && <p className={Classes.TEXT_MUTED}>Nothing sent yet.</p>}
      {s.deliveries.data && s.deliveries.data.items.length > 0 && (
        <TableScroll label="Delivery log table">
          <HTMLTable compact className="monitoring-table">
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Rule</th>
                <th scope="col">Alerts</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {s.deliveries.data.items.map((d) => (
                <tr key={d.id}>
                  <td>{d.channel === 'webhook' ? `webhook ${d.email}` : d.email}</td>
                  <td>{d.ruleName ?? '—'}</td>
                  <td>{d.alerts}</td>
                  <td>{d.attempts > 1 ? `${d.status} (${d.attempts} attempts)` : d.status}</td>
                  <td>{when(d.sentAt)}</td>
                  <td>{d.lastError ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {s.deliveries.data && s.deliveries.data.total > 20 && (
        <nav aria-label="Delivery log pages" className="monitoring-filters">
          <Button
            text="Previous"
            disabled={s.deliveryPage === 0}
            onClick={() => s.setDeliveryPage(s.deliveryPage - 1)}
          />
          <Button
            text="Next"
            disabled={(s.deliveryPage + 1) * 20 >= s.deliveries.data.total}
            onClick={() => s.setDeliveryPage(s.deliveryPage + 1)}
          />
        </nav>
      )}
    </section>
  );
}
