import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

import { preloadRouteModules } from './routeModules';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- components of any props: P goes both in and out of ComponentType<P>, so only any holds them all
type AnyComponent = ComponentType<any>;
type AnyLoader = () => Promise<{ default: AnyComponent }>;
const cache = new WeakMap<AnyLoader, LazyExoticComponent<AnyComponent> | AnyComponent>();
const loading = new WeakMap<AnyLoader, Promise<{ default: ComponentType<unknown> }>>();

const loaded = new WeakMap<AnyLoader, AnyComponent>();

/** One `import()` per loader, shared by `preloadComponent` and the lazy component. */
function load(loader: AnyLoader) {
  let promise = loading.get(loader);
  if (!promise) {
    // A page's own imports go out with its chunk, not after it has run.
    preloadRouteModules(loader);
    promise = loader();
    promise.then(
      (module) => loaded.set(loader, module.default),
      () => undefined,
    );
    loading.set(loader, promise);
  }
  return promise;
}

/**
 * One React.lazy per loader, created on first render, so `import()` (and the chunk request)
 * only happens when a registered route or contribution is actually rendered.
 */
export function lazyComponent<P>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> | ComponentType<P> {
  let component = cache.get(loader);
  if (!component) {
    // Already loaded (the first screen's page, awaited by startHost): rendered at once, without
    // a loading state first. Cached either way, so a component never changes type (no remount).
    component = loaded.get(loader) ?? lazy(() => load(loader));
    cache.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>> | ComponentType<P>;
}

/** Loads a page before the first render (startHost); resolves when it is there or has failed. */
export function loadComponent(loader: AnyLoader): Promise<void> {
  return load(loader).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts fetching a chunk the router has decided to render, while something above it (a
 * plugin's services) is still loading: the two requests go out together, not one after the other.
 */
export function preloadComponent(loader: AnyLoader): void {
  load(loader).catch(() => undefined); // the lazy component reports the failure when it renders
}
