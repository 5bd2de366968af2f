import { Classes, HTMLTable } from '@blueprintjs/core';

import { electronPaths } from '@common/electron/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { Archive } from '../../api/listMacs';

function statusText(a: Archive): string {
  if (a.status === 'done') return `Inspected: ${a.findings} findings, ${a.heuristics} heuristics`;
  if (a.status === 'failed') return `Failed: ${a.error ?? 'the archive could not be read'}`;
  if (a.status === 'running') return `Inspecting (${a.progress} %)`;
  return 'Queued';
}

/** Archives with their inspection status, newest first; each read one names its Mac and opens its page. */
export function ArchivesList({ archives }: { archives: Archive[] }) {
  const formatDate = useDateTimeFormatter();
  if (archives.length === 0) return <p className={Classes.TEXT_MUTED}>No archive uploaded yet.</p>;
  return (
    <TableScroll label="Archives">
      <HTMLTable compact className="electron-archives" aria-label="Archives">
        <thead>
          <tr>
            <th>Archive</th>
            <th>Mac</th>
            <th>Status</th>
            <th>Uploaded</th>
          </tr>
        </thead>
        <tbody>
          {archives.map((a) => (
            <tr key={a.inspectionId}>
              <td>{a.fileName}</td>
              <td>
                {/* Until the archive is read there is no Mac to open. */}
                {a.deviceId ? (
                  <AppLink to={electronPaths.mac(a.deviceId)}>{a.deviceName ?? 'The Mac'}</AppLink>
                ) : (
                  (a.deviceName ?? '—')
                )}
              </td>
              <td className="electron-archive-status">{statusText(a)}</td>
              <td>{formatDate(a.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
