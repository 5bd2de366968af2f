import type { HttpService } from '@core/http/HttpService';
import type { ProcessRow } from './types';

/** GET /gluon-backend/devices/{id}/processes (gln#pre#r). */
export async function getProcesses(http: HttpService, deviceId: string, search: string): Promise<ProcessRow[]> {
  const params = search.trim() ? { search: search.trim() } : {};
  return (await http.get<ProcessRow[]>(`/gluon-backend/devices/${encodeURIComponent(deviceId)}/processes`, { params })).data;
}
