import type { ApiClient } from '@core/api/ApiClient';

import type { RuntimePluginItem } from './listRuntimePlugins';

/**
 * POST /plugins-backend/admin/plugins (umg#plg#rw): the package (`.consoleplugin.tgz`) as is.
 * Refusals (400 bad package, 409 clash, 422 signature) carry a `{ message }` the page shows.
 */
export function installRuntimePlugin(api: ApiClient, file: Blob): Promise<RuntimePluginItem> {
  return api.post('/plugins-backend/admin/plugins', {
    raw: file,
    headers: { 'Content-Type': 'application/octet-stream' },
    skipGlobalErrors: [403],
  });
}
