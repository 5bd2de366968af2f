import { type DependencyContainer, instanceCachingFactory } from 'tsyringe';

import type { AnyServiceFactory, ServiceDeps } from './ServiceFactory';

const nameOf = (token: symbol) => token.description ?? String(token);

/**
 * A child of `parent` holding a plugin's own services, each a singleton of this container.
 * Tokens `parent` already has are skipped, so the host's (or a test harness's) registration
 * wins: `renderHost({ services: [[Token, fake]] })` replaces a plugin service by its token.
 */
export function createPluginContainer(
  parent: DependencyContainer,
  pluginId: string,
  factories: readonly AnyServiceFactory[],
): DependencyContainer {
  const child = parent.createChildContainer();
  const seen = new Set<symbol>();
  for (const service of factories) {
    if (seen.has(service.token)) throw new Error(`plugin '${pluginId}' provides ${nameOf(service.token)} twice`);
    seen.add(service.token);
    if (parent.isRegistered(service.token, true)) continue;
    child.register(service.token, {
      useFactory: instanceCachingFactory((container) => service.factory(resolveDeps(container, pluginId, service))),
    });
  }
  return child;
}

function resolveDeps(
  container: DependencyContainer,
  pluginId: string,
  service: AnyServiceFactory,
): Record<string, unknown> {
  const deps: ServiceDeps = service.deps ?? {};
  return Object.fromEntries(
    Object.entries(deps).map(([name, token]) => {
      if (!container.isRegistered(token, true)) {
        throw new Error(
          `plugin '${pluginId}': ${nameOf(service.token)} needs '${name}' (${nameOf(token)}), which nothing registers`,
        );
      }
      return [name, container.resolve(token)];
    }),
  );
}
