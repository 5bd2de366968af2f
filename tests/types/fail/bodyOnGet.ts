import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: a GET takes no body
  await api.get('/gluon-backend/overview', { body: { a: 1 } });
}
