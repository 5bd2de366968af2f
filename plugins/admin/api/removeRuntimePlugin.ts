import type { ApiClient } from '@core/api/ApiClient';

/** DELETE /plugins-backend/admin/plugins/{id} (umg#plg#rw): 204; users lose it on their next navigation. */
export async function removeRuntimePlugin(api: ApiClient, id: string): Promise<void> {
  await api.delete('/plugins-backend/admin/plugins/{id}', { path: { id }, skipGlobalErrors: [403] });
}
