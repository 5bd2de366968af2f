import type { RuntimePluginManifest } from '@common/runtimePlugins/runtimePluginManifest';
import { createServiceToken } from '@core/di/ServiceToken';

/** The manifest of a runtime plugin as GET /plugins-backend/runtime carries it (the package's manifest.json). */
export type RuntimeManifest = RuntimePluginManifest;

export interface RuntimePluginEntry {
  id: string;
  version: string;
  manifest: RuntimeManifest;
  /** Granted to this user for an hour: `/plugins-backend/assets/<grant>/<id>/<version>/<entry>`. */
  entryUrl: string;
  styleUrls: readonly string[];
}

export interface RuntimeImportMap {
  imports: Readonly<Record<string, string>>;
  /** Every asset URL of the listed plugins and every shim: the browser refuses a module whose bytes differ. */
  integrity?: Readonly<Record<string, string>>;
}

/** GET /plugins-backend/runtime: only the plugins this user's permissions allow. */
export interface RuntimePluginsAnswer {
  plugins: readonly RuntimePluginEntry[];
  importMap: RuntimeImportMap;
  expiresAt: string;
}

export type RuntimeFetch = { changed: false } | { changed: true; etag: string | null; answer: RuntimePluginsAnswer };

export interface RuntimePluginsApi {
  /** `etag` is the last answer's: the API answers 304 when nothing changed for this user. */
  fetchRuntime(etag: string | null): Promise<RuntimeFetch>;
}

export const RuntimePluginsApiToken = createServiceToken<RuntimePluginsApi>('host.runtimePluginsApi');
