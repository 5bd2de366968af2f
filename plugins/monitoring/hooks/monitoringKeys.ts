import type { AlertQuery } from '../api/MonitoringApi';

/** Monitoring's loader cache keys, general to specific (a mutation invalidates a branch). */
export const monitoringKeys = {
  overview: (days: number) => ['monitoring', 'overview', days] as const,
  alerts: ['monitoring', 'alerts'] as const,
  alertPage: (q: AlertQuery) =>
    [
      'monitoring',
      'alerts',
      q.status ?? '',
      q.severity ?? '',
      q.category ?? '',
      q.search ?? '',
      q.sort ?? '',
      q.dir ?? '',
      q.page ?? 0,
    ] as const,
  rules: ['monitoring', 'rules'] as const,
  families: ['monitoring', 'families'] as const,
  unsubscribed: ['monitoring', 'unsubscribed'] as const,
  deliveries: (page: number) => ['monitoring', 'deliveries', page] as const,
  silences: ['monitoring', 'silences'] as const,
  deviceGroups: ['monitoring', 'device-groups'] as const,
};
