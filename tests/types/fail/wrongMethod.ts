import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: GET only, no POST on the overview
  await api.post('/gluon-backend/overview');
}
