import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: a path the API does not serve
  await api.get('/gluon-backend/device/{id}', { path: { id: 'd-1' } });
}
