import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: the parameter is {id}, not {deviceId}
  await api.get('/gluon-backend/devices/{id}', { path: { deviceId: 'd-1' } });
}
