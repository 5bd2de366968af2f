import type { DownloadService } from '@core/downloads/DownloadService';
import type { HttpService } from '@core/http/HttpService';
import type {
  CollectorInstall,
  CollectorLink,
  CrashContent,
  CrashRow,
  CreatedLink,
  DeviceDetail,
  DeviceFile,
  DevicePage,
  FalsePositiveAnswer,
  GluonOverview,
  GluonApi,
  IncidentDetail,
  IncidentQueuePage,
  IncidentQueueQuery,
  InstallerOs,
  LinkInstalls,
  LinkPage,
  LinkQuery,
  NewLink,
  PackagePage,
  ProcessRow,
  PropertyPage,
  QuickLink,
  ReportFormat,
  TriageChange,
  UploadAnswer,
  UploadFile,
  UploadPage,
} from './GluonApi';

const GLUON = '/gluon-backend';
const id = encodeURIComponent;
const REPORT_EXTENSIONS: Record<ReportFormat, string> = { json: 'json', csv: 'csv', stix: 'stix2.json' };
const OS_NAMES: Record<InstallerOs, string> = { WIN: 'Windows', MAC: 'macOS' };
/** Used only when the answer names no file (the server sends Content-Disposition). */
const INSTALLER_FALLBACK: Record<InstallerOs, string> = { WIN: 'connector-windows.exe', MAC: 'connector-macos.pkg' };
/** Refusals the collector-links page explains itself, not the global "forbidden" screen. */
const LINK_REFUSALS = [403];

/** Only the query values that say something: a blank search or an unset sort is not sent. */
function given(query: Record<string, string | number | undefined>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== undefined && kept !== '') params[key] = kept;
  }
  return params;
}

/**
 * Gluon's calls over the console's HTTP service (axios: the upload's progress needs it) and the
 * downloads panel. One method per endpoint, folded into this class rather than one file each: the
 * URL, parameters and the statuses a page explains itself are read and tested in one place
 * (DefaultGluonApi.test.ts).
 */
export class DefaultGluonApi implements GluonApi {
  constructor(
    private readonly http: HttpService,
    private readonly downloads: DownloadService,
  ) {}

  async getDevices(query: { size: number; search: string; after?: string | undefined; before?: string | undefined }): Promise<DevicePage> {
    return (await this.http.get<DevicePage>(`${GLUON}/devices`, { params: given(query) })).data;
  }

  async getDevice(deviceId: string): Promise<DeviceDetail> {
    return (await this.http.get<DeviceDetail>(`${GLUON}/devices/${id(deviceId)}`, { skipGlobalErrors: [404] })).data;
  }

  async rescanDevice(deviceId: string): Promise<void> {
    await this.http.post(`${GLUON}/devices/${id(deviceId)}/rescan`);
  }

  async getProcesses(deviceId: string, search: string): Promise<ProcessRow[]> {
    return (await this.http.get<ProcessRow[]>(`${GLUON}/devices/${id(deviceId)}/processes`, { params: given({ search }) })).data;
  }

  async getPackages(deviceId: string, search: string): Promise<PackagePage> {
    return (await this.http.get<PackagePage>(`${GLUON}/devices/${id(deviceId)}/packages`, { params: given({ search }) })).data;
  }

  async getProperties(deviceId: string, search: string): Promise<PropertyPage> {
    return (await this.http.get<PropertyPage>(`${GLUON}/devices/${id(deviceId)}/properties`, { params: given({ search }) })).data;
  }

  async getCrashes(deviceId: string): Promise<CrashRow[]> {
    return (await this.http.get<CrashRow[]>(`${GLUON}/devices/${id(deviceId)}/crashes`)).data;
  }

  async getCrashContent(deviceId: string, crash: Pick<CrashRow, 'inspectionId' | 'path'>): Promise<string> {
    const response = await this.http.get<CrashContent>(`${GLUON}/devices/${id(deviceId)}/crashes/content`, {
      params: { inspectionId: crash.inspectionId, path: crash.path },
      skipGlobalErrors: [404, 422],
    });
    return response.data.text;
  }

  async getDeviceFiles(deviceId: string): Promise<DeviceFile[]> {
    return (await this.http.get<DeviceFile[]>(`${GLUON}/devices/${id(deviceId)}/files`)).data;
  }

  downloadFile(file: DeviceFile): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading file',
      message: file.name,
      fileName: file.name,
      request: { method: 'GET', url: `${GLUON}/files/${id(file.id)}` },
    });
  }

  downloadReport(deviceId: string, deviceName: string, format: ReportFormat): Promise<void> {
    const fileName = `gluon-${deviceName.replace(/[^\w.-]+/g, '_')}-findings.${REPORT_EXTENSIONS[format]}`;
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading report',
      message: fileName,
      fileName,
      request: { method: 'GET', url: `${GLUON}/devices/${id(deviceId)}/report`, params: { format } },
    });
  }

  async getIncidentQueue(query: IncidentQueueQuery): Promise<IncidentQueuePage> {
    return (await this.http.get<IncidentQueuePage>(`${GLUON}/incidents`, { params: given(query) })).data;
  }

  async getOverview(): Promise<GluonOverview> {
    return (await this.http.get<GluonOverview>(`${GLUON}/overview`)).data;
  }

  async getIncident(incidentId: string): Promise<IncidentDetail> {
    return (await this.http.get<IncidentDetail>(`${GLUON}/incidents/${id(incidentId)}`, { skipGlobalErrors: [404] })).data;
  }

  async triageIncident(incidentId: string, change: TriageChange): Promise<IncidentDetail> {
    return (await this.http.post<IncidentDetail>(`${GLUON}/incidents/${id(incidentId)}/triage`, change, { skipGlobalErrors: [400] })).data;
  }

  async markFalsePositive(findingId: string, reason: string): Promise<IncidentDetail> {
    const response = await this.http.post<FalsePositiveAnswer>(`${GLUON}/findings/${id(findingId)}/falsePositive`, { reason }, { skipGlobalErrors: [400] });
    return response.data.incident;
  }

  async getUploads(query: { size: number; after?: string | undefined; before?: string | undefined }): Promise<UploadPage> {
    return (await this.http.get<UploadPage>(`${GLUON}/uploads`, { params: given(query) })).data;
  }

  async upload(file: UploadFile, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
    const response = await this.http.post<UploadAnswer>(`${GLUON}/uploads`, file, {
      params: { name: file.name },
      headers: { 'Content-Type': 'application/octet-stream' },
      onUploadProgress: (event) => onProgress(event.loaded, event.total ?? file.size),
      // Type, size limit, corrupt archive: shown next to the file, not as the global toast.
      skipGlobalErrors: [400, 403, 413, 415, 422],
      ...(signal ? { signal } : {}),
    });
    return response.data;
  }

  async getCollectorLinks(query: LinkQuery): Promise<LinkPage> {
    return (await this.http.get<LinkPage>(`${GLUON}/query-api/sharedExtractorLinks`, { params: given(query) })).data;
  }

  async createCollectorLink(link: NewLink): Promise<CreatedLink> {
    return (await this.http.post<CreatedLink>(`${GLUON}/sharedExtractorLinks`, link, { skipGlobalErrors: LINK_REFUSALS })).data;
  }

  async setCollectorLinkActive(linkId: string, active: boolean): Promise<CollectorLink> {
    return (await this.http.request<CollectorLink>({ method: 'PATCH', url: `${GLUON}/sharedExtractorLinks/${id(linkId)}`, data: { active }, skipGlobalErrors: LINK_REFUSALS }))
      .data;
  }

  async getLinkInstalls(linkId: string): Promise<CollectorInstall[]> {
    return (await this.http.get<LinkInstalls>(`${GLUON}/sharedExtractorLinks/${id(linkId)}/installs`)).data.items;
  }

  async createQuickLink(os: InstallerOs): Promise<string> {
    return (await this.http.post<QuickLink>(`${GLUON}/extractors/quickLink`, { os }, { skipGlobalErrors: LINK_REFUSALS })).data.url;
  }

  downloadLinkInstaller(linkId: string, os: InstallerOs): Promise<void> {
    return this.downloads.start({
      type: 'enterprise_installer',
      titleMessage: `Installer for ${OS_NAMES[os]}`,
      request: { method: 'GET', url: `${GLUON}/sharedExtractorLinks/${id(linkId)}/installerExtractor?os=${os}`, skipGlobalErrors: LINK_REFUSALS },
      fileName: INSTALLER_FALLBACK[os],
    });
  }
}
