import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

export type MacDetail = ApiResponse<'/electron-backend/macs/{id}', 'get'>;
export type MacHeuristic = MacDetail['heuristics'][number];

/** GET /electron-backend/macs/{id}: a Mac's risk, heuristics, incidents and its latest archive's report. */
export function getMac(api: ApiClient, id: string): Promise<MacDetail> {
  return api.get('/electron-backend/macs/{id}', { path: { id }, skipGlobalErrors: [404] });
}
