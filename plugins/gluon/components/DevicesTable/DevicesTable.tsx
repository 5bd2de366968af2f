import { Classes, HTMLTable } from '@blueprintjs/core';

import { appleModelName } from '@common/devices/appleModels';
import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { Device } from '../../api/GluonApi';
import { GluonLink } from '../GluonLink/GluonLink';
import { StatusTag } from '../StatusTag/StatusTag';

/** DevicesTableProps: one page of devices as the server answered it. */
export interface DevicesTableProps {
  devices: readonly Device[];
  /** Whether a search narrowed the list: an empty answer then means "no match", else "nothing inspected yet". */
  searched: boolean;
}

/** A device without a platform was read from iPhone diagnostics (the API sets it only for Android). */
const PLATFORM_NAMES = { ios: 'iOS', android: 'Android', macos: 'macOS' } as const;

/** Devices with platform, model, OS version, last inspection, open incidents and severity; the name opens the device page. */
export function DevicesTable({ devices, searched }: DevicesTableProps) {
  const formatDate = useDateTimeFormatter();
  if (!devices.length) {
    return (
      <p className={Classes.TEXT_MUTED}>
        {searched
          ? 'No device matches.'
          : 'No device inspected yet: devices appear here once their files are uploaded.'}
      </p>
    );
  }
  return (
    <TableScroll label="Devices">
      <HTMLTable compact striped interactive style={{ width: '100%' }} aria-label="Devices">
        <thead>
          <tr>
            <th>Device</th>
            <th>Platform</th>
            <th>Model</th>
            <th>OS version</th>
            <th>Last inspection</th>
            <th>Open incidents</th>
            <th>Severity</th>
          </tr>
        </thead>
        <tbody>
          {devices.map((d) => (
            <tr key={d.id} data-testid="device-row">
              <td>
                <GluonLink to={gluonPaths.device(d.id)}>{d.displayName}</GluonLink>
              </td>
              <td data-testid="device-platform">{PLATFORM_NAMES[d.platform ?? 'ios']}</td>
              <td>
                {appleModelName(d.modelCode) ?? d.modelCode ?? ''}
                {appleModelName(d.modelCode) && (
                  <>
                    {' '}
                    <code className={Classes.TEXT_MUTED}>{d.modelCode}</code>
                  </>
                )}
              </td>
              <td>{d.osVersion ?? ''}</td>
              <td>{d.lastInspectionAt ? formatDate(d.lastInspectionAt) : ''}</td>
              <td>{d.openIncidents}</td>
              <td>
                <StatusTag status={d.severity} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
