import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

export type UploadAnswer = ApiResponse<'/electron-backend/uploads', 'post'>;

/** POST /electron-backend/uploads: one Aftermath archive, sent as bytes with its name in the query. */
export function uploadArchive(api: ApiClient, file: Blob & { name: string }): Promise<UploadAnswer> {
  return api.post('/electron-backend/uploads', {
    query: { name: file.name },
    raw: file,
    headers: { 'Content-Type': 'application/octet-stream' },
  });
}
