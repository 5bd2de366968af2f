import { matchRoute, type Parser } from 'wouter';

import type { GuardContext, PluginManifest } from '@core/plugin/PluginManifest';
import type { RegistrySnapshot } from '@core/plugin/PluginRegistry';
import { pluginBasePath, type ResolvedRoute, resolveRoutes } from '@core/plugin/resolveRoutes';

import { landingTarget } from './landingTarget';

export const UPGRADE_PATTERN = '/upgrade/:product';

export type RouteDecision =
  | { kind: 'page'; route: ResolvedRoute; params: Record<string, string | undefined> }
  /** `unknown`: no route, product or upgrade page owns the path (the user is told, see HostShell). */
  | { kind: 'redirect'; to: string; unknown?: true }
  | { kind: 'upgrade'; product: PluginManifest }
  /** `''` has nowhere to go (no login page, or no product for this account): no redirect loop. */
  | { kind: 'nowhere' };

export interface RouteFacts {
  path: string;
  search: string;
  signedIn: boolean;
  perms: readonly string[];
  snapshot: RegistrySnapshot;
  known: readonly PluginManifest[];
  parser: Parser;
}

/** Static segments beat parameters, so `/devices/list` wins over `/devices/:id` whatever the order. */
function specificity(route: ResolvedRoute): number {
  return route.path.split('/').filter((segment) => segment.startsWith(':') || segment.includes('*')).length;
}

function match(parser: Parser, pattern: string, path: string) {
  const [matched, params] = matchRoute(parser, pattern, path);
  if (!matched) return null;
  // wouter also gives positional keys ('0', '1'); pages get the named ones, decoded: the path is
  // the address as typed (`/neutrino/campaigns/indicator/%2Fprivate%2F…`), a page wants the value.
  return Object.fromEntries(
    Object.entries(params ?? {})
      .filter(([key]) => !/^\d+$/.test(key))
      .map(([key, value]) => [key, value === undefined ? value : decodeParam(value)]),
  ) as Record<string, string | undefined>;
}

/** A path segment's value; a malformed escape (`%E0%A4%A`) stays as typed rather than breaking the route. */
function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** True when `path` lies in a plugin's URL space: its base `/{id}` or one of its absolute routes. */
function belongsTo(plugin: PluginManifest, path: string, parser: Parser): boolean {
  const base = pluginBasePath(plugin.id);
  if (path === base || path.startsWith(`${base}/`)) return true;
  return resolveRoutes(plugin).some((route) => match(parser, route.path, path) !== null);
}

/**
 * The one routing decision of the host, pure so every rule is table-testable:
 * registered routes (guard first, so a refused page never fetches its chunk), the landing
 * rule for `''`, `/upgrade/{product}` for known products the token does not permit, and
 * unknown paths back to `''`.
 */
export function decideRoute(facts: RouteFacts): RouteDecision {
  const { path, search, signedIn, perms, snapshot, known, parser } = facts;
  const routes = [...snapshot.routes].sort((a, b) => specificity(a) - specificity(b));
  for (const route of routes) {
    const params = match(parser, route.path, path);
    if (!params) continue;
    const context: GuardContext = { perms, signedIn, path, search };
    const verdict = route.route.guard ? route.route.guard(context) : true;
    if (verdict === null) continue;
    if (verdict !== true) return { kind: 'redirect', to: verdict };
    return { kind: 'page', route, params };
  }

  if (path === '/' || path === '') {
    const target = landingTarget(known, signedIn, perms);
    // '' must lead somewhere routable, or unknown -> '' -> target -> unknown would loop forever.
    const routable =
      target !== null &&
      (routes.some((route) => match(parser, route.path, target) !== null) ||
        (signedIn && known.some((plugin) => plugin.kind === 'product' && belongsTo(plugin, target, parser))));
    if (routable) return { kind: 'redirect', to: target };
    // Products without a declared landing still receive their users at their root.
    const first = signedIn
      ? snapshot.plugins.find((plugin) => plugin.kind === 'product' && plugin.routes.some((r) => r.path === ''))
      : undefined;
    return first ? { kind: 'redirect', to: pluginBasePath(first.id) } : { kind: 'nowhere' };
  }
  const registeredIds = new Set(snapshot.plugins.map((plugin) => plugin.id));
  const upgrade = match(parser, UPGRADE_PATTERN, path);
  if (upgrade) {
    const product = known.find((plugin) => plugin.kind === 'product' && plugin.id === upgrade.product);
    if (!product || !signedIn) return { kind: 'redirect', to: '/' };
    if (registeredIds.has(product.id)) return { kind: 'redirect', to: pluginBasePath(product.id) };
    return { kind: 'upgrade', product };
  }

  const owner = known.find(
    (plugin) => plugin.kind === 'product' && !registeredIds.has(plugin.id) && belongsTo(plugin, path, parser),
  );
  if (owner && signedIn) return { kind: 'redirect', to: `/upgrade/${owner.id}` };
  if (owner) {
    // A deep link opened while signed out (`/devices/123`) comes back after sign-in (spec §8's
    // returnUrl); the sign-in page judges it again before it navigates.
    const signIn = landingTarget(known, false, []);
    if (signIn) return { kind: 'redirect', to: `${signIn}?returnUrl=${encodeURIComponent(path + search)}` };
  }
  return { kind: 'redirect', to: '/', unknown: true };
}
