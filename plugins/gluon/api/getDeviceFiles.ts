import type { HttpService } from '@core/http/HttpService';
import type { DeviceFile } from './types';

/** GET /gluon-backend/devices/{id}/files (gln#fl#r|rw or admin). */
export async function getDeviceFiles(http: HttpService, deviceId: string): Promise<DeviceFile[]> {
  return (await http.get<DeviceFile[]>(`/gluon-backend/devices/${encodeURIComponent(deviceId)}/files`)).data;
}
