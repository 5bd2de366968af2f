import { Classes, HTMLTable, ProgressBar } from '@blueprintjs/core';

import { gluonPaths } from '@common/gluon/paths';
import { formatSize } from '@core/locale/formatSize';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { UploadPage } from '../../api/GluonApi';
import { GluonLink } from '../GluonLink/GluonLink';
import { ListPager } from '../ListPager/ListPager';
import { StatusTag } from '../StatusTag/StatusTag';

/** RecentUploadsProps: one page of uploads and its number (0-based); `linkDevices` when the user may open device pages; `onNewer` / `onOlder` null at the ends. */
export interface RecentUploadsProps {
  page: UploadPage;
  index: number;
  linkDevices: boolean;
  onNewer: (() => void) | null;
  onOlder: (() => void) | null;
}

/** Recent uploads and their inspection status; the page polls while one is queued or running. */
export function RecentUploads({ page, index, linkDevices, onNewer, onOlder }: RecentUploadsProps) {
  const formatDate = useDateTimeFormatter();
  if (!page.items.length) return <p className={Classes.TEXT_MUTED}>No upload yet.</p>;
  return (
    <>
      <TableScroll label="Recent uploads">
        <HTMLTable compact striped style={{ width: '100%' }} aria-label="Recent uploads">
          <thead>
            <tr>
              <th>File</th>
              <th>Size</th>
              <th>Uploaded</th>
              <th>Inspection</th>
              <th>Device</th>
              <th>Findings</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((u) => (
              <tr key={u.inspectionId} data-testid="recent-upload" data-status={u.status}>
                <td>{u.fileName}</td>
                <td>{u.size === null ? '' : formatSize(u.size)}</td>
                <td>{formatDate(u.createdAt)}</td>
                <td>
                  <StatusTag status={u.status} />
                  {u.status === 'running' && <ProgressBar value={u.progress / 100} />}
                  {u.error && <div className={Classes.TEXT_MUTED}>{u.error}</div>}
                </td>
                <td>
                  {u.deviceId && linkDevices ? (
                    <GluonLink to={gluonPaths.device(u.deviceId)}>{u.deviceDisplayName ?? ''}</GluonLink>
                  ) : (
                    (u.deviceDisplayName ?? '')
                  )}
                </td>
                <td>{u.status === 'done' ? u.findings : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <ListPager
        page={index}
        size={page.size}
        total={page.total}
        totalCapped={page.totalCapped}
        previous="Newer"
        next="Older"
        onPrevious={onNewer}
        onNext={onOlder}
      />
    </>
  );
}
