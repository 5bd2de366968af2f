import { pathSegment } from '../navigation/pathSegment';

/**
 * Gluon's console addresses. `gluonRoutes` are the manifest's route patterns (relative to
 * `/gluon` unless they start with `/`); `gluonPaths` build the addresses that open them, for the
 * plugin's own links, other products' links to a device or an incident (they never import gluon),
 * and the API's mails and webhooks. common/paths.test.ts holds the two together.
 */
export const gluonRoutes = {
  home: '',
  upload: 'upload',
  collectorLinks: 'collector-links',
  adminCollectorLinks: '/admin/collector-links',
  device: '/devices/:deviceId',
  incident: '/incident-management/:incidentId',
  // The vendor IdP's return rule (spec §4) puts a path without 'gluon' under /gluon: a Jamf
  // sign-in that began on /devices/2 comes back to /gluon/devices/2, which must open the device.
  deviceUnderGluon: 'devices/:deviceId',
  incidentUnderGluon: 'incident-management/:incidentId',
} as const;

export const gluonPaths = {
  home: (): string => '/gluon',
  upload: (): string => '/gluon/upload',
  collectorLinks: (query = ''): string => `/gluon/collector-links${query ? `?${query}` : ''}`,
  adminCollectorLinks: (): string => '/admin/collector-links',
  /** A device page; `inspectionId` opens one of its inspections. */
  device: (deviceId: string | number, inspectionId?: string): string =>
    `/devices/${pathSegment(deviceId)}${inspectionId === undefined ? '' : `?inspection=${encodeURIComponent(inspectionId)}`}`,
  incident: (incidentId: string | number): string => `/incident-management/${pathSegment(incidentId)}`,
};
