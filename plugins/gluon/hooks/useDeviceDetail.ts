import { useCallback, useState } from 'react';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { reportDownload } from '../api/downloadRequests';
import { getDevice } from '../api/getDevice';
import { postRescan } from '../api/postRescan';
import type { DeviceDetail, ReportFormat } from '../api/types';
import { errorMessage } from './errorMessage';
import { pageLoadError } from './pageLoadError';

const POLL_MS = 2000;
/** After "Rescan", poll this long for the rescan inspection to appear. */
const RESCAN_WATCH_MS = 20_000;

const busy = (detail: DeviceDetail | null) => !!detail?.inspections.some((n) => n.status === 'queued' || n.status === 'running');

/**
 * The device page's data: detail (polled while an inspection runs or a rescan is awaited), rescan,
 * reports. `allowed`: the token may read reports; without it nothing is loaded.
 */
export function useDeviceDetail(deviceId: string, allowed: boolean) {
  const http = useService(HttpServiceToken);
  const downloads = useService(DownloadServiceToken);
  const [watchUntil, setWatchUntil] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const detail = useLoader(allowed ? deviceId : null, () => getDevice(http, deviceId), { describe: pageLoadError('Device not found'), refreshMs: (data) => (busy(data) || Date.now() < watchUntil ? POLL_MS : 0) });
  const { reload } = detail;
  const rescan = useCallback(async () => {
    setMessage(null);
    try {
      await postRescan(http, deviceId);
      setWatchUntil(Date.now() + RESCAN_WATCH_MS);
      setMessage('Rescan queued: stored observations are matched against the enabled rule sets.');
      reload();
    } catch (error) {
      setMessage(errorMessage(error));
    }
  }, [http, deviceId, reload]);
  const report = useCallback(
    (format: ReportFormat) => {
      const name = detail.data?.device.name ?? deviceId;
      void downloads.start(reportDownload(deviceId, name, format)).catch(() => undefined);
    },
    [downloads, deviceId, detail.data],
  );
  return { detail, rescan, report, message };
}
