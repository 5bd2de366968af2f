import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: {id} is required
  await api.get('/gluon-backend/devices/{id}');
}
