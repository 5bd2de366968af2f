import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { useAccess } from '@core/permissions/useAccess';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { MonitoringApiToken } from '../api/MonitoringApi';
import type { RangeDays } from '../logic/chartScale';
import { monitoringAccess } from '../monitoringAccess';
import { monitoringKeys } from './monitoringKeys';

/** The overview's numbers for the last 7, 30 or 90 days (nothing asked without monitoring access). */
export function useOverview() {
  const api = useService(MonitoringApiToken);
  const [days, setDays] = useState<RangeDays>(30);
  // A mnt# permission without monitoring access opens the product but not its numbers (spec §6).
  const allowed = useAccess(monitoringAccess).view;
  const overview = useLoader(allowed ? monitoringKeys.overview(days) : null, () => api.getOverview(days), {
    describe: errorText,
  });
  return { days, setDays, overview, allowed };
}
