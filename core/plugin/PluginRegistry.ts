import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';
import type { HeaderContribution, HeaderSlot, PluginManifest, ProfileMenuContribution } from './PluginManifest';
import type { ResolvedRoute } from './resolveRoutes';

/** A header contribution with the plugin that brought it. */
export interface RegisteredHeaderContribution extends HeaderContribution {
  pluginId: string;
}

export interface RegisteredProfileMenuContribution extends ProfileMenuContribution {
  pluginId: string;
}

/** The plugins the current token permits, and what they contribute. */
export interface RegistrySnapshot {
  plugins: readonly PluginManifest[];
  routes: readonly ResolvedRoute[];
  header: Readonly<Record<HeaderSlot, readonly RegisteredHeaderContribution[]>>;
  profileMenu: readonly RegisteredProfileMenuContribution[];
}

export interface PluginRegistry {
  /** Every validated manifest the host knows, permitted or not (for upgrade pages); runtime plugins included. */
  readonly known: readonly PluginManifest[];
  /** Re-evaluated on every token change (sign-in, refresh, logout). */
  readonly registered$: Observable<RegistrySnapshot>;
  registered(): RegistrySnapshot;
  isRegistered(id: string): boolean;
  /** A known manifest by id, registered or not. */
  get(id: string): PluginManifest | undefined;
  /**
   * Where a user lands right after signing in (spec §4), derived from the products' manifests
   * (their prefixes, landing roots and redirect claims): core keeps no product list.
   */
  signInTarget(input: SignInTargetInput): string;
  /** Where `''` sends a signed-in user with these permissions (spec §2); null when no product permits them. */
  landing(perms: readonly string[]): string | null;
  /**
   * A plugin installed into the running console (host/runtimePlugins): known from now on,
   * registered like a built-in product when the token permits it. The same id again replaces it
   * (an upgrade). A built-in plugin's id is refused: built-ins are never replaced at run time.
   */
  add(manifest: PluginManifest): void;
  /** Forgets a plugin `add` brought (uninstalled, or no longer permitted); built-ins stay. */
  remove(id: string): void;
  /**
   * True while the runtime plugins of a fresh sign-in are being fetched: the host holds an unknown
   * path (a deep link to a runtime plugin's page) instead of sending it to `''`.
   */
  readonly pending$: Observable<boolean>;
  setPending(pending: boolean): void;
}

export interface SignInTargetInput {
  perms: readonly string[];
  /** GET /um/environmentType answer, e.g. 'saas'; null when unknown. */
  envType: string | null;
  /** Untrusted: from the address bar or the OAuth state. */
  returnUrl: string | null | undefined;
}

export const PluginRegistryToken = createServiceToken<PluginRegistry>('plugin.registry');
/** The manifests the host was started with (host/main.tsx lists them). */
export const PluginManifestsToken = createServiceToken<readonly PluginManifest[]>('plugin.manifests');
