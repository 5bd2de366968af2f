import type { ComponentType } from 'react';

import { definePlugin, type PageProps, type PluginManifest } from './PluginManifest';

/** Loader that never resolves: manifest tests only look at data, never at pages. */
const page = () => new Promise<{ default: ComponentType<PageProps> }>(() => undefined);

/**
 * Small manifest factory shared by the registry's unit tests. A product declares the prefixes
 * it requires unless `prefixes` says otherwise (most test products introduce their own).
 */
export function testManifest(patch: Partial<PluginManifest> & Pick<PluginManifest, 'id'>): PluginManifest {
  const kind = patch.kind ?? 'product';
  const requires = patch.requires ?? (kind === 'product' ? ['tst'] : []);
  return definePlugin({
    title: patch.id,
    kind,
    requires,
    prefixes: kind === 'product' ? requires : [],
    routes: [{ path: '', page }],
    ...patch,
  });
}
export { page as neverLoadingPage };
