import type { DependencyContainer } from 'tsyringe';

import { DefaultPluginRegistry } from './DefaultPluginRegistry';
import type { PluginManifest } from './PluginManifest';
import { PluginManifestsToken, PluginRegistryToken } from './PluginRegistry';
import { RuntimePluginRegistryToken } from './RuntimePluginRegistry';

/**
 * Registers the manifests and the registry without validating them. startHost validates them
 * in a lazy chunk (the validator stays out of every route's first load); tests and the harness
 * use registerPluginRegistry, which validates first.
 */
export function registerManifests(container: DependencyContainer, manifests: readonly PluginManifest[]): void {
  container.register(PluginManifestsToken, { useValue: manifests });
  if (!container.isRegistered(PluginRegistryToken)) {
    const registry = container.resolve(DefaultPluginRegistry);
    container.register(PluginRegistryToken, { useValue: registry });
    container.register(RuntimePluginRegistryToken, { useValue: registry });
  }
}
