import { type ComponentType, lazy, type ReactNode } from 'react';
import type { DependencyContainer } from 'tsyringe';

import { createPluginContainer } from '@core/plugin/createPluginContainer';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import type { AnyServiceFactory } from '@core/plugin/ServiceFactory';
import { ServicesProvider, useContainer } from '@core/react';

type ScopeProvider = ComponentType<{ children: ReactNode }>;

const scopes = new WeakMap<DependencyContainer, WeakMap<PluginManifest, ScopeProvider>>();
/** What loadServices fetched: a plugin whose services are here renders without suspending. */
const loaded = new WeakMap<PluginManifest, readonly AnyServiceFactory[]>();

/**
 * The plugin's services chunk. (The container code itself is in the first load: every public
 * page but the intro, and every signed-in page, has a plugin with services.)
 */
function loadServices(manifest: PluginManifest, services: NonNullable<PluginManifest['services']>) {
  return services().then((factories) => {
    loaded.set(manifest, factories);
    return factories;
  });
}

/** How to forget each scope whose services failed to load (retryFailedPluginServices). */
let failedScopes: (() => void)[] = [];

/**
 * Forgets the plugin scopes whose services failed to load, so their next render asks again (a
 * chunk that failed on a bad connection). Called by the plugin error boundary once it shows its panel.
 */
export function retryFailedPluginServices(): void {
  const forget = failedScopes;
  failedScopes = [];
  for (const drop of forget) drop();
}

/**
 * A provider of the plugin's child container, one per host container and plugin: built at once
 * when the services are loaded (the first screen's, see preloadPluginServices), else React.lazy
 * suspends until they are and then keeps the container.
 */
function scopeProvider(
  parent: DependencyContainer,
  manifest: PluginManifest,
  services: NonNullable<PluginManifest['services']>,
): ScopeProvider {
  let byPlugin = scopes.get(parent);
  if (!byPlugin) {
    byPlugin = new WeakMap();
    scopes.set(parent, byPlugin);
  }
  let scope = byPlugin.get(manifest);
  if (!scope) {
    const plugins = byPlugin;
    const scoped = (factories: readonly AnyServiceFactory[]): ScopeProvider => {
      const container = createPluginContainer(parent, manifest.id, factories);
      return ({ children }) => <ServicesProvider container={container}>{children}</ServicesProvider>;
    };
    const factories = loaded.get(manifest);
    scope = factories
      ? scoped(factories)
      : lazy(() =>
          loadServices(manifest, services).then(
            (fetched) => ({ default: scoped(fetched) }),
            (error: unknown) => {
              // The failed scope stays, so React shows the error to the plugin's boundary; dropping
              // it here would make the re-render that follows build a new one that suspends again,
              // forever (a module that throws as it loads fails the same way every time). The
              // boundary drops it once its panel is up, so its reset (Try again, another path) asks again.
              failedScopes.push(() => plugins.delete(manifest));
              throw error;
            },
          ),
        );
    byPlugin.set(manifest, scope);
  }
  return scope;
}

/**
 * Fetches a plugin's services with the first screen's page, so a public page (a /login
 * prerendered in the document) is not replaced by a loading state while they arrive. Resolves
 * either way: a failure is retried, and shown, when the page renders.
 */
export function preloadPluginServices(manifest: PluginManifest): Promise<unknown> | undefined {
  return manifest.services && loadServices(manifest, manifest.services).catch(() => undefined);
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
