import { queryString } from '../navigation/pathSegment';

/** Monitoring's console addresses: the manifest's route patterns (under `/monitoring`) and the functions that build them. */
export const monitoringRoutes = {
  home: '',
  alerts: 'alerts',
  settings: 'settings',
} as const;

/** The alert list's filters, as its query string carries them. */
export interface AlertsQuery {
  severity?: string;
  status?: string;
  category?: string;
  search?: string;
}

export const monitoringPaths = {
  home: (): string => '/monitoring',
  alerts: (query: AlertsQuery = {}): string => `/monitoring/alerts${queryString({ ...query })}`,
  /** Settings; `muteDevice` opens the silence form for that device. */
  settings: (query: { muteDevice?: string } = {}): string => `/monitoring/settings${queryString(query)}`,
};
