import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyLoader = () => Promise<{ default: ComponentType<any> }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const cache = new WeakMap<AnyLoader, LazyExoticComponent<ComponentType<any>>>();
const loading = new WeakMap<AnyLoader, Promise<{ default: ComponentType<unknown> }>>();

/** One `import()` per loader, shared by `preloadComponent` and the lazy component. */
function load(loader: AnyLoader) {
  let promise = loading.get(loader);
  if (!promise) {
    promise = loader();
    loading.set(loader, promise);
  }
  return promise;
}

/**
 * One React.lazy per loader, created on first render, so `import()` (and the chunk request)
 * only happens when a registered route or contribution is actually rendered.
 */
export function lazyComponent<P>(loader: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(() => load(loader));
    cache.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}

/**
 * Starts fetching a chunk the router has decided to render, while something above it (a
 * plugin's services) is still loading: the two requests go out together, not one after the other.
 */
export function preloadComponent(loader: AnyLoader): void {
  load(loader).catch(() => undefined); // the lazy component reports the failure when it renders
}
