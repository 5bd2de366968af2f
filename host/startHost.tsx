import 'reflect-metadata';
import './host.css';

import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';

import { AxiosLoaderToken } from '@core/http/HttpService';
import { type NavigationService, NavigationServiceToken } from '@core/navigation';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { registerManifests } from '@core/plugin/registerManifests';
import { RuntimePluginRegistryToken } from '@core/plugin/RuntimePluginRegistry';
import { registerCoreServices } from '@core/registerCoreServices';
import { SessionServiceToken } from '@core/session/SessionService';

import { HostApp } from './HostApp';
import { preloadPluginServices } from './PluginServices';
import { loadComponent } from './routing/lazyComponent';
import { publicPageAt, registerRouteLoaders } from './routing/routeModules';
import { addWholeStylesheet } from './wholeStylesheet';

export interface StartHostOptions {
  plugins: readonly PluginManifest[];
  rootElement: HTMLElement;
  /** Pre-registered services (fakes, a memory navigation...) win over the defaults. */
  container?: DependencyContainer;
  title?: string;
  logoUrl?: string;
  /**
   * Follow the plugins installed into the running API (host/runtimePlugins): main.tsx does; a
   * test build of another entry does not ask the API for them.
   */
  runtimePlugins?: boolean;
}

export interface StartedHost {
  container: DependencyContainer;
  /** Every manifest problem found at start-up (empty when valid); the console shows them instead of itself. */
  manifestProblems: Promise<readonly string[]>;
  unmount(): void;
}

/** The attribute the API sets on `#root` while it holds a prerendered copy (server/plugins/staticAssets.ts). */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * React cleared the document's copy of the first screen when it committed the live page: the
 * marker goes too. After the page's own effects (a sibling after HostApp), so a page that takes
 * over its copy's input (the sign-in form) has read it first.
 */
function DropPrerenderedMarker({ rootElement }: { rootElement: HTMLElement }) {
  useEffect(() => rootElement.removeAttribute(PRERENDERED_ATTRIBUTE), [rootElement]);
  return null;
}

/**
 * The runtime plugin loader is a chunk fetched at the first sign-in, never on a signed-out first
 * load (/login's stays as it was). A deep link to a runtime plugin's page is held from that moment
 * (the registry's pending flag) until the plugins are known, instead of being sent to `''`.
 */
function followRuntimePlugins(services: DependencyContainer): void {
  const session = services.resolve(SessionServiceToken);
  const registry = services.resolve(RuntimePluginRegistryToken);
  let started = false;
  session.signedIn$.subscribe((signedIn) => {
    if (!signedIn || started) return;
    started = true;
    registry.setPending(true);
    import('./runtimePlugins/startRuntimePlugins').then(
      ({ startRuntimePlugins }) => startRuntimePlugins(services),
      (error: unknown) => {
        registry.setPending(false);
        console.warn('[runtime plugins]', error);
      },
    );
  });
}

/** The longest the first render waits for the first screen's public page to load. */
const FIRST_PAGE_WAIT_MS = 3000;

/** After `load`, React still renders the first screen; the check waits this long, then for an idle moment. */
const CHECK_DELAY_MS = 1000;

/**
 * Resolves a while after the page has loaded, when the browser is idle: the manifest check is
 * not needed for the first screen, so its chunk is not one more script request before it.
 * Without a browser (tests) it resolves at once.
 */
function afterFirstScreen(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const later = () => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), CHECK_DELAY_MS);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}

/**
 * Registers core services and the plugin registry, renders, and validates the manifests from a
 * lazy chunk once the first screen is up (tests validate them synchronously through
 * registerPluginRegistry).
 */
export function startHost({
  plugins,
  rootElement,
  container,
  title,
  logoUrl,
  runtimePlugins,
}: StartHostOptions): StartedHost {
  addWholeStylesheet(document);
  const services = container ?? rootContainer.createChildContainer();
  registerCoreServices(services);
  registerManifests(services, plugins);
  registerRouteLoaders(plugins);
  if (runtimePlugins) followRuntimePlugins(services);
  const root = createRoot(rootElement);
  const render = () =>
    root.render(
      <>
        <HostApp container={services} title={title} logoUrl={logoUrl} />
        <DropPrerenderedMarker rootElement={rootElement} />
      </>,
    );
  // A public page's modules arrive with the entry (announced in the document): waiting for them
  // paints the page itself first, not a loading state and then the page. Bounded:
  // a slow chunk shows the loading state as before.
  // The page's plugin services come with it (a public plugin's API client), in the same wave.
  const first = publicPageAt(plugins, services.resolve<NavigationService>(NavigationServiceToken).path());
  if (first) {
    const owner = plugins.find((plugin) => plugin.routes.some((route) => route.page === first));
    const ready = Promise.all([loadComponent(first), owner && preloadPluginServices(owner)]);
    void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(render);
  } else render();
  const later = afterFirstScreen();
  const manifestProblems = later.then(() =>
    import('./checkManifests').then(({ checkManifests }) => checkManifests(plugins, root)),
  );
  // axios is not in the first load (docs/decisions/0031): fetched once the first screen is up,
  // so the first call (signing in) rarely waits for it. A failure here is the first call's to report.
  void later.then(() =>
    services
      .resolve(AxiosLoaderToken)()
      .catch(() => undefined),
  );
  return { container: services, manifestProblems, unmount: () => root.unmount() };
}
