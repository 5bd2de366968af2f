import type { DownloadService } from '@core/downloads/DownloadService';
import { auditParams } from './getAuditEvents';
import type { AuditFilter } from './types';

/** GET /um/auditEvents/export: the filtered log as CSV, through the downloads panel. */
export function downloadAuditCsv(downloads: DownloadService, filter: AuditFilter): Promise<void> {
  return downloads.start({
    type: 'file',
    titleMessage: 'Audit log (CSV)',
    request: { method: 'GET', url: '/um/auditEvents/export', params: auditParams(filter) },
    fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  });
}
