import { Classes, HTMLTable, ProgressBar } from '@blueprintjs/core';

import { count } from '@common/format/count';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useVersionFormatter } from '@core/locale/useVersionFormatter';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { Inspection } from '../../api/GluonApi';
import { StatusTag } from '../StatusTag/StatusTag';

/** InspectionsTableProps: the device's inspections, newest first. */
export interface InspectionsTableProps {
  inspections: readonly Inspection[];
}

const ORIGINS: Record<string, string> = {
  upload: 'Upload',
  collector: 'Collector',
  rescan: 'Rescan',
  rematch: 'Matched again',
};

/** Inspections over time: what was read, with which rule-set versions, what it found, and heuristics. */
export function InspectionsTable({ inspections }: InspectionsTableProps) {
  const formatDate = useDateTimeFormatter();
  const formatVersion = useVersionFormatter();
  if (!inspections.length) return <p className={Classes.TEXT_MUTED}>No inspection yet.</p>;
  return (
    <TableScroll label="Inspections">
      <HTMLTable compact striped style={{ width: '100%' }} aria-label="Inspections">
        <thead>
          <tr>
            <th>Date</th>
            <th>Origin</th>
            <th>File</th>
            <th>Status</th>
            <th>Rule sets</th>
            <th>Findings (new)</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {inspections.map((n) => (
            <tr key={n.id} data-testid="inspection-row" data-origin={n.origin}>
              <td>{formatDate(n.createdAt)}</td>
              <td>{ORIGINS[n.origin] ?? n.origin}</td>
              <td>{n.fileName ?? ''}</td>
              <td>
                <StatusTag status={n.status} />
                {n.status === 'running' && <ProgressBar value={n.progress / 100} />}
                {n.error && <div className={Classes.TEXT_MUTED}>{n.error}</div>}
              </td>
              <td>{n.ruleSetVersions.map((v) => `${v.name} ${formatVersion(v.version)}`).join(', ')}</td>
              <td>
                {n.findings} ({n.newFindings})
              </td>
              <td>
                {n.heuristics.map((h, i) => (
                  <div key={i}>{h.message}</div>
                ))}
                {n.warnings.length > 0 && (
                  <div className={Classes.TEXT_MUTED}>
                    {count(n.warnings.length, 'warning')}: {n.warnings.slice(0, 3).join('; ')}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
