import type { DownloadRequest } from '@core/downloads/DownloadService';
import type { DeviceFile, ReportFormat } from './types';

/** GET /gluon-backend/files/{id}: an original file, through the downloads panel (progress in MB). */
export function fileDownload(file: DeviceFile): DownloadRequest {
  return { type: 'file', titleMessage: 'Downloading file', message: file.name, fileName: file.name, request: { method: 'GET', url: `/gluon-backend/files/${encodeURIComponent(file.id)}` } };
}

const EXTENSIONS: Record<ReportFormat, string> = { json: 'json', csv: 'csv', stix: 'stix2.json' };

/** GET /gluon-backend/devices/{id}/report?format=: the device's findings as JSON, CSV or STIX 2.1 sightings. */
export function reportDownload(deviceId: string, deviceName: string, format: ReportFormat): DownloadRequest {
  const fileName = `gluon-${deviceName.replace(/[^\w.-]+/g, '_')}-findings.${EXTENSIONS[format]}`;
  return {
    type: 'file',
    titleMessage: 'Downloading report',
    message: fileName,
    fileName,
    request: { method: 'GET', url: `/gluon-backend/devices/${encodeURIComponent(deviceId)}/report`, params: { format } },
  };
}
