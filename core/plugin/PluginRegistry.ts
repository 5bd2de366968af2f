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
  /** Every validated manifest the host knows, permitted or not (for upgrade pages), runtime plugins included. */
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
