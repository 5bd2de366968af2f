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
  /** Server module (server/modules/<module>) answering the product's calls; null when it has none yet. */
  module: string | null;
  /** API prefixes the product's pages call (besides /um/, every product's Contact Us under /<id>-backend/). */
  apiPrefixes: readonly string[];
  /** Permission prefix its pages require (spec §6). */
  permissionPrefix: string;
}

export const PRODUCTS: readonly Product[] = [
  { id: 'gluon', title: 'Gluon', module: 'gluon', apiPrefixes: ['/gluon-backend/'], permissionPrefix: 'gln' },
  {
    id: 'globalrulesrepository',
    title: 'Global rules repository',
    module: 'gluon',
    apiPrefixes: ['/globalrulesrepository-backend/'],
    permissionPrefix: 'gln',
  },
  {
    id: 'neutrino',
    title: 'Neutrino',
    module: 'neutrino',
    apiPrefixes: ['/neutrino-backend/'],
    permissionPrefix: 'ntr',
  },
  {
    id: 'monitoring',
    title: 'Monitoring',
    module: 'monitoring',
    apiPrefixes: ['/monitoring-backend/'],
    permissionPrefix: 'mnt',
  },
  // No backend of its own yet: only Contact Us (the support module) answers under /electron-backend/.
  { id: 'electron', title: 'Electron', module: null, apiPrefixes: ['/electron-backend/'], permissionPrefix: 'elc' },
  { id: 'admin', title: 'Administration', module: 'users', apiPrefixes: ['/um/'], permissionPrefix: 'umg' },
];

/** The console route prefix of a product. */
export const productRoutePrefix = (product: Product): string => `/${product.id}`;
