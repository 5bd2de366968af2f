import '../monitoring.css';

import { Callout, Classes, H2, H3, HTMLTable, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';

import { gluonPaths } from '@common/gluon/paths';
import { monitoringPaths } from '@common/monitoring/paths';
import type { PageProps } from '@core/plugin/PluginManifest';

import type { DayCount, Overview, RiskLevel } from '../api/MonitoringApi';
import { ChartCanvas } from '../components/ChartCanvas/ChartCanvas';
import { MonitoringLink } from '../components/MonitoringLink/MonitoringLink';
import { MonitoringNav } from '../components/MonitoringNav/MonitoringNav';
import { useOverview } from '../hooks/useOverview';
import { dayLabel, dayTicks, fillDays, RANGE_DAYS, rangeEnd } from '../logic/chartScale';

const RISK: { level: RiskLevel; label: string; color: string; to: string }[] = [
  { level: 'secure', label: 'Secure', color: '#238551', to: gluonPaths.home() },
  { level: 'low', label: 'Low', color: '#2d72d2', to: monitoringPaths.alerts({ severity: 'low', status: 'active' }) },
  {
    level: 'medium',
    label: 'Medium',
    color: '#c87619',
    to: monitoringPaths.alerts({ severity: 'medium', status: 'active' }),
  },
  {
    level: 'high',
    label: 'High',
    color: '#cd4246',
    to: monitoringPaths.alerts({ severity: 'high', status: 'active' }),
  },
];

const INCIDENT_AXES = { x: 'Day (UTC)', y: 'Incidents' } as const;
const INSPECTION_AXES = { x: 'Day (UTC)', y: 'Count' } as const;

const total = (days: DayCount[]) => days.reduce((n, d) => n + d.count, 0);

/** /monitoring: the fleet at a glance; every number links to the list behind it. */
export default function MonitoringPage(_props: PageProps) {
  const { days, setDays, overview, allowed } = useOverview();
  const o = overview.data;
  return (
    <section className="monitoring-page">
      <H2>Monitoring</H2>
      <MonitoringNav current="/monitoring" />
      <SegmentedControl
        aria-label="Period"
        small
        value={String(days)}
        onValueChange={(v) => setDays(RANGE_DAYS.find((d) => String(d) === v) ?? 30)}
        options={RANGE_DAYS.map((d) => ({ label: `Last ${d} days`, value: String(d) }))}
      />
      {overview.error && <Callout intent="danger">{overview.error}</Callout>}
      {!allowed && (
        <Callout intent="warning">
          Your permissions do not include the monitoring overview or alerts (monitoring access).
        </Callout>
      )}
      {allowed && !o && !overview.error && <Spinner size={24} aria-label="Loading" />}
      {o && <OverviewBody o={o} />}
    </section>
  );
}

/** The per-day series over the whole range the answer is for, with the labels and ticks of its x axis. */
export function dayChart(o: Overview) {
  const end = rangeEnd(o.incidentsOpened);
  const fill = (points: DayCount[]) => fillDays(points, o.days, end);
  const opened = fill(o.incidentsOpened);
  return {
    labels: opened.map((d) => dayLabel(d.day)),
    ticks: dayTicks(o.days),
    opened: opened.map((d) => d.count),
    resolved: fill(o.incidentsResolved).map((d) => d.count),
    inspections: fill(o.inspections).map((d) => d.count),
    matchedAgain: fill(o.matchedAgain).map((d) => d.count),
  };
}

function OverviewBody({ o }: { o: Overview }) {
  const opened = total(o.incidentsOpened);
  const resolved = total(o.incidentsResolved);
  const inspected = total(o.inspections);
  const matchedAgain = total(o.matchedAgain);
  const chart = useMemo(() => dayChart(o), [o]);
  return (
    <div className="monitoring-grid">
      <article className="monitoring-card" aria-labelledby="mnt-risk">
        <H3 id="mnt-risk">Devices by risk level</H3>
        <ChartCanvas
          type="doughnut"
          labels={RISK.map((r) => r.label)}
          series={[
            { label: 'Devices', data: RISK.map((r) => o.risk[r.level]), color: RISK.map((r) => r.color).join(',') },
          ]}
          summary={`${o.devices} devices: ${RISK.map((r) => `${o.risk[r.level]} ${r.label}`).join(', ')}`}
        />
        <HTMLTable compact className="monitoring-table">
          <thead>
            <tr>
              <th scope="col">Risk level</th>
              <th scope="col">Devices</th>
            </tr>
          </thead>
          <tbody>
            {RISK.map((r) => (
              <tr key={r.level}>
                <th scope="row">{r.label}</th>
                <td>
                  <MonitoringLink to={r.to} label={`${o.risk[r.level]} ${r.label} devices`}>
                    {o.risk[r.level]}
                  </MonitoringLink>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </article>
      <article className="monitoring-card" aria-labelledby="mnt-incidents">
        <H3 id="mnt-incidents">Incidents opened and resolved</H3>
        <ChartCanvas
          type="line"
          labels={chart.labels}
          ticks={chart.ticks}
          axes={INCIDENT_AXES}
          series={[
            { label: 'Opened', data: chart.opened, color: '#cd4246' },
            { label: 'Resolved', data: chart.resolved, color: '#238551' },
          ]}
          summary={`In the last ${o.days} days ${opened} incidents opened and ${resolved} resolved`}
        />
        <p>
          <MonitoringLink to={monitoringPaths.alerts({ category: 'incident' })}>{opened} opened</MonitoringLink>,{' '}
          {resolved} resolved in the last {o.days} days.
        </p>
      </article>
      <article className="monitoring-card" aria-labelledby="mnt-inspections">
        <H3 id="mnt-inspections">Inspections per day</H3>
        <ChartCanvas
          type="bar"
          labels={chart.labels}
          ticks={chart.ticks}
          axes={INSPECTION_AXES}
          series={[
            { label: 'Inspections', data: chart.inspections, color: '#2d72d2' },
            { label: 'Matched again', data: chart.matchedAgain, color: '#8f99a8' },
          ]}
          summary={`${inspected} inspections and ${matchedAgain} matchings again in the last ${o.days} days`}
        />
        <p>
          <MonitoringLink to={gluonPaths.home()}>{inspected} inspections</MonitoringLink> (files read) in the last{' '}
          {o.days} days.
        </p>
        {/* A rule-set change re-matches every device: counted as an inspection it made 2 uploads read as 8. */}
        <p className={Classes.TEXT_MUTED}>
          {matchedAgain} matchings again (stored observations matched after a rule-set change, a suppression or a
          Rescan; no file read).
        </p>
      </article>
      <article className="monitoring-card" aria-labelledby="mnt-families">
        <H3 id="mnt-families">Top families</H3>
        {o.topFamilies.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>No open incidents.</p>
        ) : (
          <HTMLTable compact className="monitoring-table">
            <thead>
              <tr>
                <th scope="col">Family</th>
                <th scope="col">Devices</th>
              </tr>
            </thead>
            <tbody>
              {o.topFamilies.map((f) => (
                <tr key={f.familyId}>
                  <th scope="row">{f.familyName}</th>
                  <td>
                    <MonitoringLink
                      to={monitoringPaths.alerts({ search: f.familyName })}
                      label={`${f.devices} devices with ${f.familyName}`}
                    >
                      {f.devices}
                    </MonitoringLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </article>
      <article className="monitoring-card" aria-labelledby="mnt-stale">
        <H3 id="mnt-stale">Attention</H3>
        <p>
          <MonitoringLink to={monitoringPaths.alerts({ category: 'stale' })}>{o.staleDevices} devices</MonitoringLink>{' '}
          not inspected for {o.staleDays} days.
        </p>
        <p>
          <MonitoringLink to={monitoringPaths.alerts({ status: 'active' })}>
            {o.activeAlerts} active alerts
          </MonitoringLink>
          .
        </p>
      </article>
    </div>
  );
}
