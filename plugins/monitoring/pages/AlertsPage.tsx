import '../monitoring.css';

import { Button, Callout, Classes, H2, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import { gluonPaths } from '@common/gluon/paths';
import { monitoringPaths } from '@common/monitoring/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { Alert, AlertQuery, AlertStatus } from '../api/MonitoringApi';
import { MonitoringLink } from '../components/MonitoringLink/MonitoringLink';
import { MonitoringNav } from '../components/MonitoringNav/MonitoringNav';
import { useAlerts } from '../hooks/useAlerts';
import { monitoringAccess } from '../monitoringAccess';

const STATUS_OPTIONS: AlertStatus[] = ['active', 'acknowledged', 'resolved', 'ignored'];
/** Words as the rest of the console writes them ("High", as gluon's tags); the API's codes stay the values. */
const STATUS_LABEL: Record<AlertStatus, string> = {
  active: 'Active',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  ignored: 'Ignored',
};
const SEVERITY_LABEL: Record<string, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const CATEGORY_LABELS: Record<Alert['category'], string> = {
  incident: 'Incident',
  finding: 'Finding on a watched device',
  inspection_failed: 'Failed inspection',
  stale: 'Stale device',
  hunt: 'Hunt match',
};
const INTENT = { high: 'danger', medium: 'warning', low: 'primary' } as const;

/** Where an alert leads: its incident, else its device. */
function alertTarget(a: Alert): string | null {
  if (a.incidentId) return gluonPaths.incident(a.incidentId);
  if (a.deviceId) return gluonPaths.device(a.deviceId);
  return null;
}

/** /monitoring/alerts: filter, sort and page on the server; change status; export CSV. */
export default function AlertsPage(_props: PageProps) {
  // Dates in the Options time zone and date format (spec §4), as every page shows them.
  const when = useDateTimeFormatter();
  const { query, filter, setPage, alerts, setStatus, exportCsv } = useAlerts();
  // Silences are part of the rules' configuration: only those who may change them are offered "Mute".
  const mayMute = useAccess(monitoringAccess).configure;
  const data = alerts.data;
  const size = query.size ?? 20;
  const page = query.page ?? 0;
  const last = data ? Math.max(0, Math.ceil(data.total / size) - 1) : 0;
  const choose =
    <K extends keyof AlertQuery>(key: K) =>
    (value: string) =>
      filter({ [key]: value === '' ? undefined : value } as Partial<AlertQuery>);
  return (
    <section className="monitoring-page">
      <H2>Alerts</H2>
      <MonitoringNav current="/monitoring/alerts" />
      <div className="monitoring-filters" role="search">
        <InputGroup
          type="search"
          aria-label="Search alerts"
          placeholder="Search"
          defaultValue={query.search ?? ''}
          onChange={(e) => choose('search')(e.target.value)}
        />
        <HTMLSelect aria-label="Status" value={query.status ?? ''} onChange={(e) => choose('status')(e.target.value)}>
          <option value="">Any status</option>
          {STATUS_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Severity"
          value={query.severity ?? ''}
          onChange={(e) => choose('severity')(e.target.value)}
        >
          <option value="">Any severity</option>
          <option value="high">High</option>
          <option value="medium">Medium</option>
          <option value="low">Low</option>
        </HTMLSelect>
        <HTMLSelect
          aria-label="Category"
          value={query.category ?? ''}
          onChange={(e) => choose('category')(e.target.value)}
        >
          <option value="">Any category</option>
          {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Sort by"
          value={`${query.sort ?? 'lastSeen'}:${query.dir ?? 'desc'}`}
          onChange={(e) => {
            const [sort, dir] = e.target.value.split(':') as [AlertQuery['sort'], AlertQuery['dir']];
            filter({ sort, dir });
          }}
        >
          <option value="lastSeen:desc">Newest first</option>
          <option value="lastSeen:asc">Oldest first</option>
          <option value="severity:desc">Most severe first</option>
          <option value="status:asc">By status</option>
          <option value="device:asc">By device</option>
        </HTMLSelect>
        <Button
          icon={<Download />}
          text="Export CSV"
          loading={exportCsv.pending}
          onClick={() => void exportCsv.run()}
        />
      </div>
      {(alerts.error ?? setStatus.error ?? exportCsv.error) && (
        <Callout intent="danger">{alerts.error ?? setStatus.error ?? exportCsv.error}</Callout>
      )}
      {data && data.items.length === 0 && <p className={Classes.TEXT_MUTED}>No alerts match.</p>}
      {data && data.items.length > 0 && (
        <TableScroll label="Alerts table">
          <HTMLTable compact className="monitoring-table">
            <thead>
              <tr>
                <th scope="col">Severity</th>
                <th scope="col">Alert</th>
                <th scope="col">Device</th>
                <th scope="col">Family</th>
                <th scope="col">First seen</th>
                <th scope="col">Last seen</th>
                <th scope="col">Status</th>
                <th scope="col">Owner</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((a) => {
                const target = alertTarget(a);
                return (
                  <tr key={a.id}>
                    <td>
                      <Tag intent={INTENT[a.severity]} minimal>
                        {SEVERITY_LABEL[a.severity] ?? a.severity}
                      </Tag>
                    </td>
                    <td>
                      {target ? <MonitoringLink to={target}>{a.title}</MonitoringLink> : a.title}
                      <div className={Classes.TEXT_MUTED}>{CATEGORY_LABELS[a.category]}</div>
                    </td>
                    <td>
                      {a.deviceId ? (
                        <MonitoringLink to={gluonPaths.device(a.deviceId)}>{a.deviceDisplayName}</MonitoringLink>
                      ) : (
                        '—'
                      )}
                      {a.deviceId && mayMute && (
                        <div>
                          <MonitoringLink
                            to={monitoringPaths.settings({ muteDevice: a.deviceId })}
                            label={`Mute ${a.deviceDisplayName ?? 'device'}`}
                          >
                            Mute
                          </MonitoringLink>
                        </div>
                      )}
                    </td>
                    <td>{a.familyName ?? '—'}</td>
                    <td>{when(a.firstSeen)}</td>
                    <td>{when(a.lastSeen)}</td>
                    <td>
                      <HTMLSelect
                        className="monitoring-status-select"
                        aria-label={`Status of ${a.title}`}
                        value={a.status}
                        disabled={setStatus.pending}
                        onChange={(e) => void setStatus.run(a.id, e.target.value as AlertStatus)}
                      >
                        {STATUS_OPTIONS.map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABEL[s]}
                          </option>
                        ))}
                      </HTMLSelect>
                      {a.statusBy && a.statusAt && (
                        <div className={Classes.TEXT_MUTED}>{`${a.statusBy}, ${when(a.statusAt)}`}</div>
                      )}
                    </td>
                    {/* The incident's owner (assignee); alerts without an incident have none. */}
                    <td>{a.owner?.email ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {data && data.total > size && (
        <nav aria-label="Pages" className="monitoring-filters">
          <Button text="Previous" disabled={page === 0} onClick={() => setPage(page - 1)} />
          <span>
            Page {page + 1} of {last + 1} ({data.total} alerts)
          </span>
          <Button text="Next" disabled={page >= last} onClick={() => setPage(page + 1)} />
        </nav>
      )}
    </section>
  );
}
