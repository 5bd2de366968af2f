import type { HttpService } from '@core/http/HttpService';

/** DELETE /plugins-backend/admin/plugins/:id (umg#plg#rw): 204; users lose it on their next navigation. */
export async function removeRuntimePlugin(http: HttpService, id: string): Promise<void> {
  await http.delete(`/plugins-backend/admin/plugins/${encodeURIComponent(id)}`, { skipGlobalErrors: [403] });
}
