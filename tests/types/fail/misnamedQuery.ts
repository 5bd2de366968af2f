import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: the devices list takes `search`, not `q`
  await api.get('/gluon-backend/devices', { query: { q: 'iPhone' } });
}
