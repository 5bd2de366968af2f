import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyLoader = () => Promise<{ default: ComponentType<any> }>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const cache = new WeakMap<AnyLoader, LazyExoticComponent<ComponentType<any>>>();

/**
 * One React.lazy per loader, created on first render, so `import()` (and the chunk request)
 * only happens when a registered route or contribution is actually rendered.
 */
export function lazyComponent<P>(loader: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader);
    cache.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}
