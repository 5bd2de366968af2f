import type { HttpService } from '@core/http/HttpService';
import type { Page, Upload } from './types';

/** GET /gluon-backend/uploads: recent uploads with their inspection status (an uploader's own). */
export async function getUploads(http: HttpService, page = 0, size = 20): Promise<Page<Upload>> {
  return (await http.get<Page<Upload>>('/gluon-backend/uploads', { params: { page, size } })).data;
}
