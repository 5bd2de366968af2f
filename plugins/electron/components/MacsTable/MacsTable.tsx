import { Classes, HTMLTable } from '@blueprintjs/core';

import { electronPaths } from '@common/electron/paths';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { MacSummary } from '../../api/listMacs';
import { RiskTag } from '../RiskTag/RiskTag';

/** The tenant's Macs, riskiest first (the API's order); cards of "label: value" lines below 600 px, as every product's tables. */
export function MacsTable({ macs }: { macs: MacSummary[] }) {
  if (macs.length === 0)
    return <p className={Classes.TEXT_MUTED}>No Mac yet: upload an Aftermath archive to see one here.</p>;
  return (
    <TableScroll label="Macs">
      <HTMLTable striped className="electron-macs" aria-label="Macs">
        <thead>
          <tr>
            <th>Mac</th>
            <th>Risk</th>
            <th>Serial number</th>
            <th>macOS</th>
            <th>Open incidents</th>
            <th>Heuristics</th>
          </tr>
        </thead>
        <tbody>
          {macs.map((mac) => (
            <tr key={mac.id}>
              <td>
                <AppLink to={electronPaths.mac(mac.id)}>{mac.displayName}</AppLink>
              </td>
              <td>
                <RiskTag risk={mac.risk} />
              </td>
              <td>{mac.serial ?? '—'}</td>
              <td>{mac.osVersion ?? '—'}</td>
              <td>{mac.openIncidents}</td>
              <td>{mac.heuristics}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
