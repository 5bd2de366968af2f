import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';
import type { PluginManifest } from './PluginManifest';

/**
 * The registry's side the host's runtime plugin loader (host/runtimePlugins) drives: plugins
 * installed into the running API, added and removed without a reload. The same object as the
 * PluginRegistry (DefaultPluginRegistry implements both); plugins only ever see PluginRegistry.
 */
export interface RuntimePluginRegistry {
  /**
   * Known from now on, registered like a built-in product when the token permits it. The same id
   * again replaces it (an upgrade). A built-in plugin's id is refused: built-ins are never replaced.
   */
  add(manifest: PluginManifest): void;
  /** Forgets a plugin `add` brought (uninstalled, or no longer permitted); built-ins stay. */
  remove(id: string): void;
  /**
   * True while runtime plugins are being fetched: the host holds an unknown path (a deep link to
   * a runtime plugin's page) instead of sending it to `''`.
   */
  readonly pending$: Observable<boolean>;
  setPending(pending: boolean): void;
}

export const RuntimePluginRegistryToken = createServiceToken<RuntimePluginRegistry>('plugin.runtimeRegistry');
