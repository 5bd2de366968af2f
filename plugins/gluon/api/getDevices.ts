import type { HttpService } from '@core/http/HttpService';
import type { Device, Page } from './types';

/** GET /gluon-backend/devices: one page, searched on the server. */
export async function getDevices(http: HttpService, query: { page: number; size: number; search: string }): Promise<Page<Device>> {
  const params = { page: query.page, size: query.size, ...(query.search.trim() ? { search: query.search.trim() } : {}) };
  return (await http.get<Page<Device>>('/gluon-backend/devices', { params })).data;
}
