import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { type AlertQuery, type AlertStatus, MonitoringApiToken } from '../api/MonitoringApi';
import { alertQueryFromSearch } from './alertQueryFromSearch';
import { monitoringKeys } from './monitoringKeys';

/** The alert list: filter, sort and page on the server (starting from the link's filter), status changes, CSV export. */
export function useAlerts() {
  const api = useService(MonitoringApiToken);
  const navigation = useService(NavigationServiceToken);
  const [query, setQuery] = useState<AlertQuery>(() => alertQueryFromSearch(navigation.search()));
  const alerts = useLoader(monitoringKeys.alertPage(query), () => api.getAlerts(query), { describe: errorText });
  const setStatus = useMutation((alertId: string, status: AlertStatus) => api.setAlertStatus(alertId, status), {
    describe: errorText,
    invalidates: [monitoringKeys.alerts],
  });
  const exportCsv = useMutation(() => api.exportAlerts(query), { describe: errorText });
  /** A new filter or sort starts again at the first page. */
  const filter = (change: Partial<AlertQuery>) => setQuery((q) => ({ ...q, ...change, page: 0 }));
  const setPage = (page: number) => setQuery((q) => ({ ...q, page }));
  return { query, filter, setPage, alerts, setStatus, exportCsv };
}
