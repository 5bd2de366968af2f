import type { ApiBody } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

import type { MacDetail } from './getMac';

export type HeuristicTriage = ApiBody<'/electron-backend/macs/{id}/heuristics/triage', 'post'>;

/** POST /electron-backend/macs/{id}/heuristics/triage: a heuristic marked benign (with why) or reopened; answers the Mac. */
export function triageHeuristic(api: ApiClient, id: string, body: HeuristicTriage): Promise<MacDetail> {
  return api.post('/electron-backend/macs/{id}/heuristics/triage', { path: { id }, body });
}
