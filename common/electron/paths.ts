import { pathSegment } from '../navigation/pathSegment';

/** Electron's console addresses: the manifest's route patterns (under `/electron`) and the functions that build them. */
export const electronRoutes = { home: '', upload: 'upload', mac: 'devices/:deviceId' } as const;

export const electronPaths = {
  home: (): string => '/electron',
  upload: (): string => '/electron/upload',
  /** A Mac's page (its device id: the same device gluon, neutrino and monitoring name). */
  mac: (deviceId: string): string => `/electron/devices/${pathSegment(deviceId)}`,
};
