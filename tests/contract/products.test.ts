import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { PRODUCTS } from '@common/products';

import { apiModules } from '../../server/modules/index';

const root = path.resolve(import.meta.dirname, '../..');

/** The product manifests the host ships, read from their source (the manifests load the console's runtime). */
function productPlugins(): { id: string; title: string; requires: string[] }[] {
  const main = readFileSync(path.join(root, 'host/main.tsx'), 'utf8');
  const folders = [...main.matchAll(/from '\.\.\/plugins\/([\w-]+)'/g)].map((m) => m[1]!);
  return folders.flatMap((folder) => {
    const manifest = readFileSync(path.join(root, 'plugins', folder, 'index.ts'), 'utf8');
    if (!/kind: 'product'/.test(manifest)) return [];
    const field = (name: string) => new RegExp(`\\n  ${name}: ([^\\n]+),\\n`).exec(manifest)?.[1] ?? '';
    return [
      {
        id: field('id').replace(/'/g, ''),
        title: field('title').replace(/'/g, ''),
        requires: [...field('requires').matchAll(/'([^']+)'/g)].map((m) => m[1]!),
      },
    ];
  });
}

describe('one list of products for the console and the API (common/products.ts)', () => {
  it('names every product plugin the host ships, with its title and permission prefix, and nothing else', () => {
    const plugins = productPlugins();
    expect(plugins.map((p) => p.id).sort()).toEqual(PRODUCTS.map((p) => p.id).sort());
    for (const product of PRODUCTS) {
      const plugin = plugins.find((p) => p.id === product.id)!;
      expect(plugin.title, product.id).toBe(product.title);
      expect(plugin.requires, product.id).toContain(product.permissionPrefix);
    }
  });

  it('gives every product the registered modules that answer its API prefixes', () => {
    for (const product of PRODUCTS) {
      const owners = product.modules.map((id) => {
        const module = apiModules.find((m) => m.id === id);
        expect(module, `${product.id}: module '${id}'`).toBeDefined();
        return module!;
      });
      expect(owners.length, `${product.id} names its modules`).toBeGreaterThan(0);
      for (const prefix of product.apiPrefixes) {
        expect(
          owners.some((m) => m.prefixes.includes(prefix)),
          `${product.id}: ${prefix}`,
        ).toBe(true);
      }
    }
  });

  it('has a product for every product backend a module answers under', () => {
    const backends = new Set(PRODUCTS.flatMap((p) => p.apiPrefixes).filter((prefix) => prefix.endsWith('-backend/')));
    for (const module of apiModules) {
      for (const prefix of module.prefixes.filter((p) => p.endsWith('-backend/')))
        expect(backends.has(prefix), `${module.id}: ${prefix}`).toBe(true);
    }
  });
});
