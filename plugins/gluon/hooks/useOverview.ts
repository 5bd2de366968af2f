import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { GluonApiToken, type GluonOverview } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';

/** While an inspection on the landing is queued or running, it is asked again this often. */
export const OVERVIEW_REFRESH_MS = 3000;

const running = (overview: GluonOverview | null) =>
  overview?.latestInspections.some((n) => n.status === 'queued' || n.status === 'running') ?? false;

/** The landing's counts and latest inspections; follows inspections still running to their end. */
export function useOverview() {
  const api = useService(GluonApiToken);
  return useLoader(gluonKeys.overview, () => api.getOverview(), {
    describe: errorText,
    refreshMs: (data) => (running(data) ? OVERVIEW_REFRESH_MS : 0),
  });
}
