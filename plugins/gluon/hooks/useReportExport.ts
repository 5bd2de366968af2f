import { useCallback, useState } from 'react';

import { readCallFailure } from '@core/http/callFailure';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { GluonApiToken, type ReportFormat } from '../api/GluonApi';

export const REPORT_LABELS: Record<ReportFormat, string> = {
  json: 'JSON report',
  csv: 'CSV report',
  stix: 'STIX sightings',
};

/** One export's state, shown next to the buttons: preparing (the server builds it), saved, or failed with why. */
export type ReportExportState = { format: ReportFormat; phase: 'preparing' | 'done' | 'failed'; line: string } | null;

/**
 * A device's report exports (JSON, CSV, STIX 2.1 sightings), each shown from the click to its end:
 * "Preparing…" in place while the server builds the file and the downloads panel counts its bytes,
 * then saved or failed in place and as a toast. A second click on a running export is ignored.
 */
export function useReportExport(deviceId: string, deviceName: string) {
  const api = useService(GluonApiToken);
  const toasts = useService(ToastServiceToken);
  const [state, setState] = useState<ReportExportState>(null);
  const running = state?.phase === 'preparing';
  const start = useCallback(
    async (format: ReportFormat) => {
      if (running) return;
      const label = REPORT_LABELS[format];
      setState({ format, phase: 'preparing', line: `Preparing the ${label} of ${deviceName}…` });
      try {
        await api.downloadReport(deviceId, deviceName, format);
        const line = `${label} of ${deviceName} saved to your downloads.`;
        setState({ format, phase: 'done', line });
        toasts.success('Report exported', line);
      } catch (failure) {
        const { status, message } = await readCallFailure(failure);
        // A 4xx says what is wrong; a 5xx or no answer says nothing the user can act on.
        const why = message && status > 0 && status < 500 ? message : 'Try again.';
        const line = `The ${label} could not be exported. ${why}`;
        setState({ format, phase: 'failed', line });
        toasts.error('Report not exported', line);
      }
    },
    [api, toasts, deviceId, deviceName, running],
  );
  return { state, running, start };
}
