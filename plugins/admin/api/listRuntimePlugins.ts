import type { ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

/** The installed runtime plugins and the trusted signing keys, as the route answers them. */
export type RuntimePluginList = ApiResponse<'/plugins-backend/admin/plugins', 'get'>;

/** A plugin installed into the running console (`installedBy` is null when the operator CLI installed it). */
export type RuntimePluginItem = RuntimePluginList['items'][number];

/** A key whose signatures the console accepts. */
export type TrustedPluginKey = RuntimePluginList['keys'][number];

/** GET /plugins-backend/admin/plugins (umg#plg#r). */
export function listRuntimePlugins(api: ApiClient): Promise<RuntimePluginList> {
  return api.get('/plugins-backend/admin/plugins', { skipGlobalErrors: [403] });
}
