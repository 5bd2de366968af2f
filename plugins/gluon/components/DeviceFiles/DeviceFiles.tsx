import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import { errorText } from '@core/http/errorText';
import { formatSize } from '@core/locale/formatSize';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';

/** DeviceFilesProps: the device whose original files are listed. */
export interface DeviceFilesProps {
  deviceId: string;
}

/** The files inspected for the device; Download goes through the downloads panel (gln#fl). */
export function DeviceFiles({ deviceId }: DeviceFilesProps) {
  const api = useService(GluonApiToken);
  const formatDate = useDateTimeFormatter();
  const files = useLoader(gluonKeys.files(deviceId), () => api.getDeviceFiles(deviceId), { describe: errorText });
  if (files.error) return <p className={Classes.TEXT_MUTED}>{files.error}</p>;
  if (!files.data) return null;
  if (!files.data.length) return <p className={Classes.TEXT_MUTED}>No file.</p>;
  return (
    <TableScroll label="Files">
      <HTMLTable compact striped style={{ width: '100%' }} aria-label="Files" data-testid="device-files">
        <thead>
          <tr>
            <th>File</th>
            <th>Size</th>
            <th>SHA-256</th>
            <th>Uploaded</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {files.data.map((f) => (
            <tr key={f.id}>
              <td>{f.name}</td>
              <td>{formatSize(f.size)}</td>
              <td>
                <code title={f.sha256}>{f.sha256.slice(0, 16)}…</code>
              </td>
              <td>{formatDate(f.uploadedAt)}</td>
              <td>
                <Button
                  size="small"
                  icon={<Download />}
                  text="Download"
                  onClick={() => void api.downloadFile(f).catch(() => undefined)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
