import 'reflect-metadata';
import { createRoot } from 'react-dom/client';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { registerPluginRegistry } from '@core/plugin/registerPluginRegistry';
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
  unmount(): void;
}

/** Registers core services and the plugin registry (manifests validated now), then renders. */
export function startHost({ plugins, rootElement, container, title, logoUrl }: StartHostOptions): StartedHost {
  const services = container ?? rootContainer.createChildContainer();
  registerCoreServices(services);
  registerPluginRegistry(services, plugins);
  const root = createRoot(rootElement);
  root.render(<HostApp container={services} title={title} logoUrl={logoUrl} />);
  return { container: services, unmount: () => root.unmount() };
}
