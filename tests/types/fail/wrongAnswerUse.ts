import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<number> {
  const { device } = await api.get('/gluon-backend/devices/{id}', { path: { id: 'd-1' } });
  // @expect-error-line: a device's name is a string
  return device.name;
}
