import 'reflect-metadata';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { PluginRegistryToken, type PluginRegistry } from '@core/plugin/PluginRegistry';
import { registerPluginRegistry } from '@core/plugin/registerPluginRegistry';
import { registerCoreServices, type ServiceOverride } from '@core/registerCoreServices';
import { SessionServiceToken, type Profile } from '@core/session/SessionService';
import { StorageServiceToken } from '@core/storage/StorageService';
import { HostApp } from '../../host/HostApp';
import { defaultProfile, FakeSessionService } from './fakeSession';
import { MemoryStorageService } from './MemoryStorageService';

export type { ServiceOverride };

export interface RenderHostOptions {
  /** The manifests to register (real ones or test doubles). */
  plugins: readonly PluginManifest[];
  /** Fakes, registered in a child container before the core services fill in the rest. */
  services?: readonly ServiceOverride[];
  /** Access token of a FakeSessionService (ignored when `services` brings a session). */
  token?: string | null;
  /** Profile stored with the token; a default one when a token is given. */
  profile?: Profile | null;
  /** Initial address, e.g. `/gluon?x=1`. Defaults to `/`. */
  path?: string;
  title?: string;
}

export interface RenderedHost extends RenderResult {
  container: HTMLElement;
  services: DependencyContainer;
  navigation: MemoryNavigationService;
  /** The FakeSessionService, unless `services` brought another session. */
  session: FakeSessionService | undefined;
  registry: PluginRegistry;
  /** Resolves once the address is `path` (redirects are effects, so they land a tick later). */
  waitForPath(path: string): Promise<void>;
}

/**
 * Mounts the real HostApp in a child tsyringe container: the given fakes, a
 * MemoryNavigationService at `path`, a FakeSessionService holding `token`, in-memory storage,
 * and the real core services for everything else. No module mocking.
 */
export function renderHost(options: RenderHostOptions): RenderedHost {
  const services = rootContainer.createChildContainer();
  const overrides = new Map<symbol, unknown>(options.services ?? []);
  for (const [token, fake] of overrides) services.register(token, { useValue: fake });

  const navigation = (overrides.get(NavigationServiceToken) as MemoryNavigationService | undefined) ?? new MemoryNavigationService(options.path ?? '/');
  if (!overrides.has(NavigationServiceToken)) services.register(NavigationServiceToken, { useValue: navigation });

  let session: FakeSessionService | undefined;
  if (!overrides.has(SessionServiceToken)) {
    const token = options.token ?? null;
    session = new FakeSessionService(token, options.profile === undefined ? (token ? defaultProfile : null) : options.profile);
    services.register(SessionServiceToken, { useValue: session });
  }
  if (!overrides.has(StorageServiceToken)) services.register(StorageServiceToken, { useValue: new MemoryStorageService() });

  registerCoreServices(services);
  registerPluginRegistry(services, options.plugins);
  const result = render(<HostApp container={services} title={options.title} />);

  return {
    ...result,
    services,
    navigation,
    session,
    registry: services.resolve<PluginRegistry>(PluginRegistryToken),
    waitForPath: (path) => waitFor(() => {
      if (navigation.path() !== path) throw new Error(`still at ${navigation.path()}, waiting for ${path}`);
    }),
  };
}
