import { useCallback, useState } from 'react';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { GluonApiToken, type DeviceDetail, type ReportFormat } from '../api/GluonApi';
import { errorMessage } from './errorMessage';
import { gluonKeys } from './gluonKeys';
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
  const api = useService(GluonApiToken);
  const [watchUntil, setWatchUntil] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const detail = useLoader(allowed ? gluonKeys.deviceDetail(deviceId) : null, () => api.getDevice(deviceId), {
    describe: pageLoadError('Device not found'),
    refreshMs: (data) => (busy(data) || Date.now() < watchUntil ? POLL_MS : 0),
  });
  const rescanning = useMutation(() => api.rescanDevice(deviceId), {
    describe: errorMessage,
    onSuccess: () => {
      setWatchUntil(Date.now() + RESCAN_WATCH_MS);
      setNotice('Rescan queued: stored observations are matched against the enabled rule sets.');
    },
    invalidates: [gluonKeys.deviceDetail(deviceId)],
  });
  const { run } = rescanning;
  const rescan = useCallback(async () => {
    setNotice(null);
    await run();
  }, [run]);
  const name = detail.data?.device.name ?? deviceId;
  const report = useCallback((format: ReportFormat) => void api.downloadReport(deviceId, name, format).catch(() => undefined), [api, deviceId, name]);
  return { detail, rescan, report, message: rescanning.error ?? notice };
}
