import { landingFor } from '@core/plugin/landing';
import type { PluginManifest } from '@core/plugin/PluginManifest';

/**
 * Where `''` sends a visitor when no plugin claims `/` (spec §2: with a token, the products'
 * landing, /gluon for this console's suite users; else /login). Null: no product for this account.
 */
export function landingTarget(
  known: readonly PluginManifest[],
  signedIn: boolean,
  perms: readonly string[],
): string | null {
  return signedIn ? landingFor(known, perms) : '/login';
}
