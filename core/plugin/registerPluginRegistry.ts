import type { DependencyContainer } from 'tsyringe';
import { DefaultPluginRegistry } from './DefaultPluginRegistry';
import type { PluginManifest } from './PluginManifest';
import { PluginManifestsToken, PluginRegistryToken } from './PluginRegistry';

/** Registers the manifests and the registry (validating them now, so a bad manifest fails start-up). */
export function registerPluginRegistry(container: DependencyContainer, manifests: readonly PluginManifest[]): void {
  container.register(PluginManifestsToken, { useValue: manifests });
  if (!container.isRegistered(PluginRegistryToken)) {
    container.register(PluginRegistryToken, { useValue: container.resolve(DefaultPluginRegistry) });
  }
}
