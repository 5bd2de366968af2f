import type { DependencyContainer } from 'tsyringe';

import type { PluginManifest } from './PluginManifest';
import { registerManifests } from './registerManifests';
import { validateManifests } from './validateManifests';

/** Validates the manifests (a bad one throws here, naming the plugin), then registers them and the registry. */
export function registerPluginRegistry(container: DependencyContainer, manifests: readonly PluginManifest[]): void {
  validateManifests(manifests);
  registerManifests(container, manifests);
}
