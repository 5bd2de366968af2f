import type { ApiBody, ApiQuery, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

// Every shape below is named from the generated API document (common/api/openapi.gen.ts), never
// typed by hand: a schema change on the server reaches each page through these aliases.

export type DevicePage = ApiResponse<'/gluon-backend/devices', 'get'>;
export type Device = DevicePage['items'][number];
export type DeviceDetail = ApiResponse<'/gluon-backend/devices/{id}', 'get'>;
export type Inspection = DeviceDetail['inspections'][number];
export type IncidentSummary = DeviceDetail['incidents'][number];
export type IncidentState = IncidentSummary['state'];
export type IncidentDetail = ApiResponse<'/gluon-backend/incidents/{id}', 'get'>;
export type Evidence = IncidentDetail['evidence'][number];
export type TimelineEvent = IncidentDetail['timeline'][number];
export type TriageChange = ApiBody<'/gluon-backend/incidents/{id}/triage', 'post'>;
export type IncidentOwner = ApiResponse<'/gluon-backend/incidentOwners', 'get'>['items'][number];
export type FalsePositiveAnswer = ApiResponse<'/gluon-backend/findings/{id}/falsePositive', 'post'>;
export type ProcessRow = ApiResponse<'/gluon-backend/devices/{id}/processes', 'get'>[number];
export type CrashRow = ApiResponse<'/gluon-backend/devices/{id}/crashes', 'get'>[number];
export type CrashContent = ApiResponse<'/gluon-backend/devices/{id}/crashes/content', 'get'>;
export type DeviceFile = ApiResponse<'/gluon-backend/devices/{id}/files', 'get'>[number];
export type PackagePage = ApiResponse<'/gluon-backend/devices/{id}/packages', 'get'>;
export type AndroidPackage = PackagePage['items'][number];
export type PropertyPage = ApiResponse<'/gluon-backend/devices/{id}/properties', 'get'>;
export type DeviceProperty = PropertyPage['items'][number];
export type DeviceLinkPage = ApiResponse<'/gluon-backend/devices/{id}/links', 'get'>;
export type DeviceLink = DeviceLinkPage['items'][number];
export type Heuristic = Inspection['heuristics'][number];
export type RescanJob = NonNullable<DeviceDetail['lastRescan']>;
export type ReportFormat = NonNullable<ApiQuery<'/gluon-backend/devices/{id}/report', 'get'>['format']>;
export type UploadPage = ApiResponse<'/gluon-backend/uploads', 'get'>;
export type Upload = UploadPage['items'][number];
export type UploadAnswer = ApiResponse<'/gluon-backend/uploads', 'post'>;
export type IncidentQueueQuery = ApiQuery<'/gluon-backend/incidents', 'get'>;
export type IncidentQueuePage = ApiResponse<'/gluon-backend/incidents', 'get'>;
export type QueueSort = NonNullable<IncidentQueueQuery['sort']>;
export type QueueState = NonNullable<IncidentQueueQuery['state']>;
export type GluonOverview = ApiResponse<'/gluon-backend/overview', 'get'>;
export type LatestInspection = GluonOverview['latestInspections'][number];

export type LinkQuery = ApiQuery<'/gluon-backend/query-api/sharedExtractorLinks', 'get'>;
export type LinkPage = ApiResponse<'/gluon-backend/query-api/sharedExtractorLinks', 'get'>;
export type CollectorLink = LinkPage['items'][number];
export type LinkStatus = CollectorLink['status'];
export type LinkSort = NonNullable<LinkQuery['sort']>;
export type NewLink = ApiBody<'/gluon-backend/sharedExtractorLinks', 'post'>;
export type CreatedLink = ApiResponse<'/gluon-backend/sharedExtractorLinks', 'post'>;
export type LinkInstalls = ApiResponse<'/gluon-backend/sharedExtractorLinks/{id}/installs', 'get'>;
export type CollectorInstall = LinkInstalls['items'][number];
export type QuickLink = ApiResponse<'/gluon-backend/extractors/quickLink', 'post'>;
/** The installer platforms the API serves (quick links and installer downloads). */
export type InstallerOs = QuickLink['os'];

/** A file picked or dropped for upload: the browser's File, or any Blob with a name (tests). */
export type UploadFile = Blob & { name: string };

/**
 * Gluon's calls (devices, incidents, uploads, collector links), one method each. Pages and hooks
 * take it with `useService(GluonApiToken)`; tests register a fake under the token. Errors are the
 * HTTP service's (read them with core/http/callFailure).
 */
export interface GluonApi {
  /** One page of devices, searched on the server (a blank search is not sent). */
  /** One page of devices: the first, or the one `after` / `before` a cursor of an earlier answer. */
  getDevices(query: {
    size: number;
    search: string;
    after?: string | undefined;
    before?: string | undefined;
  }): Promise<DevicePage>;
  /** The device, its inspections over time and its incidents (404 is the page's to explain). */
  getDevice(deviceId: string): Promise<DeviceDetail>;
  /** Queues a rescan of the device's stored observations (gln#rsn#r). */
  rescanDevice(deviceId: string): Promise<void>;
  /** Every process seen on the device (gln#pre#r); a blank search is not sent. */
  getProcesses(deviceId: string, search: string): Promise<ProcessRow[]>;
  /** An Android device's packages from its latest acquisition, sideloaded first; a blank search is not sent. */
  getPackages(deviceId: string, search: string): Promise<PackagePage>;
  /** An Android device's system properties and settings from its latest acquisition; a blank search is not sent. */
  getProperties(deviceId: string, search: string): Promise<PropertyPage>;
  /** Links and domains seen on the device, flagged first; `page` from 0. */
  getDeviceLinks(deviceId: string, search: string, page: number): Promise<DeviceLinkPage>;
  /** The device's crash reports (gln#cre#r). */
  getCrashes(deviceId: string): Promise<CrashRow[]>;
  /** One crash report's text. */
  getCrashContent(deviceId: string, crash: Pick<CrashRow, 'inspectionId' | 'path'>): Promise<string>;
  /** The original files inspected for the device (gln#fl). */
  getDeviceFiles(deviceId: string): Promise<DeviceFile[]>;
  /** Saves an original file through the downloads panel (progress in MB); rejects when it fails. */
  downloadFile(file: DeviceFile): Promise<void>;
  /** Saves the device's findings as JSON, CSV or STIX 2.1 sightings through the downloads panel. */
  downloadReport(deviceId: string, deviceName: string, format: ReportFormat): Promise<void>;

  /** Incidents across devices, filtered and sorted on the server; `after` is the previous page's `next` (empty values are not sent). */
  getIncidentQueue(query: IncidentQueueQuery): Promise<IncidentQueuePage>;
  /** The landing's counts (by severity and state) and latest inspections. */
  getOverview(): Promise<GluonOverview>;

  /** An incident with its evidence and timeline (404 is the page's to explain). */
  getIncident(incidentId: string): Promise<IncidentDetail>;
  /** New state and comment; answers the incident. */
  triageIncident(incidentId: string, change: TriageChange): Promise<IncidentDetail>;
  /** The tenant's users an incident can be given to (those who may triage). */
  getIncidentOwners(): Promise<IncidentOwner[]>;
  /** Gives the incident to a user, or to nobody (null); answers the incident. */
  setIncidentOwner(incidentId: string, userId: string | null): Promise<IncidentDetail>;
  /** Suppresses the finding's indicator for the value seen; answers the incident. */
  markFalsePositive(findingId: string, reason: string): Promise<IncidentDetail>;
  /** Lifts that suppression (for every device, as the rules screen's undo); answers the incident. */
  undoFalsePositive(findingId: string): Promise<IncidentDetail>;

  /** Recent uploads with their inspection status (an uploader's own). */
  /** One page of uploads: the first (newest), or the one `after` / `before` a cursor of an earlier answer. */
  getUploads(query: { size: number; after?: string | undefined; before?: string | undefined }): Promise<UploadPage>;
  /**
   * One file as raw bytes with upload progress; refusals (type, size, corrupt archive) reject with
   * the API's reason. `backupPassword` (an encrypted iPhone backup's) travels in a header, once.
   */
  upload(
    file: UploadFile,
    onProgress: (loaded: number, total: number) => void,
    signal?: AbortSignal,
    options?: { backupPassword?: string },
  ): Promise<UploadAnswer>;

  /** One page of the tenant's collector links, filtered and sorted on the server (empty values are not sent). */
  getCollectorLinks(query: LinkQuery): Promise<LinkPage>;
  /** A new link; its URL is answered once (only its hash is stored). */
  createCollectorLink(link: NewLink): Promise<CreatedLink>;
  /** Disables or enables a link. */
  setCollectorLinkActive(linkId: string, active: boolean): Promise<CollectorLink>;
  /** Who installed through a link, newest first. */
  getLinkInstalls(linkId: string): Promise<CollectorInstall[]>;
  /** A one-OS quick link (signed, 7 days) that skips the details form; answers its URL. */
  createQuickLink(os: InstallerOs): Promise<string>;
  /**
   * A link's installer by its id, through the downloads panel ('enterprise installer'): registers
   * no install and uses none of the limit. Rejects with the failed call (its body a Blob).
   */
  downloadLinkInstaller(linkId: string, os: InstallerOs): Promise<void>;
}

/** Provided by plugins/gluon/services/gluonServices.ts, loaded with gluon's pages. */
export const GluonApiToken = createServiceToken<GluonApi>('gluon.api');
