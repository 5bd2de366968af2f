import type { ApiClient } from '@core/api/ApiClient';
import type { DownloadService } from '@core/downloads/DownloadService';

import type {
  CollectorInstall,
  CollectorLink,
  CrashRow,
  CreatedLink,
  DeviceDetail,
  DeviceFile,
  DeviceLinkPage,
  DevicePage,
  GluonApi,
  GluonOverview,
  IncidentDetail,
  IncidentOwner,
  IncidentQueuePage,
  IncidentQueueQuery,
  InstallerOs,
  LinkPage,
  LinkQuery,
  NewLink,
  PackagePage,
  ProcessRow,
  PropertyPage,
  ReportFormat,
  TriageChange,
  UploadAnswer,
  UploadFile,
  UploadPage,
} from './GluonApi';

const REPORT_EXTENSIONS: Record<ReportFormat, string> = { json: 'json', csv: 'csv', stix: 'stix2.json' };
const OS_NAMES: Record<InstallerOs, string> = { WIN: 'Windows', MAC: 'macOS' };
/** Used only when the answer names no file (the server sends Content-Disposition). */
const INSTALLER_FALLBACK: Record<InstallerOs, string> = { WIN: 'connector-windows.exe', MAC: 'connector-macos.pkg' };
/** Refusals the collector-links page explains itself, not the global "forbidden" screen. */
const LINK_REFUSALS = [403];
/** Rows of a device's "Links and domains" page. */
export const DEVICE_LINKS_PAGE_SIZE = 50;

/** Only the query values that say something: a blank search or an unset sort is not sent. */
function given<Q extends object>(query: Q): Partial<Q> {
  const params: Partial<Q> = {};
  for (const key of Object.keys(query) as Array<keyof Q>) {
    const value = query[key];
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== undefined && kept !== '') params[key] = kept as Q[keyof Q];
  }
  return params;
}

/**
 * Gluon's calls over the console's typed API client (axios underneath: the upload's progress needs
 * it) and the downloads panel. One method per endpoint, folded into this class rather than one file
 * each: the route, parameters and the statuses a page explains itself are read and tested in one
 * place (DefaultGluonApi.test.ts).
 */
export class DefaultGluonApi implements GluonApi {
  constructor(
    private readonly api: ApiClient,
    private readonly downloads: DownloadService,
  ) {}

  getDevices(query: {
    size: number;
    search: string;
    after?: string | undefined;
    before?: string | undefined;
  }): Promise<DevicePage> {
    return this.api.get('/gluon-backend/devices', { query: given(query) });
  }

  getDevice(deviceId: string): Promise<DeviceDetail> {
    return this.api.get('/gluon-backend/devices/{id}', { path: { id: deviceId }, skipGlobalErrors: [404] });
  }

  async rescanDevice(deviceId: string): Promise<void> {
    await this.api.post('/gluon-backend/devices/{id}/rescan', { path: { id: deviceId } });
  }

  getProcesses(deviceId: string, search: string): Promise<ProcessRow[]> {
    return this.api.get('/gluon-backend/devices/{id}/processes', { path: { id: deviceId }, query: given({ search }) });
  }

  getPackages(deviceId: string, search: string): Promise<PackagePage> {
    return this.api.get('/gluon-backend/devices/{id}/packages', { path: { id: deviceId }, query: given({ search }) });
  }

  getProperties(deviceId: string, search: string): Promise<PropertyPage> {
    return this.api.get('/gluon-backend/devices/{id}/properties', { path: { id: deviceId }, query: given({ search }) });
  }

  getDeviceLinks(deviceId: string, search: string, page: number): Promise<DeviceLinkPage> {
    return this.api.get('/gluon-backend/devices/{id}/links', {
      path: { id: deviceId },
      query: given({ search, page, size: DEVICE_LINKS_PAGE_SIZE }),
    });
  }

  getCrashes(deviceId: string): Promise<CrashRow[]> {
    return this.api.get('/gluon-backend/devices/{id}/crashes', { path: { id: deviceId } });
  }

  async getCrashContent(deviceId: string, crash: Pick<CrashRow, 'inspectionId' | 'path'>): Promise<string> {
    const answer = await this.api.get('/gluon-backend/devices/{id}/crashes/content', {
      path: { id: deviceId },
      query: { inspectionId: crash.inspectionId, path: crash.path },
      skipGlobalErrors: [404, 422],
    });
    return answer.text;
  }

  getDeviceFiles(deviceId: string): Promise<DeviceFile[]> {
    return this.api.get('/gluon-backend/devices/{id}/files', { path: { id: deviceId } });
  }

  downloadFile(file: DeviceFile): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading file',
      message: file.name,
      fileName: file.name,
      request: this.api.requestConfig('get', '/gluon-backend/files/{id}', { path: { id: file.id } }),
    });
  }

  downloadReport(deviceId: string, deviceName: string, format: ReportFormat): Promise<void> {
    const fileName = `gluon-${deviceName.replace(/[^\w.-]+/g, '_')}-findings.${REPORT_EXTENSIONS[format]}`;
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading report',
      message: fileName,
      fileName,
      request: this.api.requestConfig('get', '/gluon-backend/devices/{id}/report', {
        path: { id: deviceId },
        query: { format },
      }),
    });
  }

  getIncidentQueue(query: IncidentQueueQuery): Promise<IncidentQueuePage> {
    return this.api.get('/gluon-backend/incidents', { query: given(query) });
  }

  getOverview(): Promise<GluonOverview> {
    return this.api.get('/gluon-backend/overview');
  }

  getIncident(incidentId: string): Promise<IncidentDetail> {
    return this.api.get('/gluon-backend/incidents/{id}', { path: { id: incidentId }, skipGlobalErrors: [404] });
  }

  triageIncident(incidentId: string, change: TriageChange): Promise<IncidentDetail> {
    return this.api.post('/gluon-backend/incidents/{id}/triage', {
      path: { id: incidentId },
      body: change,
      skipGlobalErrors: [400],
    });
  }

  async getIncidentOwners(): Promise<IncidentOwner[]> {
    return (await this.api.get('/gluon-backend/incidentOwners')).items;
  }

  setIncidentOwner(incidentId: string, userId: string | null): Promise<IncidentDetail> {
    return this.api.put('/gluon-backend/incidents/{id}/owner', {
      path: { id: incidentId },
      body: { userId },
      skipGlobalErrors: [400],
    });
  }

  async markFalsePositive(findingId: string, reason: string): Promise<IncidentDetail> {
    const answer = await this.api.post('/gluon-backend/findings/{id}/falsePositive', {
      path: { id: findingId },
      body: { reason },
      skipGlobalErrors: [400],
    });
    return answer.incident;
  }

  async undoFalsePositive(findingId: string): Promise<IncidentDetail> {
    const answer = await this.api.delete('/gluon-backend/findings/{id}/falsePositive', {
      path: { id: findingId },
      // 409 (not marked, or the whole indicator suppressed) is the page's to show by the finding.
      skipGlobalErrors: [409],
    });
    return answer.incident;
  }

  getUploads(query: { size: number; after?: string | undefined; before?: string | undefined }): Promise<UploadPage> {
    return this.api.get('/gluon-backend/uploads', { query: given(query) });
  }

  upload(
    file: UploadFile,
    onProgress: (loaded: number, total: number) => void,
    signal?: AbortSignal,
    options: { backupPassword?: string } = {},
  ): Promise<UploadAnswer> {
    return this.api.post('/gluon-backend/uploads', {
      query: { name: file.name },
      raw: file,
      headers: {
        'Content-Type': 'application/octet-stream',
        // A header carries ASCII only: the password is percent-encoded UTF-8 (the API decodes it).
        ...(options.backupPassword ? { 'X-Backup-Password': encodeURIComponent(options.backupPassword) } : {}),
      },
      onUploadProgress: (event) => onProgress(event.loaded, event.total ?? file.size),
      // Type, size limit, corrupt archive: shown next to the file, not as the global toast.
      skipGlobalErrors: [400, 403, 413, 415, 422],
      ...(signal ? { signal } : {}),
    });
  }

  getCollectorLinks(query: LinkQuery): Promise<LinkPage> {
    return this.api.get('/gluon-backend/query-api/sharedExtractorLinks', { query: given(query) });
  }

  createCollectorLink(link: NewLink): Promise<CreatedLink> {
    return this.api.post('/gluon-backend/sharedExtractorLinks', { body: link, skipGlobalErrors: LINK_REFUSALS });
  }

  setCollectorLinkActive(linkId: string, active: boolean): Promise<CollectorLink> {
    return this.api.patch('/gluon-backend/sharedExtractorLinks/{id}', {
      path: { id: linkId },
      body: { active },
      skipGlobalErrors: LINK_REFUSALS,
    });
  }

  async getLinkInstalls(linkId: string): Promise<CollectorInstall[]> {
    return (await this.api.get('/gluon-backend/sharedExtractorLinks/{id}/installs', { path: { id: linkId } })).items;
  }

  async createQuickLink(os: InstallerOs): Promise<string> {
    return (
      await this.api.post('/gluon-backend/extractors/quickLink', { body: { os }, skipGlobalErrors: LINK_REFUSALS })
    ).url;
  }

  downloadLinkInstaller(linkId: string, os: InstallerOs): Promise<void> {
    return this.downloads.start({
      type: 'enterprise_installer',
      titleMessage: `Installer for ${OS_NAMES[os]}`,
      request: this.api.requestConfig('get', '/gluon-backend/sharedExtractorLinks/{id}/installerExtractor', {
        path: { id: linkId },
        query: { os },
        skipGlobalErrors: LINK_REFUSALS,
      }),
      fileName: INSTALLER_FALLBACK[os],
    });
  }
}
