import type { PluginKind, PluginManifest, PluginRoute } from './PluginManifest';

/** A plugin route with its absolute wouter pattern. */
export interface ResolvedRoute {
  pluginId: string;
  pluginTitle: string;
  kind: PluginKind;
  /** Absolute wouter pattern, e.g. `/gluon/upload` or `/devices/:deviceId`. */
  path: string;
  layout: 'full' | 'bare';
  route: PluginRoute;
}

/** The base path every relative route of a plugin hangs under. */
export function pluginBasePath(id: string): string {
  return `/${id}`;
}

/** `''` -> `/{id}`, `upload` -> `/{id}/upload`, `/devices/:id` stays absolute. */
export function resolveRoutePath(pluginId: string, path: string): string {
  if (path.startsWith('/')) return trimTrailingSlash(path);
  const base = pluginBasePath(pluginId);
  return path === '' ? base : trimTrailingSlash(`${base}/${path}`);
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Public pages are bare (no signed-in top bar) unless they say otherwise. */
export function defaultLayout(kind: PluginKind): 'full' | 'bare' {
  return kind === 'public' ? 'bare' : 'full';
}

export function resolveRoutes(manifest: PluginManifest): ResolvedRoute[] {
  return manifest.routes.map((route) => ({
    pluginId: manifest.id,
    pluginTitle: manifest.title,
    kind: manifest.kind,
    path: resolveRoutePath(manifest.id, route.path),
    layout: route.layout ?? defaultLayout(manifest.kind),
    route,
  }));
}

/**
 * Two patterns collide when they match the same addresses: parameter names do not matter
 * (`/devices/:id` and `/devices/:deviceId` are the same route), letter case does not either.
 */
export function routeCollisionKey(path: string): string {
  return path
    .toLowerCase()
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? ':?' : ':') : segment))
    .join('/');
}
