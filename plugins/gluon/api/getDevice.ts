import type { HttpService } from '@core/http/HttpService';
import type { DeviceDetail } from './types';

/** GET /gluon-backend/devices/{id}: the device, its inspections over time and its incidents. */
export async function getDevice(http: HttpService, deviceId: string): Promise<DeviceDetail> {
  return (await http.get<DeviceDetail>(`/gluon-backend/devices/${encodeURIComponent(deviceId)}`, { skipGlobalErrors: [404] })).data;
}
