import type { HttpService } from '@core/http/HttpService';
import type { Upload } from './types';

/**
 * POST /gluon-backend/uploads?name=: one file as application/octet-stream, with upload progress.
 * Errors (type, size limit, corrupt archive) come back to the caller, shown next to the file.
 */
export async function postUpload(
  http: HttpService,
  file: Blob & { name: string },
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ upload: Upload; duplicate: boolean }> {
  const response = await http.post<{ upload: Upload; duplicate: boolean }>('/gluon-backend/uploads', file, {
    params: { name: file.name },
    headers: { 'Content-Type': 'application/octet-stream' },
    onUploadProgress: (event) => onProgress(event.loaded, event.total ?? file.size),
    skipGlobalErrors: [400, 403, 413, 415, 422],
    ...(signal ? { signal } : {}),
  });
  return response.data;
}
