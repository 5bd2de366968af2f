import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

import type { PluginManifest, PluginRoute } from '@core/plugin/PluginManifest';
import { resolveRoutes } from '@core/plugin/resolveRoutes';

type Loader = () => Promise<unknown>;

/** The table build.mjs writes into index.html: every file once, each route a list of indexes. */
interface RouteTable {
  files: string[];
  routes: Record<string, number[]>;
}

const routeOfLoader = new WeakMap<Loader, string>();

/** Remembers which route pattern each page loader belongs to (the host knows loaders, the build knows patterns). */
export function registerRouteLoaders(plugins: readonly PluginManifest[]): void {
  for (const plugin of plugins)
    for (const route of resolveRoutes(plugin)) routeOfLoader.set(route.route.page, route.path);
}

/**
 * The loader of the public, unguarded page at `path` (the first screen of a visit to /login,
 * /invite/…), or null. Its modules are announced in the document, so the host can wait for them
 * and render the page at once instead of a loading state first. Guarded and signed-in pages
 * are left to the router (it alone decides what the token permits).
 */
export function publicPageAt(plugins: readonly PluginManifest[], path: string): PluginRoute['page'] | null {
  for (const plugin of plugins) {
    if (plugin.kind !== 'public') continue;
    for (const route of resolveRoutes(plugin)) {
      if (!route.route.guard && matchRoute(parse, route.path, path)[0]) return route.route.page;
    }
  }
  return null;
}

function readTable(doc: Document): RouteTable | null {
  const text = doc.getElementById('route-modules')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RouteTable;
  } catch {
    return null;
  }
}

/**
 * Called when the host has decided to render a page (its guard and the token's permissions
 * passed): announces the page chunk's static imports with `<link rel="modulepreload">`, so they
 * are fetched together with the page chunk instead of after it has run. Public routes already
 * have their links in the document (the server adds them); links present are not added again.
 * The document's table lists public and shell routes only, never a product's chunks.
 */
export function preloadRouteModules(loader: Loader, doc: Document = document): void {
  const routePath = routeOfLoader.get(loader);
  if (!routePath) return;
  const table = readTable(doc);
  const indexes = table?.routes[routePath];
  if (!table || !indexes) return;
  const present = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  );
  for (const index of indexes) {
    const href = table.files[index];
    if (!href || present.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.appendChild(link);
    present.add(href);
  }
}
