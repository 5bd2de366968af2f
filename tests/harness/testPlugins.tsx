import type { ComponentType } from 'react';

import {
  definePlugin,
  type PageProps,
  type PluginManifest,
  type ProductLanding,
  type RouteGuard,
} from '@core/plugin/PluginManifest';

/** A page loader that resolves to a component rendering `text` (and counts its calls). */
export function pageLoader(text: string, extra?: (props: PageProps) => React.ReactNode) {
  const loader = Object.assign(
    async (): Promise<{ default: ComponentType<PageProps> }> => {
      loader.calls++;
      return {
        default: (props: PageProps) => (
          <div>
            <h1>{text}</h1>
            {extra?.(props)}
          </div>
        ),
      };
    },
    { calls: 0 },
  );
  return loader;
}

export interface TestProductOptions {
  guard?: RouteGuard;
  title?: string;
  /** Prefixes it declares; defaults to `requires` (a test product introduces its own). */
  prefixes?: string[];
  /** Its landing; defaults to its root, rank 1, not a suite product. */
  landing?: ProductLanding;
  /** Spec §1's products-header switch (neutrino's). */
  showsProductsHeader?: boolean;
  services?: PluginManifest['services'];
}

/** A product plugin with one root page whose heading is its title. */
export function testProduct(
  id: string,
  requires: string[],
  options: TestProductOptions = {},
): PluginManifest & { loader: ReturnType<typeof pageLoader> } {
  const title = options.title ?? `${id} home`;
  const loader = pageLoader(title);
  const name = id[0]!.toUpperCase() + id.slice(1);
  return Object.assign(
    definePlugin({
      id,
      title: name,
      kind: 'product',
      prefixes: options.prefixes ?? requires,
      requires,
      routes: [{ path: '', page: loader, guard: options.guard }],
      product: { name, order: 1, showsProductsHeader: options.showsProductsHeader },
      landing: options.landing ?? { rank: 1 },
      services: options.services,
    }),
    { loader },
  );
}

/** A public plugin serving `/login` (a bare page). */
export const testLoginPlugin = definePlugin({
  id: 'login',
  title: 'Login',
  kind: 'public',
  requires: [],
  routes: [{ path: '/login', page: pageLoader('Sign in page') }],
});

/**
 * Stands in for the plugins that declare these permission prefixes, for a plugin test that
 * registers only its own manifest but requires another's prefix (the rules repository needs `gln`).
 */
export function prefixOwner(...prefixes: string[]): PluginManifest {
  return definePlugin({
    id: `owner-of-${prefixes.join('-')}`,
    title: 'Prefix owner',
    kind: 'shell',
    prefixes,
    requires: [],
    routes: [],
  });
}
