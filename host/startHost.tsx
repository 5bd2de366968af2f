import 'reflect-metadata';
import { createRoot } from 'react-dom/client';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { registerManifests } from '@core/plugin/registerManifests';
import { registerCoreServices } from '@core/registerCoreServices';
import { HostApp } from './HostApp';
import './host.css';

export interface StartHostOptions {
  plugins: readonly PluginManifest[];
  rootElement: HTMLElement;
  /** Pre-registered services (fakes, a memory navigation...) win over the defaults. */
  container?: DependencyContainer;
  title?: string;
  logoUrl?: string;
}

export interface StartedHost {
  container: DependencyContainer;
  /** Every manifest problem found at start-up (empty when valid); the console shows them instead of itself. */
  manifestProblems: Promise<readonly string[]>;
  unmount(): void;
}

/**
 * Registers core services and the plugin registry, renders, and validates the manifests from a
 * lazy chunk (tests validate them synchronously through registerPluginRegistry).
 */
export function startHost({ plugins, rootElement, container, title, logoUrl }: StartHostOptions): StartedHost {
  const services = container ?? rootContainer.createChildContainer();
  registerCoreServices(services);
  registerManifests(services, plugins);
  const root = createRoot(rootElement);
  root.render(<HostApp container={services} title={title} logoUrl={logoUrl} />);
  const manifestProblems = import('./checkManifests').then(({ checkManifests }) => checkManifests(plugins, root));
  return { container: services, manifestProblems, unmount: () => root.unmount() };
}
