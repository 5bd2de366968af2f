import type { PluginManifest } from '@core/plugin/PluginManifest';

/** Spec §1: the products header shows when neutrino is enabled. */
export const PRODUCTS_HEADER_PLUGIN = 'neutrino';

export function shouldShowProductsHeader(registered: readonly PluginManifest[]): boolean {
  return registered.some((plugin) => plugin.id === PRODUCTS_HEADER_PLUGIN);
}
