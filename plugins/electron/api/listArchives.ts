import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

export type ArchiveList = ApiResponse<'/electron-backend/uploads', 'get'>;

/** GET /electron-backend/uploads: the latest Aftermath archives with their inspection status. */
export function listArchives(api: ApiClient): Promise<ArchiveList> {
  return api.get('/electron-backend/uploads');
}
