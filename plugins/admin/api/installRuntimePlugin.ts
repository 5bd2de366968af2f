import type { HttpService } from '@core/http/HttpService';

import type { RuntimePluginItem } from './listRuntimePlugins';

/**
 * POST /plugins-backend/admin/plugins (umg#plg#rw): the package (`.consoleplugin.tgz`) as is.
 * Refusals (400 bad package, 409 clash, 422 signature) carry a `{ message }` the page shows.
 */
export async function installRuntimePlugin(http: HttpService, file: Blob): Promise<RuntimePluginItem> {
  const response = await http.post<RuntimePluginItem>('/plugins-backend/admin/plugins', file, {
    headers: { 'Content-Type': 'application/octet-stream' },
    skipGlobalErrors: [403],
  });
  return response.data;
}
