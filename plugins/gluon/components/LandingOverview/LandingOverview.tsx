import './landingOverview.css';

import { Classes, Tag } from '@blueprintjs/core';

import { count } from '@common/format/count';
import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';

import { ageText } from '../../hooks/ageText';
import { useNow } from '../../hooks/useNow';
import { useOverview } from '../../hooks/useOverview';
import { GluonLink } from '../GluonLink/GluonLink';
import { StatusTag } from '../StatusTag/StatusTag';

const STATE_LABELS = [
  ['open', 'Open'],
  ['confirmed', 'Confirmed'],
  ['benign', 'Benign'],
  ['false_positive', 'False positive'],
] as const;

const ago = (age: string) => (age === 'just now' ? age : `${age} ago`);

/** The landing's header figures: open incidents by severity, incidents by state, the latest inspections. */
export function LandingOverview() {
  const overview = useOverview();
  const formatDate = useDateTimeFormatter();
  const now = useNow();
  const data = overview.data;
  if (overview.error) return <p className={Classes.TEXT_MUTED}>{overview.error}</p>;
  if (!data) return null;
  return (
    <div className="gluon-overview">
      <section aria-labelledby="gluon-severity-title" className="gluon-overview-counts">
        <h3 id="gluon-severity-title" className={Classes.HEADING}>
          Open incidents by severity
        </h3>
        <ul className="gluon-overview-figures" aria-label="Open incidents by severity">
          {data.bySeverity.map((s) => (
            <li key={s.severity} data-testid="severity-count" data-severity={s.severity}>
              <StatusTag status={s.severity} /> <strong>{s.incidents}</strong>
            </li>
          ))}
        </ul>
        <ul className="gluon-overview-figures" aria-label="Incidents by state">
          {STATE_LABELS.map(([state, label]) => (
            <li key={state} data-testid="state-count" data-state={state}>
              <span className={Classes.TEXT_MUTED}>{label}</span> <strong>{data.byState[state]}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="gluon-latest-title" className="gluon-overview-latest">
        <h3 id="gluon-latest-title" className={Classes.HEADING}>
          Latest inspections
        </h3>
        {data.latestInspections.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>No file inspected yet.</p>
        ) : (
          <ul aria-label="Latest inspections">
            {data.latestInspections.map((n) => (
              <li key={n.id} data-testid="latest-inspection">
                {n.deviceId ? (
                  <GluonLink to={gluonPaths.device(n.deviceId)}>
                    {n.deviceDisplayName ?? n.fileName ?? 'Device'}
                  </GluonLink>
                ) : (
                  (n.fileName ?? 'File')
                )}{' '}
                <StatusTag status={n.status} /> {n.status === 'running' && <Tag minimal>{n.progress}%</Tag>}
                <span className={Classes.TEXT_MUTED}>
                  {n.status === 'done'
                    ? ` ${count(n.findings, 'finding')}${n.newFindings ? `, ${n.newFindings} new` : ''} · `
                    : ' '}
                  <span title={formatDate(n.createdAt)}>{ago(ageText(n.createdAt, now))}</span>
                  {n.fileName && n.deviceId ? ` · ${n.fileName}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
