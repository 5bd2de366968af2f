import type { ApiClient } from '@core/api/ApiClient';

export async function call(api: ApiClient): Promise<void> {
  // @expect-error-line: `enabled` is a boolean
  await api.patch('/globalrulesrepository-backend/ruleSets/{id}', { path: { id: 'r-1' }, body: { enabled: 'yes' } });
}
