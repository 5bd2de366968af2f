import type { HttpService } from '@core/http/HttpService';

/**
 * A plugin installed into the running console. Typed from the runtime plugins contract until
 * its routes are in common/api/openapi.gen.ts (then these three calls go through ApiClient).
 */
export interface RuntimePluginItem {
  id: string;
  title: string;
  version: string;
  prefixes: string[];
  /** Console paths, e.g. `/hello`. */
  routes: string[];
  keyId: string;
  /** E-mail of the installer; null when installed with the operator CLI. */
  installedBy: string | null;
  installedAt: string;
  sizeBytes: number;
}

export interface TrustedPluginKey {
  keyId: string;
  name: string;
  addedAt: string;
}

export interface RuntimePluginList {
  items: RuntimePluginItem[];
  keys: TrustedPluginKey[];
}

/** GET /plugins-backend/admin/plugins (umg#plg#r): the installed plugins and the trusted signing keys. */
export async function listRuntimePlugins(http: HttpService): Promise<RuntimePluginList> {
  return (await http.get<RuntimePluginList>('/plugins-backend/admin/plugins', { skipGlobalErrors: [403] })).data;
}
