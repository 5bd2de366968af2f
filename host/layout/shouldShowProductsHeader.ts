import type { PluginManifest } from '@core/plugin/PluginManifest';

/** Spec §1: the products header shows when a product declaring it (neutrino) is enabled. */
export function shouldShowProductsHeader(registered: readonly PluginManifest[]): boolean {
  return registered.some((plugin) => plugin.kind === 'product' && plugin.product?.showsProductsHeader === true);
}
