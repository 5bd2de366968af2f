import type { ComponentType } from 'react';
import { definePlugin, type PageProps, type PluginManifest } from './PluginManifest';

/** Loader that never resolves: manifest tests only look at data, never at pages. */
const page = () => new Promise<{ default: ComponentType<PageProps> }>(() => undefined);

/** Small manifest factory shared by the registry's unit tests. */
export function testManifest(patch: Partial<PluginManifest> & Pick<PluginManifest, 'id'>): PluginManifest {
  return definePlugin({ title: patch.id, kind: 'product', requires: ['gln'], routes: [{ path: '', page }], ...patch });
}
export { page as neverLoadingPage };
