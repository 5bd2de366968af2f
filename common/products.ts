/**
 * The suite's products, once for both sides: the console's plugin (`plugins/<id>`, mounted at
 * `/<id>`), the server module that answers its calls, the API prefixes it calls and the
 * permission prefix a token needs. tests/contract/products.test.ts checks the host's plugin
 * manifests and the server's module definitions against this list.
 */
export interface Product {
  /** The console plugin's id, also its route prefix `/<id>`. */
  id: string;
  title: string;
  /** Server modules (server/modules/<module>) answering the product's calls, the product's own first. */
  modules: readonly string[];
  /** API prefixes the product's pages call (besides /um/, every product's Contact Us under /<id>-backend/). */
  apiPrefixes: readonly string[];
  /** Permission prefix its pages require (spec §6). */
  permissionPrefix: string;
}

export const PRODUCTS: readonly Product[] = [
  { id: 'gluon', title: 'Gluon', modules: ['gluon'], apiPrefixes: ['/gluon-backend/'], permissionPrefix: 'gln' },
  {
    id: 'globalrulesrepository',
    title: 'Global rules repository',
    modules: ['gluon'],
    apiPrefixes: ['/globalrulesrepository-backend/'],
    permissionPrefix: 'gln',
  },
  {
    id: 'neutrino',
    title: 'Neutrino',
    modules: ['neutrino'],
    apiPrefixes: ['/neutrino-backend/'],
    permissionPrefix: 'ntr',
  },
  {
    id: 'monitoring',
    title: 'Monitoring',
    modules: ['monitoring'],
    apiPrefixes: ['/monitoring-backend/'],
    permissionPrefix: 'mnt',
  },
  {
    id: 'electron',
    title: 'Electron',
    modules: ['electron'],
    apiPrefixes: ['/electron-backend/'],
    permissionPrefix: 'elc',
  },
  // The Plugins page installs and removes runtime plugins, which their own module serves.
  {
    id: 'admin',
    title: 'Administration',
    modules: ['users', 'runtimePlugins'],
    apiPrefixes: ['/um/', '/plugins-backend/'],
    permissionPrefix: 'umg',
  },
];

/** The console route prefix of a product. */
export const productRoutePrefix = (product: Product): string => `/${product.id}`;
