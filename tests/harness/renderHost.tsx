import 'reflect-metadata';

import { render, type RenderResult, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';

import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { type PluginRegistry, PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { registerPluginRegistry } from '@core/plugin/registerPluginRegistry';
import {
  registerCoreServices,
  type ServiceOverride,
  serviceOverride,
  type ServiceOverrides,
} from '@core/registerCoreServices';
import { type Profile, SessionServiceToken } from '@core/session/SessionService';
import { StorageKeys, type StorageService, StorageServiceToken } from '@core/storage/StorageService';

import { HostApp } from '../../host/HostApp';
import { defaultProfile, FakeSessionService } from './fakeSession';
import { MemoryStorageService } from './MemoryStorageService';

export { serviceOverride };
export type { ServiceOverride, ServiceOverrides };

export interface RenderHostOptions<Services extends readonly unknown[] = readonly unknown[]> {
  /** The manifests to register (real ones or test doubles). */
  plugins: readonly PluginManifest[];
  /** Fakes as `[token, fake]` pairs, each fake type-checked against its token's interface;
   *  registered in a child container before the core services fill in the rest. */
  services?: ServiceOverrides<Services>;
  /** Access token of a FakeSessionService (ignored when `services` brings a session). */
  token?: string | null;
  /**
   * The real DefaultSessionService (over the harness's storage and navigation, its transport
   * reaching the given AxiosInstanceToken's server without the HTTP middleware) instead of a
   * FakeSessionService: for flows whose tests check what the session stores. `token` and
   * `profile` are then stored as a reload would find them. Stopped when the host unmounts.
   */
  realSession?: boolean;
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
  /** The FakeSessionService, unless `services` brought another session or `realSession` is set. */
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
export function renderHost<const Services extends readonly unknown[] = readonly unknown[]>(
  options: RenderHostOptions<Services>,
): RenderedHost {
  const services = rootContainer.createChildContainer();
  const overrides = new Map<symbol, unknown>((options.services ?? []) as readonly ServiceOverride[]);
  for (const [token, fake] of overrides) services.register(token, { useValue: fake });

  const navigation =
    (overrides.get(NavigationServiceToken) as MemoryNavigationService | undefined) ??
    new MemoryNavigationService(options.path ?? '/');
  if (!overrides.has(NavigationServiceToken)) services.register(NavigationServiceToken, { useValue: navigation });

  const token = options.token ?? null;
  const profile = options.profile === undefined ? (token ? defaultProfile : null) : options.profile;
  if (!overrides.has(StorageServiceToken))
    services.register(StorageServiceToken, { useValue: new MemoryStorageService() });
  let session: FakeSessionService | undefined;
  if (!overrides.has(SessionServiceToken) && options.realSession) {
    // Registered by registerCoreServices below; it reads what a reload would find.
    const storage = services.resolve<StorageService>(StorageServiceToken);
    if (token) storage.set(StorageKeys.token, token);
    if (profile) storage.set(StorageKeys.profile, JSON.stringify(profile));
  } else if (!overrides.has(SessionServiceToken)) {
    session = new FakeSessionService(token, profile);
    services.register(SessionServiceToken, { useValue: session });
  }

  registerCoreServices(services);
  registerPluginRegistry(services, options.plugins);
  const app = <HostApp container={services} title={options.title} />;
  const result = render(
    options.realSession ? <StopOnUnmount stop={() => stopSession(services)}>{app}</StopOnUnmount> : app,
  );

  return {
    ...result,
    services,
    navigation,
    session,
    registry: services.resolve<PluginRegistry>(PluginRegistryToken),
    waitForPath: (path) =>
      waitFor(() => {
        if (navigation.path() !== path) throw new Error(`still at ${navigation.path()}, waiting for ${path}`);
      }),
  };
}

/** The real session's timers must not outlive the test that rendered it. */
function StopOnUnmount({ stop, children }: { stop: () => void; children: ReactNode }) {
  useEffect(() => stop, [stop]);
  return <>{children}</>;
}

function stopSession(services: DependencyContainer): void {
  (services.resolve(SessionServiceToken) as { dispose?: () => void }).dispose?.();
}
