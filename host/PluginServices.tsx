import { lazy, type ComponentType, type ReactNode } from 'react';
import type { DependencyContainer } from 'tsyringe';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { ServicesProvider, useContainer } from '@core/react';

type ScopeProvider = ComponentType<{ children: ReactNode }>;
const scopes = new WeakMap<DependencyContainer, WeakMap<PluginManifest, ScopeProvider>>();

/**
 * A lazy provider of the plugin's child container, one per host container and plugin: React.lazy
 * suspends until the services chunk is loaded and then keeps the container.
 */
function scopeProvider(parent: DependencyContainer, manifest: PluginManifest, load: NonNullable<PluginManifest['services']>): ScopeProvider {
  let byPlugin = scopes.get(parent);
  if (!byPlugin) {
    byPlugin = new WeakMap();
    scopes.set(parent, byPlugin);
  }
  let provider = byPlugin.get(manifest);
  if (!provider) {
    const plugins = byPlugin;
    // The container code is only fetched for a plugin with services, not by the first load.
    provider = lazy(() =>
      Promise.all([import('@core/plugin/createPluginContainer'), load()]).then(
        ([{ createPluginContainer }, factories]) => {
          const container = createPluginContainer(parent, manifest.id, factories);
          return { default: ({ children }: { children: ReactNode }) => <ServicesProvider container={container}>{children}</ServicesProvider> };
        },
        (error: unknown) => {
          // A failed chunk request is retried the next time the plugin renders.
          plugins.delete(manifest);
          throw error;
        },
      ),
    );
    byPlugin.set(manifest, provider);
  }
  return provider;
}

/**
 * Gives a plugin's pages and header pieces its own services (`manifest.services`): suspends
 * until its services chunk is loaded, which only happens once the router renders the plugin,
 * so unpermitted code stays undownloaded. A plugin without services renders in the host's container.
 */
export function PluginServices({ manifest, children }: { manifest: PluginManifest | undefined; children: ReactNode }) {
  const parent = useContainer();
  if (!manifest?.services) return children;
  const Scope = scopeProvider(parent, manifest, manifest.services);
  return <Scope>{children}</Scope>;
}
