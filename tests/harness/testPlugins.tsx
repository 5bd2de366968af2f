import type { ComponentType } from 'react';
import { definePlugin, type PageProps, type PluginManifest, type RouteGuard } from '@core/plugin/PluginManifest';

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

/** A product plugin with one root page whose heading is its title. */
export function testProduct(id: string, requires: string[], options: { guard?: RouteGuard; title?: string } = {}): PluginManifest & { loader: ReturnType<typeof pageLoader> } {
  const title = options.title ?? `${id} home`;
  const loader = pageLoader(title);
  return Object.assign(
    definePlugin({
      id,
      title: id[0]!.toUpperCase() + id.slice(1),
      kind: 'product',
      requires,
      routes: [{ path: '', page: loader, guard: options.guard }],
      product: { name: id[0]!.toUpperCase() + id.slice(1), order: 1 },
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
