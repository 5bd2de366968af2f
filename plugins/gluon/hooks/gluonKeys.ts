import type { IncidentQueueQuery, LinkQuery } from '../api/GluonApi';

/**
 * Gluon's loader cache keys, general to specific, so a mutation invalidates a whole branch:
 * `gluonKeys.device(id)` reaches the device's detail, processes, crashes and files.
 */
export const gluonKeys = {
  devices: ['gluon', 'devices'] as const,
  devicePage: (search: string, position: string) => ['gluon', 'devices', search, position] as const,
  device: (deviceId: string) => ['gluon', 'device', deviceId] as const,
  deviceDetail: (deviceId: string) => ['gluon', 'device', deviceId, 'detail'] as const,
  processes: (deviceId: string, search: string) => ['gluon', 'device', deviceId, 'processes', search] as const,
  packages: (deviceId: string, search: string) => ['gluon', 'device', deviceId, 'packages', search] as const,
  properties: (deviceId: string, search: string) => ['gluon', 'device', deviceId, 'properties', search] as const,
  deviceLinks: (deviceId: string, search: string, page: number) =>
    ['gluon', 'device', deviceId, 'links', search, page] as const,
  crashes: (deviceId: string) => ['gluon', 'device', deviceId, 'crashes'] as const,
  crashContent: (deviceId: string, inspectionId: string, path: string) =>
    ['gluon', 'device', deviceId, 'crash', inspectionId, path] as const,
  files: (deviceId: string) => ['gluon', 'device', deviceId, 'files'] as const,
  incident: (incidentId: string) => ['gluon', 'incident', incidentId] as const,
  // The landing's queue and counts sit under 'incidents': a triage elsewhere invalidates them with gluonKeys.incidents.
  incidents: ['gluon', 'incidents'] as const,
  incidentQueue: (q: IncidentQueueQuery) =>
    [
      'gluon',
      'incidents',
      'queue',
      q.sort ?? '',
      q.order ?? '',
      q.state ?? '',
      q.search ?? '',
      q.owner ?? '',
      q.after ?? '',
    ] as const,
  incidentOwners: ['gluon', 'incident-owners'] as const,
  overview: ['gluon', 'incidents', 'overview'] as const,
  uploads: ['gluon', 'uploads'] as const,
  uploadPage: (position: string) => ['gluon', 'uploads', position] as const,
  links: ['gluon', 'collector-links'] as const,
  linkPage: (query: LinkQuery) =>
    [
      'gluon',
      'collector-links',
      'list',
      query.page ?? 0,
      query.filter ?? '',
      query.sort ?? '',
      query.order ?? '',
    ] as const,
  linkInstalls: (linkId: string) => ['gluon', 'collector-links', 'installs', linkId] as const,
};
