import type { HttpService } from '@core/http/HttpService';
import type { CrashRow } from './types';

/** GET /gluon-backend/devices/{id}/crashes (gln#cre#r). */
export async function getCrashes(http: HttpService, deviceId: string): Promise<CrashRow[]> {
  return (await http.get<CrashRow[]>(`/gluon-backend/devices/${encodeURIComponent(deviceId)}/crashes`)).data;
}
