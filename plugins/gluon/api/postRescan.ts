import type { HttpService } from '@core/http/HttpService';

/** POST /gluon-backend/devices/{id}/rescan (gln#rsn#r): queued, answered 202. */
export async function postRescan(http: HttpService, deviceId: string): Promise<void> {
  await http.post(`/gluon-backend/devices/${encodeURIComponent(deviceId)}/rescan`);
}
