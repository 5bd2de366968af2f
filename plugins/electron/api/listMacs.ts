import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

export type MacList = ApiResponse<'/electron-backend/macs', 'get'>;
export type MacSummary = MacList['items'][number];
export type Archive = MacList['archives'][number];
export type MacRisk = MacSummary['risk'];

/** GET /electron-backend/macs: the tenant's Macs, riskiest first, and the latest archives. */
export function listMacs(api: ApiClient): Promise<MacList> {
  return api.get('/electron-backend/macs');
}
